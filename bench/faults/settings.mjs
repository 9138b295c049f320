/** `pnpm faults` (bench/faults.mjs): the command line, the scenarios' settings and the progress lines. */

import { progressFrom } from "../util.mjs";

const args = process.argv.slice(2);
export const flag = (name) => args.includes(name);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
export const ONLY = new Set(option("--only", "A,B,C").split(","));
export const SETTINGS = {
  restarts: Number(option("--restarts", 8)),
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
