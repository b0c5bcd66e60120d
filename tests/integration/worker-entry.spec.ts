import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

import { get } from "./worker";

describe("worker entry", () => {
  it("given /healthz, should answer ok as JSON without caching", async () => {
    const response = await get("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("given a missing media key, should answer 404", async () => {
    const response = await get("/media/products/nothing-here-0123456789.png");
    expect(response.status).toBe(404);
  });

  it("given a content-hashed media key, should serve it with its type, an ETag and a year of caching", async () => {
    await env.MEDIA.put("tests/logo-abcdef0123.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47]), {
      httpMetadata: { contentType: "image/png" },
    });
    const response = await get("/media/tests/logo-abcdef0123.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"/);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));

    const revalidated = await get("/media/tests/logo-abcdef0123.png", { "if-none-match": etag! });
    expect(revalidated.status).toBe(304);
  });

  it("given a media key without a content hash, should allow only short caching and infer the type", async () => {
    await env.MEDIA.put("tests/banner.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const response = await get("/media/tests/banner.svg");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("given a path trying to climb out of the media prefix, should answer 404", async () => {
    const response = await get("/media/..%2Fsecret");
    expect(response.status).toBe(404);
  });
});
