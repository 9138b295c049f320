/**
 * What one `analytics_fold()` costs, with and without dropping the rows it brings to zero
 * (migration 0033, ADR-0068 "Zero periods"), and with nothing pending (what every analytics read
 * pays when no order arrived since the last one).
 *
 *   pnpm build && node --import tsx bench/analytics-fold.mjs [--keys N] [--days N] [--batch N] [--pairs N]
 *   node bench/analytics-fold.mjs --help     (the options and their defaults; no tsx needed)
 *
 * One embedded PostgreSQL (temporary folder), migrated. Deltas are inserted straight into
 * `analytics_deltas` (the fold reads nothing else): `--keys` offers × 5 channels × `--days` days of
 * quarter hours folded once as the standing rollups, then a batch of `--batch` deltas on the last
 * two days: four fifths new items, one fifth the negatives of items folded before (orders deleted:
 * their rows come to zero). Each trial restores the batch inside a transaction, times `select analytics_fold()`, and
 * rolls back; the two fold functions alternate ABBA over `--pairs` pairs, and so do empty folds.
 * Needs tsx: the fold's SQL comes from the adapter's source (it is not exported).
 */

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import pg from "pg";
import { readArgs } from "./args.mjs";
import { freePort, machine, median, percentile, postgresLogger, progressFrom, root, round } from "./util.mjs";

const { values: SETTINGS } = readArgs({
  command: "bench/analytics-fold.mjs",
  usage: `What one analytics_fold() costs, with and without dropping the rows it brings to zero, and with
nothing pending: on an embedded PostgreSQL of its own (from the build: run pnpm build first), --keys
offers × 5 channels × --days days of standing rollups, then a batch of --batch deltas folded in
--pairs ABBA pairs of trials. Needs tsx (node --import tsx bench/analytics-fold.mjs): the fold's SQL
comes from the adapter's TypeScript source.`,
  options: {
    keys: { type: "integer", description: "offers in the standing rollups", default: 20 },
    days: { type: "integer", description: "days of quarter hours in the standing rollups", default: 60 },
    batch: { type: "integer", description: "deltas in the folded batch", default: 3000 },
    pairs: { type: "integer", description: "ABBA pairs of trials", default: 10 },
  },
});
// The fold's SQL from the adapter's source (not exported; tsx loads it), once the command line is read.
const { SHIFTED_DAY_OFFSETS_0032 } = await import(
  "../packages/adapters-postgres/src/migrations/0032-analytics-shifted-days.ts"
);
const { analyticsFoldFunction } = await import("../packages/adapters-postgres/src/migrations/analytics-fold.ts");
const progress = progressFrom(Date.now());
const fold = (dropZero) =>
  analyticsFoldFunction({ months: true, shifts: SHIFTED_DAY_OFFSETS_0032, replace: true, dropZero });

/** `count` random deltas of items on the given days before 2026-03-01 (as `analytics_deltas` rows). */
const DELTAS = (count, firstDay, days) => `
  insert into analytics_deltas (kind, at, provider_team_id, reseller_team_id, offer_id, service_type, channel_id,
    orders_all, orders_provider, received, st_pending, st_accepted, accepted, monthly_ordered, monthly_accepted,
    commission, accept_bin)
  select 'i', timestamptz '2026-03-01' - make_interval(days => ${firstDay}) + random() * interval '1 day' * ${days},
    '11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222',
    ('33333333-3333-4333-8333-' || lpad((n % ${SETTINGS.keys})::text, 12, '0'))::uuid, 'internet',
    ('44444444-4444-4444-8444-' || lpad((n % 5)::text, 12, '0'))::uuid,
    1, 1, 1, (n % 2 = 0)::int, (n % 2 = 1)::int, (n % 2 = 1)::int, 49.99, case when n % 2 = 1 then 49.99 else 0 end,
    case when n % 2 = 1 then 30 else 0 end, case when n % 2 = 1 then (n % 60)::smallint end
  from generate_series(1, ${count}) n`;

async function main() {
  const { startEmbeddedPostgres } = await import(join(root, "examples/server/dist/embedded-postgres.js"));
  const adapters = await import(join(root, "packages/adapters-postgres/dist/index.js"));
  progress(`settings ${JSON.stringify(SETTINGS)}`);
  const tmp = mkdtempSync(join(os.tmpdir(), "marketplace-fold-"));
  const postgres = await startEmbeddedPostgres({
    dir: tmp,
    port: await freePort(),
    logger: postgresLogger(progress),
    settings: { shared_buffers: "256MB", fsync: "off", synchronous_commit: "off", full_page_writes: "off" },
  });
  const pool = new pg.Pool({ connectionString: postgres.connectionString(), max: 2 });
  try {
    await adapters.migrateToLatest(adapters.createDatabase(pool));
    const client = await pool.connect();
    try {
      const q = (text) => client.query(text);
      // Standing rollups: four deltas per key, quarter hour and day on average.
      await q(DELTAS(SETTINGS.keys * 5 * SETTINGS.days * 4, SETTINGS.days, SETTINGS.days));
      await q("select analytics_fold()");
      // The batch: new items on the last two days, and as many deletions as a fifth of it, each
      // taking away an item folded before (its quarter hour's rows come to zero unless a new item
      // lands there too).
      const batch = (table, count) => DELTAS(count, 2, 2).replace("into analytics_deltas", `into ${table}`);
      await q("create table bench_old (like analytics_deltas including defaults)");
      await q(batch("bench_old", Math.round(SETTINGS.batch * 0.2)));
      await q("insert into analytics_deltas select * from bench_old");
      await q("select analytics_fold()");
      await q("create table bench_batch (like analytics_deltas including defaults)");
      await q(batch("bench_batch", Math.round(SETTINGS.batch * 0.8)));
      await q(`insert into bench_batch (kind, at, provider_team_id, reseller_team_id, offer_id, service_type,
          channel_id, orders_all, orders_provider, received, st_pending, st_accepted, accepted, monthly_ordered,
          monthly_accepted, commission, accept_bin)
        select kind, at, provider_team_id, reseller_team_id, offer_id, service_type, channel_id, -orders_all,
          -orders_provider, -received, -st_pending, -st_accepted, -accepted, -monthly_ordered, -monthly_accepted,
          -commission, accept_bin
        from bench_old`);
      await q("vacuum analyze");
      const rows = async () =>
        Number(
          (
            await q(`select (select count(*) from analytics_provider_rollups) + (select count(*) from
              analytics_reseller_rollups) + (select count(*) from analytics_accept_histogram) as n`)
          ).rows[0].n,
        );
      progress(`standing rollups: ${await rows()} rows; batch ${SETTINGS.batch} deltas`);
      const times = { drop: [], keep: [], dropEmpty: [], keepEmpty: [] };
      const left = { drop: 0, keep: 0 };
      const trial = async (variant, empty) => {
        await q(fold(variant === "drop"));
        await q("begin");
        if (!empty) await q("insert into analytics_deltas select * from bench_batch");
        const started = process.hrtime.bigint();
        await q("select analytics_fold()");
        times[empty ? `${variant}Empty` : variant].push(Number(process.hrtime.bigint() - started) / 1e6);
        if (!empty) left[variant] = await rows();
        await q("rollback");
      };
      for (let pair = 0; pair < SETTINGS.pairs; pair += 1) {
        const order = pair % 2 === 0 ? ["drop", "keep", "keep", "drop"] : ["keep", "drop", "drop", "keep"];
        for (const variant of order) await trial(variant, false);
        for (const variant of order) await trial(variant, true);
      }
      await q(fold(true));
      const line = (name, values) =>
        `${name}: median ${round(median(values), 1)} ms, p90 ${round(percentile(values, 90), 1)} ms (${values.length})`;
      progress(line("fold of the batch, dropping zero rows", times.drop));
      progress(line("fold of the batch, keeping zero rows", times.keep));
      progress(`rollup rows after the batch: ${left.drop} dropping, ${left.keep} keeping`);
      progress(line("empty fold, dropping zero rows", times.dropEmpty));
      progress(line("empty fold, keeping zero rows", times.keepEmpty));
      progress(`machine: ${JSON.stringify(machine())}`);
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
    await postgres.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
