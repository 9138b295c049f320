/** `pnpm faults` (bench/faults.mjs): the command line, the scenarios' settings and the progress lines. */

import { readArgs } from "../args.mjs";
import { progressFrom } from "../util.mjs";

export const FAULTS_COMMAND = {
  command: "bench/faults.mjs",
  usage: `Measures issue 12's fault targets black-box against the build (run pnpm build first, as pnpm faults
does): the reference server as a child process on an embedded PostgreSQL of this script's own.
A: PostgreSQL restarted under order load; B: a healthy receiver's deliveries beside a hanging one;
C: SIGTERM under keep-alive load. About 1 minute on 2 cores (up to ~3 when deliveries stall). Prints a
table of target vs measured and writes bench/results/faults.json.`,
  options: {
    only: { type: "list", choices: ["A", "B", "C"], description: "the scenarios to run", default: ["A", "B", "C"] },
    restarts: { type: "integer", description: "PostgreSQL restarts in scenario A", default: 8 },
    keep: { type: "boolean", description: "keep the temporary folder" },
  },
};
const { values } = readArgs(FAULTS_COMMAND);
/** The flags of the command line: `keep`. */
export const flag = (name) => values[name] === true;
export const ONLY = new Set(values.only);
export const SETTINGS = {
  restarts: values.restarts,
  orderClients: 4,
  /** Load before the first restart, and between a restart's first delivery and the next restart. */
  warmupMs: 3000,
  steadyMs: 1500,
  /** How long a restart may wait for its first delivery before it counts as not resumed. */
  resumeWaitMs: 10_000,
  resumeTargetMs: 5000,
  pacedOrders: 100,
  /** Slow enough that the measured window (12.5 s) outlasts one delivery timeout (10 s). */
  pacedRate: 8,
  hangingOrders: 40,
  keepAliveConnections: 8,
  sigtermAfterMs: 1000,
  shutdownDelayMs: 500,
};
/** Throwaway cluster, durable commits (fsync off only skips the disk flush; a crash keeps the OS cache). */
export const PG_SETTINGS = { fsync: "off", full_page_writes: "off", max_connections: "200" };

export const started = Date.now();
export const progress = progressFrom(started);

export const pgLogger = {
  debug() {},
  info() {},
  warn: (msg, fields) => progress(`postgres: ${msg} ${fields ? JSON.stringify(fields) : ""}`),
  error: (msg, fields) => progress(`postgres: ${msg} ${fields ? JSON.stringify(fields) : ""}`),
};
