import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

import { eq, getTableName, is, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import ts from "typescript";
import { describe, expect, it } from "vitest";

import { outerColumn } from "./outer-column";
import * as schema from "./schema";
import { orderLines, orders } from "./schema";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Schema export name → SQL table name ("orderLines" → "order_lines"). */
const tables = new Map<string, string>(
  Object.entries(schema).flatMap(([name, value]) => (is(value, SQLiteTable) ? [[name, getTableName(value)] as [string, string]] : [])),
);

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  expression: string;
}

/**
 * Every `${table.column}` inside a parenthesised `(SELECT …)` of a `sql` template whose table is
 * not one the template itself selects FROM or JOINs: a column of the outer query, written bare in a
 * one-table select (see outerColumn). Schema tables only; `${value.field}` of plain data is a bound
 * parameter and harmless.
 */
const notAliases = new Set([
  "where",
  "on",
  "using",
  "join",
  "inner",
  "left",
  "cross",
  "natural",
  "group",
  "order",
  "limit",
  "union",
  "except",
  "intersect",
  "window",
]);

/** Whether the text after a table name gives it an alias (`AS note`, or a bare `note`). */
function aliased(after: string): boolean {
  const match = /^\s+(as\s+)?([a-z_][a-z0-9_]*)/i.exec(after);
  return match !== null && (match[1] !== undefined || !notAliases.has(match[2]!.toLowerCase()));
}

export function unqualifiedOuterColumns(fileName: string, text: string): Finding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === "sql" && ts.isTemplateExpression(node.template)) {
      const template = node.template;
      const pieces = [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
      const inner = new Set<string>();
      // Tables the template reads: `FROM ${table}`, `JOIN ${table}`, or written out (`FROM order_lines`).
      // An aliased one (`FROM invoices AS note`, a self-join) does not count: inside it the bare
      // `${invoices.id}` is the alias's column, so a column of that table there is the outer row's.
      template.templateSpans.forEach((span, index) => {
        if (/\b(from|join)\s*$/i.test(pieces[index]!) && ts.isIdentifier(span.expression) && !aliased(pieces[index + 1]!)) {
          const table = tables.get(span.expression.text);
          if (table) inner.add(table);
        }
      });
      for (const piece of pieces) {
        for (const match of piece.matchAll(/\b(?:from|join)\s+([a-z_][a-z0-9_]*)/gi)) {
          if (!aliased(piece.slice(match.index + match[0].length))) inner.add(match[1]!.toLowerCase());
        }
      }
      // Walk the text keeping a stack of open parentheses, marking those that open a SELECT.
      const stack: boolean[] = [];
      template.templateSpans.forEach((span, index) => {
        const piece = pieces[index]!;
        for (let at = 0; at < piece.length; at++) {
          if (piece[at] === "(") stack.push(/^\(\s*select\b/i.test(piece.slice(at)));
          else if (piece[at] === ")") stack.pop();
        }
        const expression = span.expression;
        if (!stack.includes(true) || !ts.isPropertyAccessExpression(expression) || !ts.isIdentifier(expression.expression)) return;
        const table = tables.get(expression.expression.text);
        if (table && !inner.has(table)) {
          findings.push({
            file: relative(root, fileName),
            line: source.getLineAndCharacterOfPosition(expression.getStart(source)).line + 1,
            expression: expression.getText(source),
          });
        }
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return findings;
}

describe("outerColumn", () => {
  // A D1 binding is only touched when a query runs; rendering needs none.
  const db = drizzle({} as D1Database);

  it("renders the outer column qualified inside a one-table select", () => {
    const query = db
      .select({
        bare: sql<number>`(SELECT count(*) FROM ${orderLines} WHERE ${orderLines.orderId} = ${orders.id})`,
        qualified: sql<number>`(SELECT count(*) FROM ${orderLines} WHERE ${orderLines.orderId} = ${outerColumn(orders.id)})`,
      })
      .from(orders)
      .where(eq(orders.id, 1))
      .toSQL();
    // The trap this helper exists for: Drizzle writes the outer column bare.
    expect(query.sql).toContain(`"order_id" = "id")`);
    expect(query.sql).toContain(`"order_id" = "orders"."id")`);
  });
});

describe("correlated subqueries name their outer table (DESIGN §4.13)", () => {
  it("flags a bare outer column in a subquery and passes the qualified ones", () => {
    const sample = [
      "const a = sql`coalesce((SELECT sum(quantity) FROM order_lines WHERE order_id = ${orders.id}), 0)`;",
      "const b = sql`(SELECT count(*) FROM ${collectionProducts} WHERE ${collectionProducts.collectionId} = ${collections.id})`;",
      "const c = sql`(SELECT count(*) FROM ${orderLines} WHERE ${orderLines.orderId} = ${outerColumn(orders.id)})`;",
      "const d = sql`${orders.id} = (SELECT order_id FROM order_lines WHERE custom_design_id = ${designId})`;",
      "const e = sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.productId} = ${products.id})`;",
      "const f = sql`(SELECT 1 FROM ${record} WHERE ${record.id} = ${discount.codeId})`;",
      // A self-join: the aliased inner copy does not make the outer table's column its own.
      "const g = sql`(SELECT original.number FROM invoices AS original WHERE original.id = ${invoices.originalInvoiceId})`;",
      "const h = sql`(SELECT sum(note.total) FROM ${invoices} note WHERE note.original_invoice_id = ${invoices.id})`;",
      "const i = sql`(SELECT count(*) FROM invoices WHERE kind = 'credit_note' AND ${invoices.orderId} = 1)`;",
    ].join("\n");
    expect(unqualifiedOuterColumns(join(root, "sample.server.ts"), sample).map((finding) => finding.expression)).toEqual([
      "orders.id",
      "collections.id",
      "products.id",
      "invoices.originalInvoiceId",
      "invoices.id",
    ]);
  });

  it("no source file in app/ or workers/ has one", { timeout: 60_000 }, () => {
    const findings = [...sourceFiles(join(root, "app")), ...sourceFiles(join(root, "workers"))].flatMap((file) =>
      unqualifiedOuterColumns(file, readFileSync(file, "utf8")),
    );
    expect(findings.map((finding) => `${finding.file}:${finding.line} ${finding.expression}`)).toEqual([]);
  });
});
