/** `pnpm bench:prune` (bench/prune.mjs): the command line, the settings and the progress lines. */

import { postgresLogger, progressFrom } from "../util.mjs";

export const args = process.argv.slice(2);
export const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
export const SETTINGS = {
  rows: option("--rows", 1_000_000),
  seconds: option("--seconds", 60),
  /** Length of each window of the interleaved run, with and without pruning, in seconds. */
  window: option("--window", 15),
  maxSeconds: option("--max-seconds", 900),
  orderRate: option("--order-rate", 20),
  /** pruneOnce's pauseRatio (null: its default); --pause-ratio 0 is the fixed 20 ms pause alone. */
  pauseRatio: option("--pause-ratio", null),
  /**
   * A control run: the interleaved phase lasts this many seconds and nothing is pruned in its "with"
   * windows (0: off). It tells the machine's drift from pruning's after-effects.
   */
  control: option("--control", 0),
  /** pruneOnce's batchSize (null: its default). */
  batchSize: option("--batch", null),
  /** Target: p99 with pruning at most this many times the p99 without. */
  targetRatio: 1.2,
};
/** The throwaway cluster's settings, as `pnpm bench` (bench/run.mjs); autovacuum stays on, as in production. */
export const PG_SETTINGS = {
  shared_buffers: "1GB",
  work_mem: "16MB",
  max_connections: "200",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_wal_size: "8GB",
  checkpoint_timeout: "30min",
};
/** Old rows: the seeded log ends at 2026-01-01; anything before now − 30 days is past retention. */
export const OLD = "created_at < now() - interval '30 days'";

export const progress = progressFrom(Date.now());
export const fmt = (n) => n.toLocaleString("en-US");
export const pgLogger = postgresLogger(progress);
