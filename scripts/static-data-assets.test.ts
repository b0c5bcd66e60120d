import { describe, expect, it } from "vitest";

import en from "../app/i18n/locales/en";
import th from "../app/i18n/locales/th";
import { messagesJson } from "./static-data-assets";

describe("the strings file the Worker reads (/data/messages.json)", () => {
  it("should hold every namespace of both languages, as the locale modules define them", async () => {
    expect(JSON.parse(await messagesJson())).toEqual({ en, th });
  });
});
