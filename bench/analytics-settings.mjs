/** bench/analytics.mjs: the command line and the settings (its header says what each option measures). */

import { readArgs } from "./args.mjs";

export const ANALYTICS_COMMAND = {
  command: "bench/analytics.mjs",
  usage: `Analytics at scale (issue 31), in process over the build (run pnpm build first), on an embedded
PostgreSQL of its own: the analytics reads against the naive recount, and what the rollups cost the
order path. Prints a JSON report. The header of bench/analytics.mjs says what each option measures.`,
  options: {
    orders: { type: "integer", description: "orders seeded over 2025", default: 1_000_000 },
    requests: { type: "integer", description: "calls of each analytics read (0: none)", default: 50 },
    "naive-requests": { type: "integer", description: "calls of each naive recount (0: none)", default: 5 },
    "order-rounds": { type: "integer", description: "ABBA pairs of order-path rounds (0: none)", default: 16 },
    "orders-per-round": { type: "integer", description: "orders placed per round", default: 200 },
    "trigger-rounds": { type: "integer", description: "ABBA pairs of insert-trigger rounds (0: none)", default: 20 },
    concurrency: { type: "integer", description: "callers placing orders at once", default: 4 },
    seed: {
      type: "string",
      choices: ["triggers", "rebuild"],
      description: "how the orders are seeded",
      default: "triggers",
    },
    dir: { type: "string", placeholder: "PATH", description: "keep the cluster in PATH and reuse a seeded one there" },
    keep: { type: "boolean", description: "keep the temporary folder" },
  },
};
/** bench/analytics.mjs run as a script (not imported): the command line is its own. */
export const isMain = /(^|\/)analytics\.mjs$/.test(process.argv[1] ?? "");
export const { values } = readArgs(ANALYTICS_COMMAND, isMain ? process.argv.slice(2) : []);
export const SETTINGS = {
  orders: values.orders,
  requests: values.requests,
  naiveRequests: values["naive-requests"],
  orderRounds: values["order-rounds"],
  ordersPerRound: values["orders-per-round"],
  triggerRounds: values["trigger-rounds"],
  concurrency: values.concurrency,
  seed: values.seed,
  dir: values.dir ?? null,
};
export const PG_SETTINGS = {
  shared_buffers: "512MB",
  work_mem: "16MB",
  maintenance_work_mem: "256MB",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_wal_size: "8GB",
};
