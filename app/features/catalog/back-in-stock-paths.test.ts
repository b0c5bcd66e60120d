import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

import { describe, expect, it } from "vitest";

/**
 * Issue 20: every path that can raise a variant's stock must append the back-in-stock statements
 * (app/features/catalog/back-in-stock.server.ts) to the batch that writes the stock, or shoppers
 * waiting for it are never told. This scans the app for stock writes that are not plain decrements
 * and names the files that make them: a new one fails here until it appends the statements and is
 * added to the list (its integration test lives in tests/integration/back-in-stock.spec.ts).
 */
const stockRaisingFiles = [
  // Inventory page adjustments and the CSV import (changeStatements).
  "features/catalog-admin/inventory.server.ts",
  // The product form: stock figures, new variants, re-activated variants, publishing.
  "features/catalog-admin/products-admin.server.ts",
  // Cancelling or refunding an order (staff, the shopper, the unpaid-order cron): restockStatements.
  "features/orders/order-status.server.ts",
  // An exchange rejected (reserved units released) and a returned item restocked: movementStatements.
  "features/exchanges/exchanges.server.ts",
];

const appDirectory = join(__dirname, "..", "..");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Writes of variants.stock that are not `stock - n`: raw SQL, Drizzle updates and new variants. */
function writesStockUpward(text: string): boolean {
  const sqlWrites = [...text.matchAll(/UPDATE variants SET stock\s*=\s*([^,]+)/gi)].some((match) => !/^stock\s*-/.test(match[1]!.trim()));
  const drizzleWrites = [...text.matchAll(/\.update\(variants\)([\s\S]*?)\.where\(/g)].some((match) => {
    const set = match[1]!;
    return /\bstock\b/.test(set) && !/stock:\s*sql`\$\{variants\.stock\}\s*-/.test(set);
  });
  return sqlWrites || drizzleWrites || /\.insert\(variants\)/.test(text);
}

describe("back-in-stock on every stock-raising path", () => {
  const files = sourceFiles(appDirectory).filter((path) => !path.includes(`${join("db", "seed")}`));
  const raising = files.filter((path) => writesStockUpward(readFileSync(path, "utf8"))).map((path) => relative(appDirectory, path).split("\\").join("/"));

  it("should find exactly the known stock-raising modules", () => {
    expect(raising.sort()).toEqual([...stockRaisingFiles].sort());
  });

  it.each(stockRaisingFiles)("given %s, should append the back-in-stock statements", (file) => {
    expect(readFileSync(join(appDirectory, file), "utf8")).toMatch(/backInStock(Statements|Sql)\(/);
  });
});
