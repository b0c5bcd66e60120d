import { describe, expect, it } from "vitest";

import { confirmStep, confirmStepValue, isConfirmed } from "./confirm";

describe("confirm step", () => {
  const form = (entries: [string, string | Blob][]) => {
    const formData = new FormData();
    for (const [name, value] of entries) formData.append(name, value);
    return formData;
  };

  it.each([
    [[], false],
    [[["confirmed", "0"]], false],
    [[["confirmed", ""]], false],
    [[["confirmed", "yes"]], false],
    [[["confirmed", "1"]], true],
  ] as [[string, string][], boolean][])("isConfirmed(%j) is %s", (entries, expected) => {
    expect(isConfirmed(form(entries))).toBe(expected);
  });

  it("echoes the text fields except confirmed, in order, and never a file", () => {
    const step = confirmStep(
      form([
        ["intent", "delete"],
        ["id", "7"],
        ["confirmed", "0"],
        ["image", new Blob(["x"])],
        ["note", "a"],
      ]),
    );
    expect(step.fields).toEqual([
      ["intent", "delete"],
      ["id", "7"],
      ["note", "a"],
    ]);
    expect(confirmStepValue(step, "intent")).toBe("delete");
    expect(confirmStepValue(step, "missing")).toBeNull();
    expect(confirmStepValue(null, "intent")).toBeNull();
  });
});
