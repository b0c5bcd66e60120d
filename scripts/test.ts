/**
 * `npm test`: every test. The unit, integration and end-to-end runs side by side on the one fresh build.
 * All three are CPU-bound but none keeps both cores busy on its own (the integration run's seed and last
 * files, the end-to-end run's start and its browsers waiting on answers), so together they finish sooner
 * than one after the other (docs/performance.md, "CI time, fifth pass"). The end-to-end run prints as it
 * goes; the other two runs' output is held back until they end, so the logs do not interleave. Fails if
 * any run failed.
 */
import { spawn } from "node:child_process";

import { ensureBuild, projectRoot } from "./lib/local";

interface Finished {
  name: string;
  code: number;
  output: string;
  seconds: number;
}

function npmRun(name: string, { quiet }: { quiet: boolean }): Promise<Finished> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", name], { cwd: projectRoot, stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit" });
    const chunks: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), output: Buffer.concat(chunks).toString(), seconds: (performance.now() - started) / 1000 }),
    );
  });
}

// Once, before the runs that each would build a stale Worker at the same time.
await ensureBuild();
const runs = await Promise.all([npmRun("test:unit", { quiet: true }), npmRun("test:integration", { quiet: true }), npmRun("test:e2e", { quiet: false })]);
for (const run of runs.filter((run) => run.output)) process.stdout.write(`\n——— npm run ${run.name} (ran beside the end-to-end tests) ———\n${run.output}`);

// CI's log shows where its minutes went (issue 15: the whole CI within 8 minutes).
console.log(`\n${runs.map((run) => `${run.name} ${run.seconds.toFixed(0)} s`).join(", ")}`);
const failed = runs.filter((run) => run.code !== 0);
for (const run of failed) console.error(`npm run ${run.name} failed (${run.code})`);
process.exit(failed.length ? 1 : 0);
