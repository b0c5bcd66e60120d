import { keyInPosOrderForDemoCustomer } from "./pos-order";
import { signInAsAdmin } from "./staff-session";
import { expect, type Page, test } from "./test";

/**
 * Reports end to end (issue 18; the order and stock reports are tested with their data layer): staff
 * key in a sponsor's POS order and see it in the sponsor report (filtered by the sponsor, its CSV with
 * a BOM, the print view), issue its tax invoice and see it in the month's output tax report (Thai: the
 * month in the Buddhist era, the seller on the print view), and see the sale on the dashboard's chart
 * and its product among the top products. Then every report page on a phone and a desktop screen.
 */
const bangkokMonth = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 7);

async function issueInvoice(page: Page, prefix: string, orderNumber: string): Promise<string> {
  await page.goto(`${prefix}/backend/bill/invoices/form`);
  await page.locator('input[name="orderNumber"]').fill(orderNumber);
  await page.getByTestId("find-order-submit").click();
  await expect(page.getByTestId("issue-document")).toBeVisible();
  await page.locator('input[name="buyerName"]').fill("ทีมฟุตบอล, จำกัด");
  await page.locator('textarea[name="buyerAddress"]').fill("1 Silom Rd, Bangrak, Bangkok 10500");
  await page.locator('input[name="buyerTaxId"]').fill("0105536000313");
  await page.getByTestId("issue-submit").click();
  await expect(page).toHaveURL(/\/backend\/bill\/invoices\/form\/\d+$/);
  return (await page.getByTestId("document-number").textContent())!.trim();
}

async function csvBytes(page: Page, href: string) {
  const response = await page.request.get(href);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  return response.body();
}

for (const prefix of ["", "/th"] as const) {
  test(
    `a sponsor's order shows in the sponsor report, its invoice in the output tax report, the sale on the dashboard (${prefix || "/en"})`,
    { tag: "@desktop" },
    async ({ page }, testInfo) => {
      // A journey through four back-office areas on a shared machine: more than the default 30 s.
      test.slow();
      await signInAsAdmin(page, prefix);
      const orderNumber = await keyInPosOrderForDemoCustomer(page, prefix, { sponsorId: 2, choice: prefix ? 4 : 3 });

      // Sponsor report: choose the sponsor in the form (a GET: the filter is in the address).
      await page.goto(`${prefix}/backend/reports/sponsor`);
      await page.getByTestId("filter-sponsor").selectOption("2");
      await page.getByTestId("report-apply").click();
      await expect(page).toHaveURL(/sponsor=2/);
      const row = page.getByTestId("sponsor-report-row");
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(prefix ? "สโมสรฟุตซอลเชียงใหม่" : "Chiang Mai Futsal Club");
      await expect(page.getByTestId("sponsor-report-chart")).toBeVisible();
      const orders = Number((await page.getByTestId("total-orders").textContent())!.replace(/\D/g, ""));
      expect(orders).toBeGreaterThanOrEqual(1);
      const file = await csvBytes(page, (await page.getByTestId("report-export").getAttribute("href"))!);
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(file.toString("utf8")).toContain(prefix ? "สโมสรฟุตซอลเชียงใหม่" : "Chiang Mai Futsal Club");
      await page.screenshot({ path: testInfo.outputPath("sponsor-report.png"), fullPage: true });
      await page.getByTestId("report-print").click();
      await expect(page.getByTestId("sponsor-report-print")).toBeVisible();
      await expect(page.getByTestId("backend-top-bar")).toHaveCount(0);

      // Output tax report: the invoice of that order, this month.
      const number = await issueInvoice(page, prefix, orderNumber);
      await page.goto(`${prefix}/backend/reports/output-tax`);
      await expect(page.getByTestId("filter-month")).toHaveValue(bangkokMonth());
      const documentRow = page.getByTestId("output-tax-row").filter({ hasText: number });
      await expect(documentRow).toHaveCount(1);
      await expect(documentRow).toContainText("ทีมฟุตบอล, จำกัด");
      const year = Number(bangkokMonth().slice(0, 4));
      await expect(page.getByTestId("report-period")).toContainText(String(prefix ? year + 543 : year));
      const taxFile = (await csvBytes(page, (await page.getByTestId("report-export").getAttribute("href"))!)).toString("utf8");
      expect(taxFile).toContain(`${number},"ทีมฟุตบอล, จำกัด",0105536000313`);
      await page.screenshot({ path: testInfo.outputPath("output-tax.png"), fullPage: true });
      await page.getByTestId("report-print").click();
      await expect(page.getByTestId("output-tax-seller")).toBeVisible();

      // Dashboard: today's sales bar and figure, the product among the top sellers, each linking on.
      await page.goto(`${prefix}/backend/dashboard`);
      await expect(page.getByTestId("sales-chart")).toBeVisible();
      const today = new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
      await expect(page.locator(`[data-testid="sales-day"][data-day="${today}"] td`).first()).not.toHaveText("฿0.00");
      await expect(page.getByTestId("top-product").first()).toBeVisible();
      await page.getByTestId("status-2").getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/backend/orders/fulfillment\\?status=2$`));
    },
  );
}

test("the reports and the dashboard fit the screen in English and Thai", async ({ page }, testInfo) => {
  test.slow();
  await signInAsAdmin(page);
  for (const prefix of ["", "/th"]) {
    for (const path of ["/backend/dashboard", "/backend/reports/sponsor", "/backend/reports/output-tax", "/backend/reports/output-tax?print=1"]) {
      await page.goto(`${prefix}${path}`);
      await expect(page.locator("main")).toBeVisible();
      // No sideways scrolling of the page (a wide table scrolls inside its own box).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${prefix}${path}`).toBe(true);
      await page.screenshot({ path: testInfo.outputPath(`${(prefix || "/en").slice(1)}-${path.replace(/\W+/g, "-")}.png`), fullPage: true });
    }
  }
});

const bangkokDay = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);

// The order report reads the daily summary kept in the order's own batch: a POS order keyed in now
// counts at once in today's figures, its chart and its CSV. English on the desktop, Thai on the phone.
for (const { prefix, screen, choice } of [
  { prefix: "", screen: "@desktop", choice: 5 },
  { prefix: "/th", screen: "@phone", choice: 6 },
] as const) {
  test(`an order keyed in now shows in today's order report, its chart and its CSV (${prefix || "/en"})`, { tag: screen }, async ({ page }) => {
    test.slow();
    await signInAsAdmin(page, prefix);
    const today = `${prefix}/backend/reports/order?from=${bangkokDay()}&to=${bangkokDay()}&by=channel`;
    const ordersToday = async () => {
      await page.goto(today);
      // A day without orders yet (a fresh shop, this test first) shows the empty state instead of a totals row.
      const totals = page.getByTestId("total-orders");
      await expect(totals.or(page.getByTestId("order-report-empty"))).toBeVisible();
      if (!(await totals.isVisible())) return 0;
      return Number(((await totals.textContent()) ?? "0").replace(/\D/g, ""));
    };
    const before = await ordersToday();
    await keyInPosOrderForDemoCustomer(page, prefix, { choice });
    // Other tests may add orders meanwhile: at least this one more.
    expect(await ordersToday()).toBeGreaterThanOrEqual(before + 1);
    await expect(page.getByTestId("order-report-row").first()).toBeVisible();

    await page.goto(`${prefix}/backend/reports/order?from=${bangkokDay()}&to=${bangkokDay()}`);
    await expect(page.getByTestId("order-report-chart")).toBeVisible();
    const file = await csvBytes(page, (await page.getByTestId("report-export").getAttribute("href"))!);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // One row for today and the totals row, each with the day's order count at least this order.
    const rows = file.toString("utf8").trim().split(/\r?\n/);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows[1]).toContain(bangkokDay());
  });
}

// The order report by product over a few months shows the top products by sales (the monthly and
// daily summaries, one ranking), the whole list a page at a time, and the CSV with every product.
for (const { prefix, screen, choice } of [
  { prefix: "", screen: "@desktop", choice: 7 },
  { prefix: "/th", screen: "@phone", choice: 8 },
] as const) {
  test(
    `the order report by product shows the top products, every product a page at a time and all in the CSV (${prefix || "/en"})`,
    { tag: screen },
    async ({ page }, testInfo) => {
      test.slow();
      await signInAsAdmin(page, prefix);
      await keyInPosOrderForDemoCustomer(page, prefix, { choice });
      const today = bangkokDay();
      const from = `${new Date(Date.parse(`${today.slice(0, 7)}-01T00:00:00Z`) - 40 * 86_400_000).toISOString().slice(0, 7)}-01`;
      await page.goto(`${prefix}/backend/reports/order?from=${from}&to=${today}&by=product`);
      const listing = page.getByTestId("order-report-listing");
      await expect(listing).toHaveAttribute("data-listing", "top");
      const rows = page.getByTestId("order-report-row");
      expect(await rows.count()).toBeGreaterThanOrEqual(1);
      expect(await rows.count()).toBeLessThanOrEqual(20);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath("order-report-by-product.png"), fullPage: true });

      await page.goto(`${prefix}/backend/reports/order?from=${from}&to=${today}&by=product&show=all`);
      await expect(listing).toHaveAttribute("data-listing", "page");
      const shown = await rows.count();
      expect(shown).toBeLessThanOrEqual(50);
      await page.getByTestId("order-report-show-top").click();
      await expect(page).not.toHaveURL(/show=all/);
      await expect(listing).toHaveAttribute("data-listing", "top");

      const file = await csvBytes(page, (await page.getByTestId("report-export").getAttribute("href"))!);
      expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      // Every product sold in the range: at least the rows of the page, plus the header and totals rows.
      expect(file.toString("utf8").trim().split(/\r?\n/).length).toBeGreaterThanOrEqual(shown + 2);

      await page.goto(`${prefix}/backend/reports/stock`);
      await expect(page.getByTestId("stock-report-page")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await page.screenshot({ path: testInfo.outputPath("stock-report.png"), fullPage: true });
    },
  );
}

// A preset is a link: the page changes without remounting its filters, and the day written out under
// each Thai date filter (Buddhist era) must follow the new value, not keep the first page's.
test("(th) a period preset moves the date filters and the days written under them", { tag: "@phone" }, async ({ page }) => {
  await signInAsAdmin(page, "/th");
  await page.goto("/th/backend/reports/order");
  const lastYear = Number(bangkokDay().slice(0, 4)) - 1;
  await page.getByTestId("report-preset-lastYear").click();
  await expect(page.getByTestId("filter-from")).toHaveValue(`${lastYear}-01-01`);
  await expect(page.getByTestId("filter-to")).toHaveValue(`${lastYear}-12-31`);
  await expect(page.getByTestId("filter-from-day")).toHaveText(`1 มกราคม ${lastYear + 543}`);
  await expect(page.getByTestId("filter-to-day")).toHaveText(`31 ธันวาคม ${lastYear + 543}`);
});
