/**
 * `pnpm test`: the whole suite, in two lanes that run side by side.
 *
 *   static lane: lint → typecheck → test:deno → check:deno → (once the build is done)
 *                check:packages → release --dry-run → lint:openapi
 *   tests lane:  build → vitest run (unit, contract, end-to-end and browser tests)
 *
 * The static checks are CPU-bound and the tests wait on PostgreSQL, servers, receivers and a
 * browser much of the time, so running them together uses the second core that the tests leave
 * idle (ADR-0070: the suite must stay under ten minutes in CI). Each check's output is printed
 * whole when it ends (never interleaved with the tests'), the tests' output as it comes. Every
 * stage runs even when another fails; the exit status is non-zero when any stage failed, and the
 * last lines are a table of the stages with their time and result, then the tests' summary line.
 *
 *   pnpm test                   # everything
 *   node scripts/test.mjs --only static   # or: --only tests
 */

import { spawn } from "node:child_process";

const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : null;
if (only && only !== "static" && only !== "tests") {
  console.error("usage: node scripts/test.mjs [--only static|tests]");
  process.exit(2);
}

/** @type {{ name: string, seconds: number, ok: boolean }[]} */
const results = [];
let testsSummary = null;

/** Runs `pnpm <args>`; `stream` prints as it comes, otherwise all at once at the end. */
function stage(name, args, { stream = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("pnpm", args, {
      stdio: ["ignore", stream ? "inherit" : "pipe", stream ? "inherit" : "pipe"],
      env: process.env,
    });
    let output = "";
    if (!stream) {
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
    }
    const finish = (ok, note = "") => {
      const seconds = (performance.now() - started) / 1000;
      results.push({ name, seconds, ok });
      if (!stream) {
        process.stdout.write(`\n── ${name} (${seconds.toFixed(1)} s, ${ok ? "ok" : "FAILED"}) ──\n${output}${note}\n`);
      }
      resolve(ok);
    };
    child.on("error", (error) => finish(false, String(error)));
    child.on("close", (code) => finish(code === 0));
  });
}

/** Runs stages one after another; after a failure the rest of the lane still runs. */
async function lane(stages) {
  let ok = true;
  for (const [name, args, options] of stages) ok = (await stage(name, args, options)) && ok;
  return ok;
}

let buildDone;
const built = new Promise((resolve) => {
  buildDone = resolve;
});

const staticLane = async () => {
  const before = await lane([
    ["lint", ["lint"]],
    ["typecheck", ["typecheck"]],
    ["test:deno", ["test:deno"]],
    ["check:deno", ["check:deno"]],
  ]);
  const buildOk = only === "static" ? await stage("build", ["build"]) : await built;
  if (!buildOk) return false;
  const after = await lane([
    ["check:packages", ["check:packages"]],
    ["release --dry-run", ["release", "--dry-run"]],
    ["lint:openapi", ["lint:openapi"]],
  ]);
  return before && after;
};

const testsLane = async () => {
  const buildOk = await stage("build", ["build"]);
  buildDone(buildOk);
  if (!buildOk) return false;
  const started = performance.now();
  // The tests' own output streams; their summary line is kept to be printed last as well.
  return new Promise((resolve) => {
    const child = spawn("pnpm", ["exec", "vitest", "run"], { stdio: ["ignore", "pipe", "inherit"], env: process.env });
    let tail = "";
    child.stdout.on("data", (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk).slice(-4096);
    });
    child.on("close", (code) => {
      const seconds = (performance.now() - started) / 1000;
      results.push({ name: "vitest run", seconds, ok: code === 0 });
      testsSummary = /\d+ passed, \d+ failed, \d+ skipped/.exec(tail)?.[0] ?? null;
      resolve(code === 0);
    });
  });
};

const started = performance.now();
const lanes = [];
if (only !== "tests") lanes.push(staticLane());
if (only !== "static") lanes.push(testsLane());
const ok = (await Promise.all(lanes)).every(Boolean);

const width = Math.max(...results.map((result) => result.name.length));
process.stdout.write("\nStages (the two lanes ran side by side):\n");
for (const result of results) {
  process.stdout.write(
    `  ${result.name.padEnd(width)}  ${result.seconds.toFixed(1).padStart(6)} s  ${result.ok ? "ok" : "FAILED"}\n`,
  );
}
process.stdout.write(
  `  ${"total".padEnd(width)}  ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s\n`,
);
if (testsSummary) process.stdout.write(`\n${testsSummary}\n`);
process.exit(ok ? 0 : 1);
