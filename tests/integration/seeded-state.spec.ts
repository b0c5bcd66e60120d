import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";

import { isDemoDataSeeded } from "~/db/seed";

import { dumpSeededState, restoreSeededState } from "./seeded-state";

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

  it("given media replaced, re-described, deleted and added, rows changed and a KV key written, a restore should give back exactly the seeded state", async () => {
    const seeded = inject("seededState");
    const [replaced, redescribed, deleted] = seeded.media;
    expect(deleted).toBeDefined();
    await env.MEDIA.put(replaced!.key, "not the seeded bytes", { httpMetadata: replaced!.httpMetadata, customMetadata: replaced!.customMetadata });
    const seededBytes = await (await env.MEDIA.get(redescribed!.key))!.arrayBuffer();
    await env.MEDIA.put(redescribed!.key, seededBytes, { httpMetadata: { contentType: "application/x-other" }, customMetadata: { note: "changed" } });
    await env.MEDIA.delete(deleted!.key);
    await env.MEDIA.put("uploads/left-by-a-test.txt", "left over");
    await env.DB.prepare("DELETE FROM faqs").run();
    await env.KV.put("left-by-a-test", "1");

    await restoreSeededState(env.DB, env.KV, env.MEDIA, seeded);

    const copy = await dumpSeededState(env.DB, env.MEDIA);
    expect(copy.media).toEqual(seeded.media);
    expect(copy.statements).toEqual(seeded.statements);
    expect((await env.KV.list()).keys).toEqual([]);
  });
});
