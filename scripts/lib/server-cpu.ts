/** The local server's CPU time from /proc (Linux): what `npm run bench` and `npm run profile` report as CPU per request. */
import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time (user + system, ms) of a process and everything under it, from /proc (Linux): wrangler's
 * proxy and workerd, which runs the Worker and the local D1. Null where /proc is missing.
 */
export function treeCpuMs(rootPid: number | undefined): number | null {
  if (rootPid === undefined) return null;
  let stats: { pid: number; ppid: number; ticks: number }[];
  try {
    stats = readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .flatMap((entry) => {
        try {
          const fields = readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ");
          return [{ pid: Number(entry), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) }];
        } catch {
          return [];
        }
      });
  } catch {
    return null;
  }
  const inTree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const stat of stats) {
      if (inTree.has(stat.pid) || !inTree.has(stat.ppid)) continue;
      inTree.add(stat.pid);
      grew = true;
    }
  }
  // Clock ticks are 1/100 s on Linux (getconf CLK_TCK).
  return stats.filter((stat) => inTree.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks * 10, 0);
}

/**
 * What the CPU measures (the bench's CPU per request, the profiler's) ask for as `Accept-Encoding`
 * (BENCH_CPU_ACCEPT_ENCODING, default `identity`). On Cloudflare the edge compresses a Worker's answer
 * after it leaves the Worker, outside its CPU time; locally Miniflare's entry Worker emulates that
 * inside workerd (it sets `Content-Encoding: gzip` for a client that accepts it, and workerd
 * compresses), so asking for gzip adds the edge's work to the Worker's: ~1.2 ms of `/shop`'s ~10.4 ms
 * (docs/performance.md, "The edge's compression, measured apart"). The bench's loads ask as a browser
 * does ({@link browserAcceptEncoding}): their req/s is the local server's, compression included.
 */
export const cpuAcceptEncoding = process.env.BENCH_CPU_ACCEPT_ENCODING ?? "identity";

/** What Chromium asks for; the bench's loads send it. */
export const browserAcceptEncoding = "gzip, deflate, br, zstd";

/** A CPU measure's headers: `headers`, asking for {@link cpuAcceptEncoding} unless they say otherwise. */
export const measuringHeaders = (headers: Record<string, string> = {}): Record<string, string> => ({ "accept-encoding": cpuAcceptEncoding, ...headers });

/** The server's CPU per request: one request at a time, so nothing else is counted. */
export async function cpuPerRequest(pid: number | undefined, url: string, headers: Record<string, string> = {}, requests = 100): Promise<number | null> {
  const before = treeCpuMs(pid);
  for (let i = 0; i < requests; i += 1) await (await fetch(url, { headers: measuringHeaders(headers), redirect: "manual" })).arrayBuffer();
  const after = treeCpuMs(pid);
  return before === null || after === null ? null : (after - before) / requests;
}
