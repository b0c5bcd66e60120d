import { asc, eq } from "drizzle-orm";

import { database } from "~/db/client";
import { attributeDisplayTypes } from "~/db/schema/catalog";
import { carriers } from "~/db/schema/orders";
import { displayTypeChoices, type DisplayTypeRow } from "~/domain/display-types";

/**
 * Reference lists of the JSON API that no page reads on its own (docs/decisions/0016-json-api.md).
 * The rules stay in app/domain: display types go through `displayTypeChoices`, the same function
 * the back-office attribute form uses.
 */
export async function listDisplayTypeChoices(d1: D1Database): Promise<DisplayTypeRow[]> {
  const rows = await database(d1).select({ id: attributeDisplayTypes.id, name: attributeDisplayTypes.name }).from(attributeDisplayTypes);
  return displayTypeChoices(rows);
}

/** Carriers staff may choose when shipping (active ones, in the order the back office lists them). */
export async function listActiveCarriers(d1: D1Database) {
  return database(d1)
    .select({ id: carriers.id, code: carriers.code, nameEn: carriers.nameEn, nameTh: carriers.nameTh, trackingUrlTemplate: carriers.trackingUrlTemplate })
    .from(carriers)
    .where(eq(carriers.isActive, true))
    .orderBy(asc(carriers.sortOrder), asc(carriers.id));
}
