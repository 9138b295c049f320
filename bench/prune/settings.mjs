/** `pnpm bench:prune` (bench/prune.mjs): the command line, the settings and the progress lines. */

import { readArgs } from "../args.mjs";
import { postgresLogger, progressFrom } from "../util.mjs";

export const PRUNE_COMMAND = {
  command: "bench/prune.mjs",
  usage: `Does retention pruning slow deliveries? The reference server from the build (run pnpm build first,
as pnpm bench:prune does), its delivery worker on, on an embedded PostgreSQL of its own with --rows old
delivery records: event → first delivery at a paced order rate, first without pruning, then in
alternating windows without and with pruneOnce, until nothing old is left. Target: p99 with pruning
≤ 1.2 × without. ~10 minutes with the defaults. Writes bench/results/prune.json.`,
  options: {
    rows: { type: "integer", description: "old delivery records seeded (each with its event)", default: 1_000_000 },
    seconds: {
      type: "number",
      placeholder: "S",
      description: "length of the reference run without pruning",
      default: 60,
    },
    window: {
      type: "number",
      placeholder: "S",
      description: "length of each window of the interleaved run",
      default: 15,
    },
    "max-seconds": { type: "number", placeholder: "S", description: "the interleaved run's limit", default: 900 },
    "order-rate": { type: "number", description: "orders/s placed throughout", default: 20 },
    "pause-ratio": {
      type: "number",
      placeholder: "R",
      description: "pruneOnce's pauseRatio (0: the fixed 20 ms pause alone)",
      defaultText: "pruneOnce's",
    },
    batch: { type: "integer", description: "pruneOnce's batchSize", defaultText: "pruneOnce's" },
    control: {
      type: "number",
      placeholder: "S",
      description: "a control run: the interleaved phase lasts S s and prunes nothing (0: off)",
      default: 0,
    },
    keep: { type: "boolean", description: "keep the temporary folder" },
  },
};
const { values } = readArgs(PRUNE_COMMAND);
/** The flags of the command line: `keep`. */
export const flag = (name) => values[name] === true;
export const SETTINGS = {
  rows: values.rows,
  seconds: values.seconds,
  /** Length of each window of the interleaved run, with and without pruning, in seconds. */
  window: values.window,
  maxSeconds: values["max-seconds"],
  orderRate: values["order-rate"],
  /** pruneOnce's pauseRatio (null: its default); --pause-ratio 0 is the fixed 20 ms pause alone. */
  pauseRatio: values["pause-ratio"] ?? null,
  /**
   * A control run: the interleaved phase lasts this many seconds and nothing is pruned in its "with"
   * windows (0: off). It tells the machine's drift from pruning's after-effects.
   */
  control: values.control,
  /** pruneOnce's batchSize (null: its default). */
  batchSize: values.batch ?? null,
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
