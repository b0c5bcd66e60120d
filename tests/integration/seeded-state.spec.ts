import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";

import { isDemoDataSeeded } from "~/db/seed";

import { dumpSeededState } from "./seeded-state";

describe("each test file's copy of the seeded state (setup.ts)", () => {
  it("given a fresh test file, its database and media should equal what the run migrated and seeded once", async () => {
    const seeded = inject("seededState");
    expect(await isDemoDataSeeded(env.DB)).toBe(true);
    expect(seeded.media.length).toBeGreaterThan(0);
    const copy = await dumpSeededState(env.DB, env.MEDIA);
    expect(copy.statements).toEqual(seeded.statements);
    expect(copy.media).toEqual(seeded.media);
  });

  it("given the copy, every migration should be recorded and AUTOINCREMENT should continue after the seeded ids", async () => {
    const { results: applied } = await env.DB.prepare("SELECT name FROM d1_migrations ORDER BY id").all<{ name: string }>();
    expect(applied.length).toBeGreaterThan(0);
    expect(applied.map((row) => row.name)).toEqual([...applied.map((row) => row.name)].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10)));
    const { results: sequences } = await env.DB.prepare("SELECT name, seq FROM sqlite_sequence").all<{ name: string; seq: number }>();
    for (const { name, seq } of sequences) {
      const max = await env.DB.prepare(`SELECT max(rowid) AS max FROM "${name}"`).first<number>("max");
      expect({ name, seq }).toEqual({ name, seq: max ?? 0 });
    }
  });
});
