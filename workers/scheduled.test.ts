import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { scheduledJobs } from "./scheduled";

describe("cron triggers", () => {
  it("given the crons declared in wrangler.toml, should have a job for each and no job without a trigger", () => {
    const toml = readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8");
    const declared = [...(toml.match(/^crons\s*=\s*\[(.*)\]/m)?.[1] ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1]);
    expect(declared.length).toBeGreaterThan(0);
    expect(Object.keys(scheduledJobs).sort()).toEqual([...declared].sort());
  });
});
