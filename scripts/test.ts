/**
 * `npm test`: every test. The unit tests first (seconds, and the quickest to name a broken rule), then
 * the integration and end-to-end runs side by side on the one fresh build. Both are CPU-bound but leave
 * a core idle at times (the integration run's seed and last files, the end-to-end run's start and its
 * browsers waiting on answers), so together they finish sooner than one after the other
 * (docs/performance.md, "CI time, fourth pass"). The end-to-end run prints as it goes; the integration
 * run's output is held back until it ends, so the two logs do not interleave. Fails if any run failed.
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

const unit = await npmRun("test:unit", { quiet: false });
if (unit.code !== 0) process.exit(unit.code);

// Once, before the two runs that each would build a stale Worker at the same time.
await ensureBuild();
const [integration, e2e] = await Promise.all([npmRun("test:integration", { quiet: true }), npmRun("test:e2e", { quiet: false })]);
process.stdout.write(`\n——— npm run test:integration (ran beside the end-to-end tests) ———\n${integration.output}`);

// CI's log shows where its minutes went (issue 15: the whole CI within 8 minutes).
console.log(`\n${[unit, integration, e2e].map((run) => `${run.name} ${run.seconds.toFixed(0)} s`).join(", ")}`);
const failed = [unit, integration, e2e].filter((run) => run.code !== 0);
for (const run of failed) console.error(`npm run ${run.name} failed (${run.code})`);
process.exit(failed.length ? 1 : 0);
