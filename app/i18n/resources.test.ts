import { describe, expect, it, vi } from "vitest";

import en from "./locales/en";
import th from "./locales/th";
import { loadResources, serverTexts } from "./resources";

describe("serverTexts", () => {
  const mail = serverTexts((messages) => messages.tracking.email);

  it("given the strings are not loaded yet, should refuse rather than write a mail without words", async () => {
    // The unit files share one module registry (vitest.unit.config.ts): another file may have loaded them.
    vi.resetModules();
    const fresh = await import("./resources");
    const freshMail = fresh.serverTexts((messages) => messages.tracking.email);
    expect(() => freshMail.en).toThrow(/loadResources/);
  });

  it("given the loaded strings, should read each language's namespace", async () => {
    await loadResources();
    expect(mail.en).toEqual(en.tracking.email);
    expect(mail.th).toEqual(th.tracking.email);
  });
});
