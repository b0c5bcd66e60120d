import { describe, expect, it } from "vitest";

import { measuringHeaders } from "./server-cpu";

describe("measuringHeaders (scripts/lib/server-cpu.ts)", () => {
  it("should ask for the answer uncompressed, as a Worker's answer leaves the Worker on Cloudflare, keeping the caller's headers", () => {
    expect(measuringHeaders({ cookie: "pryde_session=abc" })).toEqual({ "accept-encoding": "identity", cookie: "pryde_session=abc" });
  });

  it("should let a caller ask for a compressed answer", () => {
    expect(measuringHeaders({ "accept-encoding": "gzip" })).toEqual({ "accept-encoding": "gzip" });
  });
});
