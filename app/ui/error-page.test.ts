import { describe, expect, it } from "vitest";

import en from "~/i18n/locales/en/errors";
import th from "~/i18n/locales/th/errors";

import { errorPageStatuses, errorTitle, errorTitleKey } from "./error-page";

describe("spec §8 error catalogue", () => {
  it("has every status the spec names", () => {
    expect([...errorPageStatuses]).toEqual([400, 401, 403, 404, 405, 408, 413, 500, 502, 503]);
  });

  it.each(errorPageStatuses.map((status) => [status]))("status %i has a title and a detail in English and Thai", (status) => {
    const key = String(status) as keyof typeof en.title;
    for (const locale of [en, th]) {
      expect(locale.title[key]).toBeTruthy();
      expect(locale.detail[key]).toBeTruthy();
    }
  });

  it.each([
    [404, "Not Found", "404 Not Found"],
    [413, "Request Entity Too Large", "413 Request Entity Too Large"],
    [503, "Service Unavailable", "503 Service Unavailable"],
    [415, "An error occurred", "An error occurred"],
    [429, "An error occurred", "An error occurred"],
  ])("status %i reads %j as %j", (status, title, expected) => {
    expect(errorTitle(status, title)).toBe(expected);
    if (status === 415 || status === 429) expect(errorTitleKey(status)).toBe("title.default");
  });

  it("uses the spec's words for 404 and its closing line", () => {
    expect(en.title["404"]).toBe("Not Found");
    expect(en.detail["404"]).toBe("Not found this page.");
    expect(en.contactStaff).toBe("Please, contact staff.");
    expect(en.title.default).toBe("An error occurred");
  });
});
