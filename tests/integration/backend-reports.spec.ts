import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { formatSatang } from "~/domain/money";
import { orderStatusId } from "~/domain/order-status";
import { addDays, bangkokDayOf, dayRangeMs } from "~/domain/report-period";
import { rebuildReportSummary } from "~/features/reports/report-summary.server";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { insertOrder, variantWithStock } from "./orders-helpers";
import { get } from "./worker";

/**
 * The reports of issue 18 built on the report kit (app/features/reports/report-page.server.ts): the
 * sponsor report and the output tax report. Each report's totals equal a direct SQL sum over the
 * same rows; its CSV starts with a BOM, quotes what needs quoting and keeps Thai intact; odd URL
 * values fall back to defaults; the answer says how many rows D1 read (Server-Timing). And the
 * dashboard's charts: sales per day, top products, payments waiting for approval. (Who may open the
 * reports: backend-permissions.spec.ts.)
 */
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});
const admin = () => cookies["staff-1"];

/** RFC 4180 reader (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index += 1;
    } else cell += char;
  }
  return rows;
}

async function csvOf(path: string) {
  const response = await get(path, admin());
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  // Response.text() would drop the BOM: read the bytes.
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { text, rows: parseCsv(text.replace(/^\uFEFF/, "")), response };
}

const rowCount = (page: string, rowTestId: string) => page.split(`data-testid="${rowTestId}"`).length - 1;

describe("the sponsor report", () => {
  it("given sponsor orders in and out of the period and status, should total exactly what SQL sums, in the page and the CSV", async () => {
    const now = Date.now();
    const today = bangkokDayOf(now);
    const label = crypto.randomUUID().slice(0, 6);
    const sponsor = await env.DB.prepare("INSERT INTO sponsors (name_en, name_th, created_at, updated_at) VALUES (?1, ?2, ?3, ?3) RETURNING id")
      .bind(`Club "Runners", ${label}`, `ชมรม "นักวิ่ง", ${label}`, now)
      .first<{ id: number }>();
    const variant = await variantWithStock(100);
    const orders = [
      { statusId: orderStatusId.paid, quantity: 2, createdAt: now },
      { statusId: orderStatusId.completed, quantity: 3, createdAt: now - 1000 },
      { statusId: orderStatusId.awaiting_fulfilment, quantity: 1, createdAt: now - 2000 },
      { statusId: orderStatusId.cancelled, quantity: 5, createdAt: now }, // not a sale
      { statusId: orderStatusId.waiting_payment, quantity: 4, createdAt: now }, // no money yet
      { statusId: orderStatusId.paid, quantity: 6, createdAt: now - 400 * 86_400_000 }, // long before the period
    ];
    for (const order of orders) {
      const made = await insertOrder({ ...order, variantId: variant.id, productId: variant.productId });
      await env.DB.prepare("INSERT INTO sponsor_orders (sponsor_id, order_id, created_at) VALUES (?1, ?2, ?3)").bind(sponsor!.id, made.id, now).run();
    }
    // Written straight into the tables (not through the shop's functions): the report's summary is rebuilt from them.
    await rebuildReportSummary(env.DB);
    const { startMs, endMs } = dayRangeMs(today, today);
    const expected = await env.DB.prepare(
      `SELECT count(*) AS orders, sum(o.total_satang) AS value, sum((SELECT sum(quantity) FROM order_lines WHERE order_id = o.id)) AS quantity
         FROM sponsor_orders AS so JOIN orders AS o ON o.id = so.order_id
        WHERE so.sponsor_id = ?1 AND o.status_id IN (2, 3, 4, 5, 7) AND coalesce(o.paid_at, o.created_at) >= ?2 AND coalesce(o.paid_at, o.created_at) < ?3`,
    )
      .bind(sponsor!.id, startMs, endMs)
      .first<{ orders: number; value: number; quantity: number }>();
    expect(expected).toMatchObject({ orders: 3, quantity: 6 });

    const query = `from=${today}&to=${today}&sponsor=${sponsor!.id}`;
    const response = await get(`/backend/reports/sponsor?${query}`, admin());
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toMatch(/^db;dur=[\d.]+;desc="\d+ round trips?, \d+ rows? read"$/);
    const page = await html(response);
    expect(rowCount(page, "sponsor-report-row")).toBe(1);
    expect(page).toContain('data-testid="sponsor-report-chart"');
    expect(page).toMatch(/data-testid="sponsor-report-totals"/);
    expect(page).toMatch(new RegExp(`data-testid="total-orders">${expected!.orders}<`));

    // A range of whole months (the monthly summary rows) and this month's days, by month and by week: the same totals.
    const since = `${addDays(`${today.slice(0, 7)}-01`, -45).slice(0, 7)}-01`;
    for (const group of ["month", "week"]) {
      const wide = await get(`/backend/reports/sponsor?from=${since}&to=${today}&sponsor=${sponsor!.id}&group=${group}`, admin());
      expect(wide.headers.get("server-timing"), group).toMatch(/rows read/);
      expect(await html(wide), group).toMatch(new RegExp(`data-testid="total-orders">${expected!.orders}<`));
    }

    // Thai headers and names survive the file: BOM, quoted cells with commas and quotes.
    const { text, rows, response: file } = await csvOf(`/th/backend/reports/sponsor/export.csv?${query}`);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="sponsor-report-${today}_${today}.csv"`);
    expect(rows[0]).toEqual(["ผู้สนับสนุนหรือตัวแทนจำหน่าย", "ประเภท", "คำสั่งซื้อ", "จำนวนชิ้น", "มูลค่า"]);
    expect(rows[1]).toEqual([`ชมรม "นักวิ่ง", ${label}`, "ผู้สนับสนุน", String(expected!.orders), String(expected!.quantity), (expected!.value / 100).toFixed(2)]);
    expect(text).toContain(`"ชมรม ""นักวิ่ง"", ${label}"`);
    expect(rows.at(-1)).toEqual(["รวม", "", String(expected!.orders), String(expected!.quantity), (expected!.value / 100).toFixed(2)]);

    // The print view: the same rows without the frame or the form.
    const print = await html(await get(`/backend/reports/sponsor?${query}&print=1`, admin()));
    expect(print).toContain('data-testid="sponsor-report-print"');
    expect(print).not.toContain('data-testid="report-filters"');
    expect(rowCount(print, "sponsor-report-row")).toBe(1);
  });

  it("given odd filters in the URL, should show the default period instead of failing", async () => {
    for (const query of ["from=2026-02-30&to=nope&group=year&kind=x&sponsor=-1", "from=2031-05-09&to=2030-01-01", "sponsor=abc&from=1999-01-01"]) {
      const response = await get(`/backend/reports/sponsor?${query}`, admin());
      expect(response.status, query).toBe(200);
    }
    // A reversed range is turned round; a long one is cut to two years.
    const reversed = await html(await get("/backend/reports/sponsor?from=2031-05-09&to=2031-05-01", admin()));
    expect(reversed).toContain('value="2031-05-01"');
    expect(reversed).toContain('value="2031-05-09"');
  });
});

describe("the output tax report", () => {
  const month = "2031-03";
  const at = (day: number) => Date.parse(`${month}-${String(day).padStart(2, "0")}T05:00:00Z`);
  let sequence = 900_000 + Math.floor(Math.random() * 90_000);

  async function insertDocument(fields: {
    kind: string;
    orderId: number;
    subtotal: number;
    vat: number;
    issuedAt: number;
    buyer?: string;
    taxId?: string | null;
    branch?: string | null;
    voided?: boolean;
    originalId?: number;
  }) {
    sequence += 1;
    const credit = fields.kind === "credit_note";
    return (await env.DB.prepare(
      `INSERT INTO invoices (order_id, kind, number, sequence_year, sequence_number, billing_name, billing_tax_id, billing_branch, subtotal_satang, vat_satang, total_satang,
                             vat_percent, issued_at, voided_at, void_reason, original_invoice_id, credit_note_cause, original_value_satang, correct_value_satang)
       VALUES (?1, ?2, ?3, 2031, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 7, ?11, ?12, ?13, ?14, ?15, ?16, ?17) RETURNING id`,
    )
      .bind(
        fields.orderId,
        fields.kind,
        `T${credit ? "CN" : "IV"}-2574-${sequence}`,
        sequence,
        fields.buyer ?? "",
        fields.taxId ?? null,
        fields.branch ?? null,
        fields.subtotal,
        fields.vat,
        fields.subtotal + fields.vat,
        fields.issuedAt,
        fields.voided ? fields.issuedAt + 1 : null,
        fields.voided ? "wrong buyer" : null,
        credit ? fields.originalId! : null,
        credit ? "refund" : null,
        credit ? 50_000 : null,
        credit ? 50_000 - fields.subtotal : null,
      )
      .first<{ id: number }>())!.id;
  }

  it("given live, voided and credit-note documents, should list them in the month with credit notes negative and voided at zero, totals as SQL sums", async () => {
    const variant = await variantWithStock(100);
    const order = async () => (await insertOrder({ statusId: orderStatusId.completed, variantId: variant.id, productId: variant.productId })).id;
    const buyer = "บริษัท ทีมกีฬา, จำกัด";
    const invoice = await insertDocument({
      kind: "tax_invoice_receipt",
      orderId: await order(),
      subtotal: 10_000,
      vat: 700,
      issuedAt: at(3),
      buyer,
      taxId: "0105555012345",
      branch: "00000",
    });
    await insertDocument({ kind: "abbreviated_tax_invoice", orderId: await order(), subtotal: 20_000, vat: 1_400, issuedAt: at(5) });
    await insertDocument({ kind: "tax_invoice", orderId: await order(), subtotal: 5_000, vat: 350, issuedAt: at(6), buyer: "Void Co", voided: true });
    await insertDocument({
      kind: "credit_note",
      orderId: await order(),
      subtotal: 1_000,
      vat: 70,
      issuedAt: at(20),
      buyer,
      taxId: "0105555012345",
      branch: "00012",
      originalId: invoice,
    });
    await insertDocument({ kind: "tax_invoice_receipt", orderId: await order(), subtotal: 99_000, vat: 6_930, issuedAt: Date.parse("2031-04-01T00:00:00Z") }); // April in Bangkok

    const { startMs, endMs } = dayRangeMs(`${month}-01`, `${month}-31`);
    const expected = await env.DB.prepare(
      `SELECT count(*) AS documents,
              sum(CASE WHEN voided_at IS NOT NULL THEN 0 WHEN kind = 'credit_note' THEN -subtotal_satang ELSE subtotal_satang END) AS value,
              sum(CASE WHEN voided_at IS NOT NULL THEN 0 WHEN kind = 'credit_note' THEN -vat_satang ELSE vat_satang END) AS vat
         FROM invoices WHERE issued_at >= ?1 AND issued_at < ?2`,
    )
      .bind(startMs, endMs)
      .first<{ documents: number; value: number; vat: number }>();
    expect(expected).toEqual({ documents: 4, value: 29_000, vat: 2_030 });

    const response = await get(`/backend/reports/output-tax?month=${month}`, admin());
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toMatch(/rows read/);
    const page = await html(response);
    expect(rowCount(page, "output-tax-row")).toBe(4);
    expect(rowCount(page, "void")).toBe(1);

    const { text, rows } = await csvOf(`/th/backend/reports/output-tax/export.csv?month=${month}`);
    expect(text.startsWith("\uFEFF")).toBe(true);
    // The Revenue Department's order: date, number, buyer, buyer's tax id, branch, (note), value, VAT.
    expect(rows[0]).toEqual([
      "วัน เดือน ปี",
      "เลขที่ใบกำกับภาษี",
      "ชื่อผู้ซื้อสินค้า/ผู้รับบริการ",
      "เลขประจำตัวผู้เสียภาษีของผู้ซื้อ",
      "สำนักงานใหญ่ / สาขา",
      "หมายเหตุ",
      "มูลค่าสินค้าหรือบริการ",
      "จำนวนเงินภาษีมูลค่าเพิ่ม",
    ]);
    const body = rows.slice(1, -1);
    expect(body.map((row) => [row[0], row[2], row[3], row[4], row[5], row[6], row[7]])).toEqual([
      ["2031-03-03", buyer, "0105555012345", "สำนักงานใหญ่", "", "100.00", "7.00"],
      ["2031-03-05", "ขายปลีก", "", "", "", "200.00", "14.00"],
      ["2031-03-06", "Void Co", "", "", "ยกเลิก", "0.00", "0.00"],
      ["2031-03-20", buyer, "0105555012345", "สาขาที่ 00012", "ใบลดหนี้", "-10.00", "-0.70"],
    ]);
    expect(text).toContain(`"${buyer}"`);
    expect(rows.at(-1)).toEqual(["รวม", "", "", "", "", "", (expected!.value / 100).toFixed(2), (expected!.vat / 100).toFixed(2)]);
  });

  it("given the Thai print view, should name the seller and the month in the Buddhist era, on A4 landscape", async () => {
    const print = await html(await get(`/th/backend/reports/output-tax?month=${month}&print=1`, admin()));
    expect(print).toContain('data-testid="output-tax-print"');
    expect(print).toContain("report-landscape");
    expect(print).toContain('data-testid="output-tax-seller"');
    expect(print).toContain("มีนาคม 2574");
    expect(print).not.toContain('data-testid="backend-top-bar"');
  });

  it("given an odd month, should show this month", async () => {
    const response = await get("/backend/reports/output-tax?month=2031-13", admin());
    expect(response.status).toBe(200);
    expect(await html(response)).toContain(`value="${bangkokDayOf(Date.now()).slice(0, 7)}"`);
  });
});

describe("the dashboard's charts", () => {
  it("given sales today and a slip waiting, should chart today's sales as SQL sums them, rank the product and list the payment", async () => {
    const variant = await variantWithStock(100);
    const now = Date.now();
    await insertOrder({ statusId: orderStatusId.paid, variantId: variant.id, productId: variant.productId, quantity: 40, createdAt: now });
    const waiting = await insertOrder({ statusId: orderStatusId.slip_review, variantId: variant.id, productId: variant.productId, createdAt: now });
    const today = bangkokDayOf(now);
    const { startMs, endMs } = dayRangeMs(today, today);
    await rebuildReportSummary(env.DB);
    // The day's sales as the order report counts them: sold orders on the day they were placed.
    const sales = await env.DB.prepare(
      "SELECT coalesce(sum(total_satang), 0) AS total FROM orders WHERE status_id IN (2, 3, 4, 5, 7) AND created_at >= ?1 AND created_at < ?2",
    )
      .bind(startMs, endMs)
      .first<{ total: number }>();
    const slips = await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE status_id = 10").first<{ n: number }>();

    const response = await get("/backend/dashboard", admin());
    expect(response.headers.get("server-timing")).toMatch(/rows read/);
    const page = await html(response);
    expect(page).toContain('data-testid="sales-chart"');
    const todayRow = new RegExp(`data-testid="sales-day" data-day="${today}">.*?</tr>`).exec(page)![0];
    expect(todayRow).toContain(formatSatang(sales!.total, "THB", { USD: 1, EUR: 1, GBP: 1, JPY: 1, CNY: 1 }, "en-GB"));
    expect(rowCount(page, "sales-day")).toBe(30);
    expect(page).toMatch(new RegExp(`data-testid="top-product".*?products/all-product/form/${variant.productId}"`));
    expect(page).toContain(`/backend/orders/fulfillment/${waiting.id}"`);
    // Figures filtered by a query still link (the permission is the list's path).
    expect(page).toContain(`href="/backend/orders/fulfillment?status=${orderStatusId.paid}"`);
    expect(page).toContain('href="/backend/products/inventory?stock=low"');
    expect(page).toMatch(new RegExp(`data-testid="waiting-payments-count">.*?\\(${slips!.n}\\)<`));
  });
});
