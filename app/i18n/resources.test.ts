import { describe, expect, it } from "vitest";

import en from "./locales/en";
import th from "./locales/th";
import { loadResources, serverTexts } from "./resources";

describe("serverTexts", () => {
  const mail = serverTexts((messages) => messages.tracking.email);

  it("given the strings are not loaded yet, should refuse rather than write a mail without words", () => {
    expect(() => mail.en).toThrow(/loadResources/);
  });

  it("given the loaded strings, should read each language's namespace", async () => {
    await loadResources();
    expect(mail.en).toEqual(en.tracking.email);
    expect(mail.th).toEqual(th.tracking.email);
  });
});
