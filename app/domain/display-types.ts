/**
 * Attribute display types (how a shopper picks an attribute's options). Spec §7
 * (`/api/product_type_attribute/display_type`): the choices offered to staff drop display type 1
 * (hidden) and call type 3 "color / Image". The back-office attribute form and the JSON API both
 * list choices through `displayTypeChoices`, so the rule lives in one place.
 */
export const attributeDisplayTypeIds = { hidden: 1, buttons: 2, colourOrImage: 3, dropdown: 4 } as const;
export const hiddenDisplayTypeId = attributeDisplayTypeIds.hidden;
export const colourOrImageDisplayTypeId = attributeDisplayTypeIds.colourOrImage;
export const colourOrImageDisplayTypeName = "color / Image";

export interface DisplayTypeRow {
  id: number;
  name: string;
}

/** The display types staff may choose, in id order: without id 1, with id 3 renamed. */
export function displayTypeChoices(rows: readonly DisplayTypeRow[]): DisplayTypeRow[] {
  return rows
    .filter((row) => row.id !== hiddenDisplayTypeId)
    .map((row) => (row.id === colourOrImageDisplayTypeId ? { id: row.id, name: colourOrImageDisplayTypeName } : { id: row.id, name: row.name }))
    .sort((a, b) => a.id - b.id);
}

/** Whether an attribute may be saved with this display type (one of the choices). */
export function isChoosableDisplayType(rows: readonly DisplayTypeRow[], id: number): boolean {
  return displayTypeChoices(rows).some((row) => row.id === id);
}
