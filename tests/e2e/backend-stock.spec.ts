import { signInAsAdmin } from "./staff-session";
import { expect, test } from "./test";

/**
 * Inventory and the product gallery (issue 4 items 9 and 10): an administrator uploads an image to
 * the gallery (desktop, English) and adjusts a variant's stock with a reason, then finds the change
 * in its history (phone, Thai).
 */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A real 1 × 1 PNG with a text chunk that makes this run's upload new content. */
function uniquePng(text: string): Buffer {
  const base = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");
  const data = Buffer.from(`Comment\0${text}`, "latin1");
  const typeAndData = Buffer.concat([Buffer.from("tEXt", "latin1"), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  // After the signature (8) and IHDR (25 bytes).
  return Buffer.concat([base.subarray(0, 33), length, typeAndData, crc, base.subarray(33)]);
}

// Desktop, English.
test.describe("product gallery", { tag: "@desktop" }, () => {
  test("an administrator uploads an image and finds it in the grid with its size and URL", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto("/backend/dashboard");
    await page.getByTestId("backend-menu").getByRole("link", { name: "Product Gallery" }).click();
    await expect(page).toHaveURL(/\/backend\/product-gallery$/);

    const name = `lookbook-${Date.now().toString(36)}.png`;
    const upload = page.getByTestId("upload-form");
    await upload.getByLabel("Images").setInputFiles({ name, mimeType: "image/png", buffer: uniquePng(name) });
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("snackbar")).toContainText("1 image added to the gallery.");

    const tile = page.getByTestId("gallery-image").filter({ hasText: name });
    await expect(tile).toBeVisible();
    await expect(tile.getByTestId("dimensions")).toContainText("1 × 1 px");
    await expect(tile.getByTestId("file-size")).toHaveText(/^\d+ Bytes$/);
    await expect(tile.getByTestId("image-url")).toHaveValue(/^\/media\/gallery\/image-[0-9a-f]{16}\.png$/);
    const url = await tile.getByTestId("image-url").inputValue();
    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("image/png");

    // Not an image: refused with a message, nothing added.
    await upload.getByLabel("Images").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("just some text") });
    await upload.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("upload-problems")).toContainText("notes.png: images only");
    await expect(page.getByTestId("gallery-image").filter({ hasText: "notes.png" })).toHaveCount(0);
  });
});

// Phone, Thai.
test.describe("inventory", { tag: "@phone" }, () => {
  test("an administrator adds stock with a reason and sees the movement in the history", async ({ page }) => {
    await signInAsAdmin(page, "/th");
    await page.goto("/th/backend/products/inventory");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("คลังสินค้า");

    await page.getByTestId("list-search-input").fill("PRY002");
    await expect(page.getByTestId("list-search-submit")).toHaveText("กรอง");
    await page.getByTestId("list-search-submit").click();
    await expect(page).toHaveURL(/q=PRY002/);
    const firstSku = page.getByTestId("inventory-row").first().locator("[data-sku]");
    await expect(firstSku).toHaveAttribute("data-sku", /^PRY002-/);
    const sku = (await firstSku.getAttribute("data-sku"))!;
    const row = page.getByTestId("inventory-row").filter({ has: page.locator(`[data-sku="${sku}"]`) });
    const before = Number((await row.getByTestId("stock").innerText()).replace(/,/g, ""));
    // On a phone the product name is the link (the action column is hidden).
    await row.getByTestId("variant-link").click();
    await expect(page).toHaveURL(/\/th\/backend\/products\/inventory\/\d+$/);
    await expect(page.getByTestId("breadcrumbs")).toContainText(sku);

    const form = page.getByTestId("adjust-form");
    // Removing more than there is: refused in Thai, nothing changes.
    await form.getByLabel("การเปลี่ยนแปลง").selectOption("remove");
    await form.getByLabel("จำนวน").fill(String(before + 1));
    await form.getByRole("button", { name: "บันทึกการปรับสต็อก" }).click();
    await expect(page.getByTestId("error-quantity")).toContainText("สต็อกติดลบไม่ได้");
    await expect(page.getByTestId("current-stock").getByTestId("value")).toHaveText(String(before));

    const note = `ล็อตใหม่ ${Date.now().toString(36)}`;
    await form.getByLabel("การเปลี่ยนแปลง").selectOption("add");
    await form.getByLabel("จำนวน").fill("12");
    await form.getByLabel("เหตุผล").selectOption("restock");
    await form.getByLabel(/หมายเหตุ/).fill(note);
    await form.getByRole("button", { name: "บันทึกการปรับสต็อก" }).click();
    await expect(page.getByTestId("snackbar")).toContainText(`ตอนนี้มี ${before + 12} ชิ้น`);
    await expect(page.getByTestId("current-stock").getByTestId("value")).toHaveText(String(before + 12));

    const movement = page.getByTestId("movement").first();
    await expect(movement.getByTestId("delta")).toHaveText("+12");
    await expect(movement.getByTestId("after")).toHaveText(String(before + 12));
    await expect(movement.getByTestId("reason")).toHaveText("เติมสต็อก");
    await expect(movement.getByTestId("note")).toHaveText(note);
    // Buddhist-era year on the Thai page.
    await expect(movement).toContainText(String(new Date().getFullYear() + 543));
  });
});
