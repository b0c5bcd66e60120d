import { describe, expect, it } from "vitest";
import { z } from "zod";

import { countOrdersBodySchema, loginBodySchema } from "~/features/api/api-schemas";
import { loadResources } from "~/i18n/resources";

import { errorResponse, fieldErrors, translate } from "./respond";

await loadResources();

describe("translate", () => {
  it.each([
    ["en", "api:status.401", {}, "Unauthorized. Please, contact staff."],
    ["th", "api:status.401", {}, "ไม่ได้รับอนุญาต กรุณาติดต่อเจ้าหน้าที่"],
    ["en", "forms:validation.required", { field: "E-mail" }, "E-mail is required"],
    ["en", "api:no.such.key", {}, "api:no.such.key"],
  ] as const)("%s %s", (locale, key, values, expected) => {
    expect(translate(locale, key, values)).toBe(expected);
  });
});

describe("fieldErrors", () => {
  it("gives the sign-in page's messages for the shared login schema, first per field", () => {
    const error = loginBodySchema.safeParse({ email: "", password: "" }).error!;
    expect(fieldErrors(error, "en")).toEqual({ email: "E-mail is required", password: "Password is required" });
  });

  it("gives the API's own messages for its schemas", () => {
    const error = countOrdersBodySchema.safeParse({ query: [{ order_status_id: 99 }] }).error!;
    expect(fieldErrors(error, "en")).toEqual({ query: "Give 1 to 20 order statuses, each a known order_status_id" });
  });

  it("names the body when the input is not an object", () => {
    const error = z.object({ name: z.string() }).safeParse(null).error!;
    expect(fieldErrors(error, "en")).toEqual({ body: "The body must be a JSON object." });
  });

  it("words the form kit's keys (Zod's global error map) in the caller's language, with the count", () => {
    const error = z.object({ note: z.string().max(5), kind: z.enum(["a", "b"]) }).safeParse({ note: "abcdefg", kind: "c" }).error!;
    expect(fieldErrors(error, "en")).toEqual({ note: "note must be at most 5 characters", kind: "Choose one of the listed values for kind" });
    expect(fieldErrors(error, "th").note).not.toBe(fieldErrors(error, "en").note);
  });
});

describe("errorResponse", () => {
  it("answers { error: { status, message, fields } } as uncached JSON", async () => {
    const response = errorResponse(400, "Invalid request.", { fields: { email: "E-mail is required" } });
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: { status: 400, message: "Invalid request.", fields: { email: "E-mail is required" } } });
  });
});
