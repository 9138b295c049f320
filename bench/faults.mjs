/**
 * `pnpm faults`: measures issue 12's targets again, black-box, against the build: the reference
 * server (`examples/server/dist/main.js`) as a child process, a PostgreSQL of this script's own, and
 * webhook receivers on 127.0.0.1. Not a test: `pnpm test` never runs it. About 1 minute after the
 * build on 2 cores when every target holds; up to ~3 when deliveries stall (each restart then waits
 * out its 10 s, and the final SIGTERM its 40 s deadline).
 *
 *   pnpm faults                build, then all three scenarios
 *   node bench/faults.mjs [--only A,B,C] [--restarts N] [--keep]
 *   node bench/faults.mjs --help   the options and their defaults (faults/settings.mjs declares them)
 *
 * - A. PostgreSQL restarted 8 times under order load (fast and immediate, alternating): the
 *   process stays alive, deliveries resume within 5 s of the database accepting connections, no
 *   5xx once it is back, no event lost (duplicates reported).
 * - B. Isolation: a healthy receiver's p50/p95 delivery time (receivedAt − the order's 201), paced,
 *   without and then with 40 orders queued for a provider endpoint that never answers; 100 orders
 *   at 8/s each, so the window outlasts one delivery timeout (10 s).
 * - C. SIGTERM under keep-alive load (8 connections on /health and /): answered, reset, refused,
 *   exit code, error-level log lines; with MARKETPLACE_SHUTDOWN_DELAY_MS=500, /ready turns 503
 *   before the listener closes.
 *
 * The embedded PostgreSQL (from the build) runs in a temporary folder on a free port with durable
 * commits (synchronous_commit on: an immediate restart is a crash), one database per scenario; the
 * machine's own PostgreSQL is never touched. Prints one line per step, then a table of target vs
 * measured, and writes bench/results/faults.json (git-ignored, like latest.json; it records HEAD
 * and how many source files were uncommitted when it ran). Every process and folder it started is
 * stopped and removed on the way out, failure or not.
 */

import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { buildInfo, buildTable } from "./faults/report.mjs";
import { scenarioA } from "./faults/scenario-a.mjs";
import { scenarioB } from "./faults/scenario-b.mjs";
import { sigterm } from "./faults/scenario-c.mjs";
import { setPgdataForExit } from "./faults/server.mjs";
import { flag, ONLY, PG_SETTINGS, pgLogger, progress, SETTINGS, started } from "./faults/settings.mjs";
import { freePort, machine, root, round } from "./util.mjs";

// ── Main ──────────────────────────────────────────────────────────────────────────────────────────

async function main() {
  const mainJs = join(root, "examples/server/dist/main.js");
  if (!existsSync(mainJs)) throw new Error(`${mainJs} is missing: run pnpm build (pnpm faults does)`);
  const { startEmbeddedPostgres } = await import(join(root, "examples/server/dist/embedded-postgres.js"));
  progress(`settings: ${JSON.stringify(SETTINGS)}`);
  const build = buildInfo();
  progress(`build of ${build.head} + ${build.uncommittedSourceFiles} uncommitted files under packages/ and examples/`);

  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-faults-"));
  chmodSync(tmp, 0o755); // the postgres user must reach it
  const cleanups = [];
  let cleaned = null;
  const cleanup = () => {
    cleaned ??= (async () => {
      for (const fn of cleanups.reverse())
        await Promise.resolve()
          .then(fn)
          .catch(() => {});
      if (!flag("keep")) rmSync(tmp, { recursive: true, force: true });
    })();
    return cleaned;
  };
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      progress(`${signal}: cleaning up`);
      cleanup().finally(() => process.exit(130));
    });
  }
  // Bounded: whatever happens, everything started here is stopped after 8 minutes.
  const watchdog = setTimeout(
    () => {
      progress("watchdog: ran for 8 minutes; stopping");
      cleanup().finally(() => process.exit(1));
    },
    8 * 60 * 1000,
  );
  watchdog.unref();

  const results = {};
  try {
    const pgPort = await freePort();
    setPgdataForExit(join(tmp, "pgdata"));
    const postgres = await startEmbeddedPostgres({ dir: tmp, port: pgPort, logger: pgLogger, settings: PG_SETTINGS });
    cleanups.push(() => postgres.stop());
    const admin = async (sql) => {
      const client = new pg.Client({ connectionString: postgres.connectionString() });
      await client.connect();
      try {
        return await client.query(sql);
      } finally {
        await client.end();
      }
    };
    const { rows } = await admin(
      "select current_setting('server_version') as v, current_setting('synchronous_commit') as sc",
    );
    progress(`embedded PostgreSQL ${rows[0].v} on port ${pgPort} (${tmp}), synchronous_commit ${rows[0].sc}`);
    const cluster = {
      async createDatabase(name) {
        await admin(`create database ${name}`);
        return postgres.connectionString(name);
      },
      restart: (mode) => postgres.restart({ mode }),
    };

    if (ONLY.has("A")) results.A = await scenarioA(cluster, cleanups);
    if (ONLY.has("B")) results.B = await scenarioB(cluster, cleanups);
    if (ONLY.has("C")) {
      results.C = [];
      for (const delayMs of [0, SETTINGS.shutdownDelayMs]) results.C.push(await sigterm(cluster, cleanups, delayMs));
    }
    const { rows: tableRows, markdown } = buildTable(results);
    const report = {
      when: new Date().toISOString(),
      machine: { ...machine(), postgres: rows[0].v },
      build,
      settings: SETTINGS,
      pgSettings: PG_SETTINGS,
      durationS: round((Date.now() - started) / 1000, 1),
      results,
      table: tableRows,
      markdown,
    };
    mkdirSync(join(root, "bench/results"), { recursive: true });
    writeFileSync(join(root, "bench/results/faults.json"), `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`\n${markdown}\n\n`);
    progress(`wrote bench/results/faults.json (${report.durationS} s in all)`);
  } finally {
    await cleanup();
    setPgdataForExit(null);
  }
}

main().catch((error) => {
  process.stderr.write(`faults failed: ${error?.stack ?? error}\n`);
  process.exitCode = 1;
});
