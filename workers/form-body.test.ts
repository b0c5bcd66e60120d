import { describe, expect, it } from "vitest";

import { maxFormListIndex } from "../app/ui/form/sound-form";
import { checkPageBody, requestForBackOffice } from "./form-body";

const urlencoded = (fields: [string, string][]) =>
  new Request("http://shop.test/backend/shipping-rates/form", {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

const multipart = (fields: [string, string][]) => {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return new Request("http://shop.test/th/my-profile", { method: "POST", body });
};

const verdictOf = async (request: Request) => {
  const verdict = await checkPageBody(request);
  return verdict.ok ? "ok" : verdict.status;
};

describe("checkPageBody, a form Conform cannot read", () => {
  it.each([
    ["a forged __intent__ that is not Conform's JSON", [["__intent__", "x"]]],
    ["a __intent__ that is JSON but no intent", [["__intent__", "{}"]]],
    ["a list index far past any form's rows", [["a[99999999]", "1"]]],
    ["a list index one past the limit", [[`variants[${maxFormListIndex + 1}].sku`, "X"]]],
    ["a nested list index past the limit", [["lines[0].options[5000]", "1"]]],
  ] as [string, [string, string][]][])("given %s, should refuse it with 400 (urlencoded and multipart)", async (_case, fields) => {
    expect(await verdictOf(urlencoded([["nameEn", "Zone"], ...fields]))).toBe(400);
    expect(await verdictOf(multipart([["nameEn", "Zone"], ...fields]))).toBe(400);
  });

  it.each([
    ["a plain form", [["nameEn", "Zone"]]],
    ["Conform's own validate intent", [["__intent__", JSON.stringify({ type: "validate", payload: { name: "nameEn" } })]]],
    ["a row insert intent", [["__intent__", JSON.stringify({ type: "insert", payload: { name: "variants" } })]]],
    [
      "list rows up to the limit",
      [
        [`variants[${maxFormListIndex}].sku`, "X"],
        ["variants[0].sku", "Y"],
      ],
    ],
    ["an unindexed list name", [["files[]", "a"]]],
  ] as [string, [string, string][]][])("given %s, should let it through for its action", async (_case, fields) => {
    expect(await verdictOf(urlencoded(fields))).toBe("ok");
    expect(await verdictOf(multipart(fields))).toBe("ok");
  });

  it("should hand on a body the action can still read", async () => {
    const verdict = await checkPageBody(urlencoded([["nameEn", "Zone"]]));
    expect(verdict.ok && (await verdict.request.formData()).get("nameEn")).toBe("Zone");
  });
});

describe("requestForBackOffice", () => {
  const post = (body: BodyInit | null, contentType?: string) =>
    new Request("http://shop.test/backend/user", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

  it("given a form, should hand on the same request, body unread", async () => {
    for (const request of [urlencoded([["intent", "save"]]), multipart([["intent", "save"]]), new Request("http://shop.test/backend/user")]) {
      const forwarded = await requestForBackOffice(request);
      expect(forwarded).toBe(request);
      expect(forwarded.bodyUsed).toBe(false);
    }
  });

  it.each([
    ["JSON", '{"roleId":1}', "application/json"],
    ["plain text", "roleId=1", "text/plain"],
    ["no content type", new TextEncoder().encode("roleId=1"), undefined],
  ])("given %s, should send it on without its body, which the back office still refuses (415)", async (_name, body, contentType) => {
    const forwarded = await requestForBackOffice(post(body, contentType));
    expect(forwarded.body).toBeNull();
    expect(forwarded.method).toBe("POST");
    expect(forwarded.headers.get("content-type")).toBe(contentType ?? null);
    expect(await verdictOf(forwarded)).toBe(415);
  });
});

/** A body of `chunks` chunks of `size` bytes that says how far it was read, and whether it was cancelled. */
function watchedBody(chunks: number, size = 1024) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled === chunks) return controller.close();
      seen.pulled++;
      controller.enqueue(new Uint8Array(size).fill(123));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { body, seen };
}

const post = (path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) =>
  new Request(`http://shop.test${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("a refused body's end", () => {
  it("given a body that is not a form, should read it to its end rather than cancel it (workerd reports a cancelled one as an uncaught error)", async () => {
    const { body, seen } = watchedBody(3);
    expect(await verdictOf(post("/cart", body, { "content-type": "application/json" }))).toBe(415);
    expect(seen).toEqual({ pulled: 3, cancelled: false });
  });

  it("given a body declared larger than a form may be, should cancel it unread", async () => {
    const { body, seen } = watchedBody(3);
    expect(await verdictOf(post("/cart", body, { "content-type": "application/x-www-form-urlencoded", "content-length": String(64 * 1024 * 1024) }))).toBe(413);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThanOrEqual(1);
  });

  it("given a refused body past a form's limit, should stop reading it and cancel it", async () => {
    const { body, seen } = watchedBody(10_000, 1024);
    expect(await verdictOf(post("/cart", body, { "content-type": "text/plain" }))).toBe(415);
    expect(seen.cancelled).toBe(true);
    expect(seen.pulled).toBeLessThan(10_000);
  });

  it("given a non-form post for the back office, should hand it on without its body, read to its end", async () => {
    const { body, seen } = watchedBody(2);
    const handed = await requestForBackOffice(post("/backend/user", body, { "content-type": "application/json" }));
    expect(handed.body).toBeNull();
    expect(seen).toEqual({ pulled: 2, cancelled: false });
  });
});
