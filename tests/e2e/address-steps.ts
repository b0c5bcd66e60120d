import type { Locator } from "./test";

export interface ShippingPerson {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
}

/**
 * Fills a shipping address on a checkout or design-send form: the person and street as given, and
 * the area (Lumphini, Pathum Wan, Bangkok) through the Thai address pickers, which need JavaScript.
 * The pickers themselves are driven in profile.spec.ts and designer.spec.ts (without JavaScript).
 */
export async function fillBangkokAddress(
  form: Locator,
  person: ShippingPerson = { firstName: "Malee", lastName: "Sukjai", phone: "0812345678", address: "99/1 ถนนพระราม 4" },
): Promise<void> {
  for (const [name, value] of Object.entries(person)) await form.locator(`input[name="${name}"]`).fill(value);
  const page = form.page();
  await page.getByTestId("province").selectOption("กรุงเทพมหานคร");
  await page.getByTestId("district").selectOption("ปทุมวัน");
  await page.getByTestId("subdistrict").selectOption("ลุมพินี");
}
