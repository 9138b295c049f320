/**
 * `node bench/sign-in.mjs` (after `pnpm build`): the CPU time of one dashboard sign-in. A sign-in's
 * CPU is the argon2id verification of the password at OWASP's parameters (m=19 MiB, t=2, p=1,
 * through hash-wasm's WebAssembly, as `@marketplace/dashboard` runs it); an unknown e-mail costs the
 * same (a dummy hash is verified). The database reads and writes of a sign-in are a few indexed
 * statements, sub-millisecond, and are left out. Measured with `process.cpuUsage()` (user + system)
 * around N verifications, after a warm-up. Target (issue 28): ≤ 250 ms of CPU per sign-in on this
 * machine. Not a test: `pnpm test` never runs it. Writes bench/results/sign-in.json.
 *
 * Options: --sign-ins <n> (default 20); --help prints them.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readArgs } from "./args.mjs";
import { machine, median, percentile, root, round } from "./util.mjs";

const { values } = readArgs({
  command: "bench/sign-in.mjs",
  usage: `The CPU time of one dashboard sign-in (issue 28): the argon2id verification of a password at
OWASP's parameters, through the build's @marketplace/dashboard (run pnpm build first), for a right
password, a wrong one and an unknown e-mail, N verifications each after a warm-up. Target: ≤ 250 ms
of CPU per sign-in. Writes bench/results/sign-in.json.`,
  options: { "sign-ins": { type: "integer", description: "verifications of each kind", default: 20 } },
});
const N = values["sign-ins"];
// The build, once the command line is read (`--help` needs none).
const { argon2idPasswordHasher, OWASP_ARGON2ID } = await import("../packages/dashboard/dist/index.js");
const TARGET_MS = 250;

const hasher = argon2idPasswordHasher();
const password = "tangerine kettle mountain 42";
const hash = await hasher.hash(password);
const dummy = await hasher.hash("a password nobody has, for unknown e-mails");
// Warm-up: the WebAssembly module compiles on first use.
await hasher.verify(hash, password);

async function measure(label, run) {
  const cpu = [];
  const wall = [];
  for (let i = 0; i < N; i += 1) {
    const before = process.cpuUsage();
    const started = performance.now();
    await run();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  const result = {
    label,
    cpuMsMedian: round(median(cpu), 1),
    cpuMsP95: round(percentile(cpu, 95), 1),
    wallMsMedian: round(median(wall), 1),
  };
  console.log(
    `${label}: CPU median ${result.cpuMsMedian} ms, p95 ${result.cpuMsP95} ms; wall median ${result.wallMsMedian} ms`,
  );
  return result;
}

console.log(`argon2id ${JSON.stringify(OWASP_ARGON2ID)}, ${N} sign-ins each`);
const right = await measure("right password", async () => {
  if (!(await hasher.verify(hash, password))) throw new Error("verification failed");
});
const wrong = await measure("wrong password", () => hasher.verify(hash, "not the password at all"));
const unknown = await measure("unknown e-mail (dummy hash)", () => hasher.verify(dummy, password));
const worst = Math.max(right.cpuMsP95, wrong.cpuMsP95, unknown.cpuMsP95);
const ok = right.cpuMsMedian <= TARGET_MS;
console.log(`target: ≤ ${TARGET_MS} ms CPU per sign-in: ${ok ? "met" : "NOT met"} (median ${right.cpuMsMedian} ms)`);

const report = {
  at: new Date().toISOString(),
  machine: machine(),
  parameters: OWASP_ARGON2ID,
  signIns: N,
  targetCpuMs: TARGET_MS,
  results: [right, wrong, unknown],
  worstP95CpuMs: worst,
  met: ok,
};
mkdirSync(join(root, "bench/results"), { recursive: true });
writeFileSync(join(root, "bench/results/sign-in.json"), `${JSON.stringify(report, null, 2)}\n`);
