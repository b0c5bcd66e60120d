import { describe, expect, it } from "vitest";

import { get } from "./worker";

/** Spec §1: 6 months' retention and a 72-hour breach notice, stated the same way on every page that states them. */
function sentence(html: string, pattern: RegExp): string {
  const found = pattern.exec(html)?.[0];
  expect(found, String(pattern)).toBeDefined();
  return found!;
}

describe("privacy numbers", () => {
  it.each([
    ["", /The Company keeps your personal data for 6 months[^<]*/, /within 72 hours of becoming aware of it\./],
    ["/th", /บริษัทจะเก็บรักษาข้อมูลส่วนบุคคลของคุณเป็นเวลา 6 เดือน[^<]*/, /ภายใน 72 ชั่วโมงนับแต่ทราบเหตุ/],
  ])("given %s, the privacy page and the membership-terms dialog should say the same", async (prefix, retention, breach) => {
    const privacy = await (await get(`${prefix}/privacy-policy`)).text();
    const register = await (await get(`${prefix}/register`)).text();
    expect(privacy).toContain('data-testid="privacy-commitments"');
    expect(sentence(privacy, retention)).toBe(sentence(register, retention));
    expect(sentence(privacy, breach)).toBe(sentence(register, breach));
  });
});
