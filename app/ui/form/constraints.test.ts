import { describe, expect, it } from "vitest";
import { z } from "zod";

import { constraintsOf } from "./constraints";
import { baht, checkbox, choice, optionalText, text, wholeNumber } from "./schema-fields";

describe("constraintsOf", () => {
  it("should give the browser the schema's text limits, required-ness and own pattern", () => {
    const schema = z.object({
      name: text(100),
      note: optionalText(500),
      code: z
        .string()
        .min(3)
        .max(12)
        .regex(/^[A-Z0-9]+$/),
      tracking: z
        .string()
        .trim()
        .toUpperCase()
        .max(40)
        .regex(/^[A-Z0-9]+$/),
      exact: z.string().length(2),
    });
    expect(constraintsOf(schema)).toEqual({
      name: { required: true, minLength: 1, maxLength: 100 },
      note: { required: false, maxLength: 500 },
      code: { required: true, minLength: 3, maxLength: 12, pattern: "^(?=.*(?:^[A-Z0-9]+$)).*$" },
      // Upper-cased before its pattern: "abc" is fine, so the browser must not refuse it.
      tracking: { required: true, maxLength: 40 },
      exact: { required: true, minLength: 2, maxLength: 2 },
    });
  });

  it("should give numbers their range, and keep the kit's choices and checkboxes as they were", () => {
    const schema = z.object({ quantity: wholeNumber(1, 99), size: choice(["s", "m"]), agree: checkbox(), price: baht(0, 1000) });
    const constraints = constraintsOf(schema);
    expect(constraints.quantity).toEqual({ required: true, min: 1, max: 99 });
    expect(constraints.size).toEqual({ required: true, pattern: "s|m" });
    expect(constraints.agree).toEqual({ required: false });
    expect(constraints.price).toEqual({ required: true });
  });

  it("should reach fields inside lists and optional objects", () => {
    const schema = z.object({ variants: z.array(z.object({ sku: text(40) })).max(100) });
    expect(constraintsOf(schema)["variants[].sku"]).toEqual({ required: true, minLength: 1, maxLength: 40 });
  });

  it("should leave out limits that describe a transformed value rather than what is typed", () => {
    const phone = z
      .string()
      .transform((value) => value.replace(/\D/g, ""))
      .pipe(z.string().max(10).regex(/^\d+$/));
    expect(constraintsOf(z.object({ phone }))).toEqual({ phone: { required: true } });
  });

  it("should leave an e-mail's format to its input type and the server", () => {
    expect(constraintsOf(z.object({ email: z.string().trim().max(254).email() })).email).toEqual({ required: true, maxLength: 254 });
  });

  it("should answer the same when asked again for a shared schema", () => {
    const schema = z.object({ name: text(10) });
    expect(constraintsOf(schema)).toEqual(constraintsOf(schema));
  });

  it("given a schema asked for again (each render of its form), should give the constraints worked out the first time", () => {
    const schema = z.object({ code: z.string().regex(/^[A-Z]+$/) });
    expect(constraintsOf(schema)).toBe(constraintsOf(schema));
  });
});
