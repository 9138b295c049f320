/** `pnpm bench` (bench/run.mjs): the command line, the settings, the targets and the progress lines. */

import { parseCommandLine, readArgs } from "../args.mjs";
import { postgresLogger, progressFrom, startReferenceServer } from "../util.mjs";

const PHASES = ["reads", "orders", "logging", "delivery", "bulk"];
export const RUN_COMMAND = {
  command: "bench/run.mjs",
  usage: `Measures the reference server (examples/server/dist/main.js, from the build: run pnpm build first, as
pnpm bench does) under load against bare Hono + pg baselines run in the same invocation, on an embedded
PostgreSQL of its own, and reports each figure as a ratio to bare: ~8 minutes on 2 cores, ~2 with
--quick. Prints a table and writes bench/results/latest.json. With --scale, bench/scale.mjs runs instead
and reads the whole command line (node bench/scale.mjs --help).`,
  options: {
    quick: { type: "boolean", description: "20,000 offers, one short run per figure" },
    runs: { type: "integer", description: "measured runs per figure", defaultText: "3; 1 with --quick" },
    duration: { type: "number", placeholder: "S", description: "seconds per run", defaultText: "5; 3 with --quick" },
    "order-rate": {
      type: "number",
      description: "pace event → first delivery at N orders/s",
      defaultText: "a tenth of the run's bare order throughput, else 20",
    },
    only: { type: "list", choices: PHASES, description: "the phases to run", defaultText: "all" },
    match: { type: "list", description: 'only the read figures whose name contains one of these ("first page,by id")' },
    "worker-concurrency": {
      type: "integer",
      description: "MARKETPLACE_WORKER_CONCURRENCY of the delivery phase's server",
    },
    "write-docs": { type: "boolean", description: "also rewrite the figures block of docs/performance.md" },
    keep: { type: "boolean", description: "keep the temporary folder (PostgreSQL's data, server logs)" },
    serve: {
      type: "boolean",
      description: "seed, start the servers, print how to reach them, and wait (≤ 20 minutes)",
    },
    scale: { type: "boolean", description: "run bench/scale.mjs instead, with the same arguments" },
  },
};
const argv = process.argv.slice(2);
/** `--scale`: run.mjs hands over to bench/scale.mjs, which reads the command line itself. */
export const SCALE = argv.includes("--scale");
const { values } = SCALE ? parseCommandLine(RUN_COMMAND, []) : readArgs(RUN_COMMAND, argv);
/** The flags of the command line: `keep`, `serve`, `write-docs`. */
export const flag = (name) => values[name] === true;
export const QUICK = flag("quick");
const ONLY = new Set(values.only ?? PHASES);
export const phase = (name) => ONLY.has(name);
/** `--match "first page,by id"`: only the read figures whose name contains one of these. */
const MATCH = values.match ?? [];
export const matches = (name) => MATCH.length === 0 || MATCH.some((part) => name.includes(part));
/** `--worker-concurrency`, or null. */
export const WORKER_CONCURRENCY = values["worker-concurrency"] ?? null;
/** Extra node arguments for the reference server, e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof". */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean);
/** The reference server from the build, with this run's extra node arguments. */
export const startProject = (tmp, databaseUrl, env, label) =>
  startReferenceServer({ tmp, databaseUrl, env, label, nodeArgs: SERVER_NODE_ARGS });
export const SETTINGS = {
  offers: QUICK ? 20_000 : 100_000,
  teams: QUICK ? 100 : 500,
  runs: values.runs ?? (QUICK ? 1 : 3),
  durationS: values.duration ?? (QUICK ? 3 : 5),
  warmupS: QUICK ? 1 : 2,
  connections: 20,
  /** Event → first delivery is paced at this share of the same run's bare order throughput… */
  orderRateShare: 0.1,
  /** …or at `--order-rate` orders/s (and at this rate when the order phase did not run). */
  orderRate: values["order-rate"] ?? null,
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
