/**
 * The progress of a large bulk CSV upload (ADR-0077), in process over a fresh embedded PostgreSQL:
 *
 * - the use case on a 50,000-row file with and without an `onProgress` callback, alternating
 *   (without, with, with, without, …), the team's offers deleted and vacuumed between runs, so the
 *   callback's cost shows against the run-to-run spread;
 * - the dashboard's confirm of the same file (`POST …/bulk/upload/confirm`, the app's `fetch`, no
 *   HTTP): the time to the first byte, to the first progress step ("rows done"), and to the end of
 *   the streamed page.
 *
 *   pnpm build && node bench/bulk-progress.mjs [--rows N] [--rounds N]   (--help: the defaults)
 *
 * Prints a JSON report and a Markdown table (docs/performance.md, "Bulk CSV").
 */

import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { readArgs } from "./args.mjs";
import { freePort, importBuilds, machine, median, postgresLogger, progressFrom, round } from "./util.mjs";

const { values: SETTINGS } = readArgs({
  command: "bench/bulk-progress.mjs",
  usage: `The progress of a large bulk CSV upload (ADR-0077), in process over the build (run pnpm build
first) and an embedded PostgreSQL of its own: the use case on a --rows file with and without an
onProgress callback, alternating over --rounds rounds, then the dashboard's confirm of the same file
(time to the first byte, the first progress step and the end). Prints a JSON report and a Markdown table.`,
  options: {
    rows: { type: "integer", description: "rows of the uploaded file", default: 50_000 },
    rounds: { type: "integer", description: "rounds of each measurement", default: 3 },
  },
});
const progress = progressFrom(Date.now());

/** A file of `rows` valid upload rows (SKUs prefixed, so every run creates new offers). */
function uploadFile(rows, prefix) {
  const lines = ["sku,name,serviceType,monthlyPrice,description"];
  for (let i = 1; i <= rows; i++)
    lines.push(`${prefix}-${i},Plan ${i},tv,${10 + (i % 50)}.50,Channels and a box (${i})`);
  return `${lines.join("\r\n")}\r\n`;
}

/** The file's rows as the use case takes them (the CSV is plain: no quotes, so a split reads it). */
function asRows(csv) {
  const [head, ...lines] = csv.trimEnd().split("\r\n");
  return {
    header: head.split(","),
    rows: (async function* () {
      for (let i = 0; i < lines.length; i++) yield { line: i + 2, cells: lines[i].split(",") };
    })(),
  };
}

async function main() {
  const { core, adapters, dashboard, embedded } = await importBuilds({ dashboard: true });
  const { startEmbeddedPostgres } = embedded;
  progress(`settings ${JSON.stringify(SETTINGS)}`);
  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-bulk-progress-"));
  chmodSync(tmp, 0o755);
  const postgres = await startEmbeddedPostgres({
    dir: tmp,
    port: await freePort(),
    logger: postgresLogger(progress),
    settings: { shared_buffers: "256MB", fsync: "off", synchronous_commit: "off" },
  });
  let pool;
  try {
    pool = new pg.Pool({ connectionString: postgres.connectionString(), max: 8 });
    pool.on("error", () => {});
    const db = adapters.createDatabase(pool);
    await adapters.migrateToLatest(db);
    const marketplace = core.createMarketplace({
      unitOfWork: new adapters.PostgresUnitOfWork({ db }),
      members: { passwordHasher: dashboard.argon2idPasswordHasher({ memorySize: 1024, iterations: 1 }) },
    });
    const app = dashboard.createDashboard({ marketplace, basePath: "/dashboard", secureCookies: false });
    const { team } = await marketplace.teams.create({ name: "Bench Fiber", role: "provider" });
    const principal = { teamId: team.id, role: "provider", apiKeyId: "bench" };
    const { token } = await marketplace.members.invite(
      team.id,
      { email: "bench@example.com", role: "owner" },
      core.operatorCaller(),
    );
    const session = await marketplace.members.acceptInvite(
      token,
      "bench tangerine kettle 42",
      core.requestOrigin("127.0.0.1", "bench"),
    );
    const clean = async () => {
      await pool.query("delete from offers where team_id = $1", [team.id]);
      await pool.query("vacuum analyze offers");
    };

    // The use case, with and without the callback, alternating.
    const runs = { without: [], with: [] };
    const cpuSeconds = { without: [], with: [] };
    const order = Array.from({ length: SETTINGS.rounds }, (_, k) =>
      k % 2 === 0 ? ["without", "with"] : ["with", "without"],
    ).flat();
    for (const [k, kind] of order.entries()) {
      await clean();
      const file = asRows(uploadFile(SETTINGS.rows, `U${k}`));
      let reports = 0;
      // What the dashboard's callback does between batches: words for a step.
      const onProgress = (p) => {
        reports += 1;
        return `Created ${p.rowsWritten.toLocaleString("en-US")} of ${p.rowsChecked.toLocaleString("en-US")} rows`;
      };
      const options = kind === "with" ? { onProgress } : {};
      const started = performance.now();
      const cpu = process.cpuUsage();
      const { summary } = await marketplace.bulkOffers.upload(principal, file, options);
      const seconds = (performance.now() - started) / 1000;
      const { user, system } = process.cpuUsage(cpu);
      if (summary.created !== SETTINGS.rows) throw new Error(`created ${summary.created}`);
      runs[kind].push(seconds);
      cpuSeconds[kind].push((user + system) / 1e6);
      progress(
        `use case ${kind} the callback: ${seconds.toFixed(2)} s, Node CPU ${((user + system) / 1e6).toFixed(2)} s (${reports} reports)`,
      );
    }

    // The dashboard's confirm, streamed.
    const pages = [];
    for (let k = 0; k < SETTINGS.rounds; k++) {
      await clean();
      const form = new FormData();
      form.set("file", uploadFile(SETTINGS.rows, `P${k}`));
      const request = new Request(
        `http://127.0.0.1/dashboard/teams/${team.id}/provider/offers/bulk/upload/confirm?expect=${SETTINGS.rows}`,
        { method: "POST", headers: { cookie: `mk_session=${session.token}`, origin: "http://127.0.0.1" }, body: form },
      );
      const started = performance.now();
      const response = await app.fetch(request);
      if (response.status !== 200) throw new Error(`confirm: ${response.status}`);
      const decoder = new TextDecoder();
      let firstByte = null;
      let firstStep = null;
      let html = "";
      for await (const chunk of response.body) {
        const at = performance.now() - started;
        firstByte ??= at;
        html += decoder.decode(chunk, { stream: true });
        if (firstStep === null && html.includes("rows done")) firstStep = at;
      }
      const total = performance.now() - started;
      if (!html.includes(`${SETTINGS.rows} offers created`)) throw new Error("the page did not end with the results");
      const row = {
        firstByteMs: round(firstByte),
        firstStepMs: round(firstStep),
        totalS: round(total / 1000, 2),
        steps: html.split('class="step"').length - 1,
        htmlKb: round(Buffer.byteLength(html) / 1024),
      };
      pages.push(row);
      progress(`dashboard confirm: ${JSON.stringify(row)}`);
    }

    const report = {
      when: new Date().toISOString(),
      settings: SETTINGS,
      machine: machine(),
      useCase: {
        withoutS: runs.without.map((s) => round(s, 2)),
        withS: runs.with.map((s) => round(s, 2)),
        medianWithoutS: round(median(runs.without), 2),
        medianWithS: round(median(runs.with), 2),
        cpuWithoutS: cpuSeconds.without.map((s) => round(s, 2)),
        cpuWithS: cpuSeconds.with.map((s) => round(s, 2)),
      },
      page: pages,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    const line = (name, values, unit, digits) =>
      `| ${name} | ${round(median(values), digits)} ${unit} | ${values.map((v) => round(v, digits)).join(", ")} |\n`;
    process.stdout.write(
      `\n| ${SETTINGS.rows} rows | median | runs |\n|---|---|---|\n` +
        line("use case, no callback", runs.without, "s", 2) +
        line("use case, onProgress", runs.with, "s", 2) +
        line("use case, no callback, Node CPU", cpuSeconds.without, "s", 2) +
        line("use case, onProgress, Node CPU", cpuSeconds.with, "s", 2) +
        line(
          "page: first byte",
          pages.map((p) => p.firstByteMs),
          "ms",
          0,
        ) +
        line(
          "page: first progress step",
          pages.map((p) => p.firstStepMs),
          "ms",
          0,
        ) +
        line(
          "page: total",
          pages.map((p) => p.totalS),
          "s",
          2,
        ),
    );
  } finally {
    await pool?.end().catch(() => {});
    await postgres.stop().catch(() => {});
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
