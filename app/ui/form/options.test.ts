import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { Options } from "./options";

const select = (options: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement("select", { defaultValue: "2" }, options));

describe("Options", () => {
  it("given plain values, should give each value as its option's value and the label it asks for", () => {
    expect(select(createElement(Options<"1" | "2">, { of: ["1", "2"], label: (status) => `status ${status}` }))).toBe(
      '<select><option value="1">status 1</option><option value="2" selected="">status 2</option></select>',
    );
  });

  it("given records, should use each record's id as the value and escape the label", () => {
    const records = [
      { id: 2, name: "Tees & <polos>" },
      { id: 7, name: "เสื้อ" },
    ];
    expect(select(createElement(Options<(typeof records)[number]>, { of: records, label: (record) => record.name }))).toBe(
      '<select><option value="2" selected="">Tees &amp; &lt;polos&gt;</option><option value="7">เสื้อ</option></select>',
    );
  });

  it("given no items, should give no options", () => {
    expect(select(createElement(Options<string>, { of: [], label: (value) => value }))).toBe("<select></select>");
  });
});
