import { getCloudflare } from "~/cloudflare";
import { toCsv } from "~/domain/inventory-csv";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { exportInventoryRows } from "~/features/catalog-admin/inventory.server";
import { localeFromPathname } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import type { Route } from "./+types/inventory-export";

/**
 * GET /backend/products/inventory/export.csv: every variant's stock as CSV (UTF-8 with a BOM so
 * Excel shows Thai; CR LF). The columns read straight back into the import (sku … stock). A
 * resource route below the back-office layout: the layout's middleware guards it like the pages
 * (tests/integration/backend-inventory.spec.ts checks it), and the loader asks again so the file
 * never leaves without a staff check even if the route is moved.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = localeFromPathname(new URL(args.request.url).pathname);
  const rows = await exportInventoryRows(env.DB);
  const csv = toCsv([
    ["sku", "product name en", "product name th", "options", "stock"],
    ...rows.map((row) => [row.sku, row.productNameEn, row.productNameTh, localized(row, "options", locale), row.stock]),
  ]);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="inventory-${day}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
