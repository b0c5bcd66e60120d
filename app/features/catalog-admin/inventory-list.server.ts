import { listInventory } from "./inventory.server";
import { inventoryListColumns, inventoryListDefinition } from "./inventory-list";

/** The inventory list as its page's loader and its CSV route hand it to the list kit (app/features/backoffice/list-page.server.ts). */
export const inventoryList = {
  definition: inventoryListDefinition,
  fetch: listInventory,
  csv: { namespace: "inventory", columns: inventoryListColumns, filename: "inventory" },
} as const;
