import { inventoryListColumns, inventoryListDefinition } from "./inventory-list";
import { listInventory } from "./inventory.server";

/** The inventory list as its page's loader and its CSV route hand it to the list kit (app/features/backoffice/list-page.server.ts). */
export const inventoryList = {
  definition: inventoryListDefinition,
  fetch: listInventory,
  csv: { namespace: "inventory", columns: inventoryListColumns, filename: "inventory" },
} as const;
