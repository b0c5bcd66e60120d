import { describe, expect, it } from "vitest";

import { getInstance } from "~/i18n/i18next.server";
import { loadResources } from "~/i18n/resources";

import { takeToast, toastCookie } from "./toast.server";

await loadResources();
const i18n = getInstance({} as never);

const guest = { kind: "guest", sessionId: null } as never;
const customer = { kind: "customer", firstName: "Mali", email: "mali@example.test" } as never;

function requestWith(cookie: string) {
  return new Request("https://shop.test/cart", { headers: { cookie } });
}

function cookieValue(setCookie: string) {
  return setCookie.split(";")[0]!;
}

describe("toasts across a redirect", () => {
  it("shows the key's text in the page's language, with its values, and clears the cookie", () => {
    const cookie = toastCookie(new Request("https://shop.test/"), { key: "shop:flash.addedCapped", values: { count: 3 }, type: "warning" });
    expect(cookie).toMatch(/; Max-Age=60; HttpOnly; SameSite=Lax; Secure$/);
    const en = takeToast(requestWith(cookieValue(cookie)), guest, i18n, "en");
    const th = takeToast(requestWith(cookieValue(cookie)), guest, i18n, "th");
    expect(en?.snackbar).toEqual({ colour: "warning", title: "Only 3 left — quantity set to 3" });
    expect(th?.snackbar?.title).toBe("เหลือเพียง 3 ชิ้น — ปรับจำนวนเป็น 3 ชิ้นแล้ว");
    expect(en?.clearCookie).toMatch(/^pryde_toast=; Path=\/; Max-Age=0/);
  });

  it("fills in a signed-in customer's name, and keeps a toast that asks to stay", () => {
    const cookie = toastCookie(new Request("http://shop.test/"), { key: "auth:login.signedIn", keep: true });
    expect(takeToast(requestWith(cookieValue(cookie)), customer, i18n, "en")?.snackbar).toEqual({
      colour: "success",
      title: "Signed in. Welcome back, Mali!",
      timeout: 0,
    });
  });

  it.each([
    ["an unknown key", encodeURIComponent(JSON.stringify({ key: "shop:no.such.key" }))],
    ["text instead of a key", encodeURIComponent(JSON.stringify({ key: "<b>hello</b>" }))],
    ["a value too long", encodeURIComponent(JSON.stringify({ key: "shop:flash.added", values: { count: "x".repeat(600) } }))],
    ["not JSON", "%7Bnope"],
  ])("shows nothing for %s, and still clears the cookie", (_, value) => {
    const taken = takeToast(requestWith(`pryde_toast=${value}`), guest, i18n, "en");
    expect(taken).toEqual({ snackbar: null, clearCookie: expect.stringMatching(/^pryde_toast=;/) });
  });

  it("does nothing without the cookie", () => {
    expect(takeToast(requestWith("other=1"), guest, i18n, "en")).toBeNull();
  });
});
