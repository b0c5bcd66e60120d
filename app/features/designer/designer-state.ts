import { truncateToGraphemes } from "~/domain/banner-text";
import type { CustomDesign, DesignBannerText, DesignElement } from "~/domain/custom-design";
import { type BannerPosition, designNotesMaxLength, type DesignSide, type GarmentSize, maxElementsPerSide, maxQuantityPerSize } from "~/domain/design-options";

/**
 * The designer's editing state: a pure reducer over the design JSON with undo/redo history. Every
 * change the shopper makes (options, banner texts and their style, images, quantities, notes) is
 * one action; undo and redo step through whole designs. Typing into one field (a banner text,
 * a quantity, the notes) coalesces into one history step until another field is touched.
 *
 * The working design may hold banner texts whose text is empty (the shopper picked a font or a
 * colour before typing); {@link designForSaving} leaves those out, since the schema refuses empty texts.
 */

export type TextStyle = Pick<DesignBannerText, "fontId" | "color" | "fontSize">;
export type ElementBox = Pick<DesignElement, "x" | "y" | "width" | "height" | "rotation">;

export type DesignerAction =
  | { type: "load"; design: CustomDesign }
  | { type: "choose-option"; attributeId: number; optionId: number }
  | { type: "set-text"; side: DesignSide; position: BannerPosition; text: string; maxLength: number; defaults: TextStyle }
  | { type: "set-text-style"; side: DesignSide; position: BannerPosition; style: Partial<TextStyle>; defaults: TextStyle }
  | { type: "add-element"; side: DesignSide; element: Omit<DesignElement, "z"> }
  | { type: "place-element"; side: DesignSide; id: string; box: ElementBox }
  | { type: "remove-element"; side: DesignSide; id: string }
  | { type: "move-layer"; side: DesignSide; id: string; direction: "up" | "down" }
  | { type: "toggle-lock"; side: DesignSide; id: string }
  | { type: "set-quantity"; size: GarmentSize; quantity: number }
  | { type: "set-notes"; notes: string }
  | { type: "undo" }
  | { type: "redo" };

export interface DesignerHistory {
  past: CustomDesign[];
  present: CustomDesign;
  future: CustomDesign[];
  /** The field the last change typed into; a change to the same field replaces it in history. */
  lastKey: string | null;
}

/** Steps kept for undo: plenty for a session, bounded in memory. */
export const historyLimit = 100;

export function initialHistory(design: CustomDesign): DesignerHistory {
  return { past: [], present: design, future: [], lastKey: null };
}

export function canUndo(history: DesignerHistory): boolean {
  return history.past.length > 0;
}

export function canRedo(history: DesignerHistory): boolean {
  return history.future.length > 0;
}

function withSide(
  design: CustomDesign,
  side: DesignSide,
  change: (value: CustomDesign["sides"][DesignSide]) => CustomDesign["sides"][DesignSide],
): CustomDesign {
  return { ...design, sides: { ...design.sides, [side]: change(design.sides[side]) } };
}

/** Elements in drawing order (the array order), with z renumbered 0, 1, 2… */
function renumber(elements: DesignElement[]): DesignElement[] {
  return elements.map((element, index) => (element.z === index ? element : { ...element, z: index }));
}

/** Elements sorted by z (ties keep the array's order), as the schema defines stacking. */
export function elementsInOrder(elements: readonly DesignElement[]): DesignElement[] {
  return elements
    .map((element, index) => ({ element, index }))
    .sort((a, b) => a.element.z - b.element.z || a.index - b.index)
    .map(({ element }) => element);
}

function upsertText(texts: DesignBannerText[], position: BannerPosition, defaults: TextStyle, change: (text: DesignBannerText) => DesignBannerText) {
  const existing = texts.find((text) => text.position === position);
  const next = change(existing ?? { position, text: "", ...defaults });
  return existing ? texts.map((text) => (text === existing ? next : text)) : [...texts, next];
}

function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(maxQuantityPerSize, Math.max(0, Math.trunc(value)));
}

/** The design after one editing action (no history): pure, returns the same object when nothing changes. */
export function applyChange(design: CustomDesign, action: Exclude<DesignerAction, { type: "load" | "undo" | "redo" }>): CustomDesign {
  switch (action.type) {
    case "choose-option": {
      const others = design.options.filter((choice) => choice.attributeId !== action.attributeId);
      const current = design.options.find((choice) => choice.attributeId === action.attributeId);
      if (current?.optionId === action.optionId) return design;
      return { ...design, options: [...others, { attributeId: action.attributeId, optionId: action.optionId }].sort((a, b) => a.attributeId - b.attributeId) };
    }
    case "set-text": {
      const text = truncateToGraphemes(action.text.replace(/[\r\n\t]/g, " "), action.maxLength);
      return withSide(design, action.side, (side) => ({
        ...side,
        texts: upsertText(side.texts, action.position, action.defaults, (current) => ({ ...current, text })),
      }));
    }
    case "set-text-style":
      return withSide(design, action.side, (side) => ({
        ...side,
        texts: upsertText(side.texts, action.position, action.defaults, (current) => ({ ...current, ...action.style })),
      }));
    case "add-element": {
      const side = design.sides[action.side];
      if (side.elements.length >= maxElementsPerSide || side.elements.some((element) => element.id === action.element.id)) return design;
      return withSide(design, action.side, (value) => ({ ...value, elements: renumber([...elementsInOrder(value.elements), { ...action.element, z: 0 }]) }));
    }
    case "place-element": {
      const target = design.sides[action.side].elements.find((element) => element.id === action.id);
      if (!target || target.locked) return design;
      const { x, y, width, height, rotation } = action.box;
      if (target.x === x && target.y === y && target.width === width && target.height === height && target.rotation === rotation) return design;
      return withSide(design, action.side, (side) => ({
        ...side,
        elements: side.elements.map((element) => (element === target ? { ...element, x, y, width, height, rotation } : element)),
      }));
    }
    case "remove-element": {
      if (!design.sides[action.side].elements.some((element) => element.id === action.id)) return design;
      return withSide(design, action.side, (side) => ({
        ...side,
        elements: renumber(elementsInOrder(side.elements).filter((element) => element.id !== action.id)),
      }));
    }
    case "move-layer": {
      const ordered = elementsInOrder(design.sides[action.side].elements);
      const index = ordered.findIndex((element) => element.id === action.id);
      const swapWith = action.direction === "up" ? index + 1 : index - 1;
      if (index < 0 || swapWith < 0 || swapWith >= ordered.length) return design;
      [ordered[index], ordered[swapWith]] = [ordered[swapWith]!, ordered[index]!];
      return withSide(design, action.side, (side) => ({ ...side, elements: renumber(ordered) }));
    }
    case "toggle-lock":
      return withSide(design, action.side, (side) => ({
        ...side,
        elements: side.elements.map((element) => (element.id === action.id ? { ...element, locked: !element.locked } : element)),
      }));
    case "set-quantity": {
      const quantity = clampQuantity(action.quantity);
      if (design.quantities[action.size] === quantity) return design;
      return { ...design, quantities: { ...design.quantities, [action.size]: quantity } };
    }
    case "set-notes": {
      const notes = truncateToGraphemes(action.notes, designNotesMaxLength);
      return notes === design.notes ? design : { ...design, notes };
    }
  }
}

/** Typing into the same field again coalesces into one undo step. */
function coalesceKey(action: DesignerAction): string | null {
  switch (action.type) {
    case "set-text":
      return `text:${action.side}:${action.position}`;
    case "set-quantity":
      return `quantity:${action.size}`;
    case "set-notes":
      return "notes";
    default:
      return null;
  }
}

export function designerReducer(history: DesignerHistory, action: DesignerAction): DesignerHistory {
  switch (action.type) {
    case "load":
      return initialHistory(action.design);
    case "undo": {
      const previous = history.past[history.past.length - 1];
      if (!previous) return history;
      return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future], lastKey: null };
    }
    case "redo": {
      const [next, ...rest] = history.future;
      if (!next) return history;
      return { past: [...history.past, history.present], present: next, future: rest, lastKey: null };
    }
    default: {
      const present = applyChange(history.present, action);
      if (present === history.present) return history;
      const key = coalesceKey(action);
      if (key !== null && key === history.lastKey) return { ...history, present, future: [], lastKey: key };
      return { past: [...history.past, history.present].slice(-historyLimit), present, future: [], lastKey: key };
    }
  }
}

/** The design as saved and checked: banner texts left empty are not part of it. */
export function designForSaving(design: CustomDesign): CustomDesign {
  const side = (value: CustomDesign["sides"][DesignSide]) => ({ ...value, texts: value.texts.filter((text) => text.text.trim() !== "") });
  return { ...design, sides: { front: side(design.sides.front), back: side(design.sides.back) } };
}
