/** `pnpm bench` (bench/run.mjs): the command line, the settings, the targets and the progress lines. */

import { postgresLogger, progressFrom, startReferenceServer } from "../util.mjs";

const args = process.argv.slice(2);
export const flag = (name) => args.includes(name);
export const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? Number(args[i + 1]) : fallback;
};
export const QUICK = flag("--quick");
const PHASES = ["reads", "orders", "logging", "delivery", "bulk"];
const onlyIndex = args.indexOf("--only");
const ONLY = new Set(onlyIndex >= 0 ? (args[onlyIndex + 1] ?? "").split(",") : PHASES);
export const phase = (name) => ONLY.has(name);
const matchIndex = args.indexOf("--match");
/** `--match "first page,by id"`: only the read figures whose name contains one of these. */
const MATCH = matchIndex >= 0 ? (args[matchIndex + 1] ?? "").split(",").filter(Boolean) : [];
export const matches = (name) => MATCH.length === 0 || MATCH.some((part) => name.includes(part));
/** Extra node arguments for the reference server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
/** The reference server from the build, with this run's extra node arguments. */
export const startProject = (tmp, databaseUrl, env, label) =>
  startReferenceServer({ tmp, databaseUrl, env, label, nodeArgs: SERVER_NODE_ARGS });
export const SETTINGS = {
  offers: QUICK ? 20_000 : 100_000,
  teams: QUICK ? 100 : 500,
  runs: option("--runs", QUICK ? 1 : 3),
  durationS: option("--duration", QUICK ? 3 : 5),
  warmupS: QUICK ? 1 : 2,
  connections: 20,
  /** Event → first delivery is paced at this share of the same run's bare order throughput… */
  orderRateShare: 0.1,
  /** …or at `--order-rate` orders/s (and at this rate when the order phase did not run). */
  orderRate: option("--order-rate", null),
  fallbackOrderRate: 20,
  latencyS: QUICK ? 5 : 10,
  deliveryEvents: QUICK ? 5_000 : 20_000,
  bulkSmallRows: 10_000,
  bulkLargeRows: QUICK ? 20_000 : 100_000,
};
/** PostgreSQL settings of the throwaway benchmark cluster. */
export const PG_SETTINGS = {
  shared_buffers: "1GB",
  work_mem: "16MB",
  max_connections: "200",
  // Durability off: the cluster is thrown away, and commit flushes would measure the disk, not the code.
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  // No checkpoint in the middle of a run.
  max_wal_size: "8GB",
  checkpoint_timeout: "30min",
};
/** Targets (issue 18): ratios to bare measured in the same run, and the server's memory. */
export const READ_RATIO_TARGET = 0.85;
export const ORDER_RATIO_TARGET = 0.7;
export const SEARCH_RATIO_TARGET = 2.5;
export const RSS_TARGET_MB = 256;

export const started = Date.now();
export const progress = progressFrom(started);
export const logger = postgresLogger(progress);
