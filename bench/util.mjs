/**
 * Helpers shared by the bench scripts (run.mjs, faults.mjs): progress lines, percentiles, ports.
 */

import net from "node:net";

/** Prints `[  12s] message`, seconds since `started`. */
export function progressFrom(started) {
  return (message) => {
    const s = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
    process.stdout.write(`[${s}s] ${message}\n`);
  };
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The p-th percentile (nearest rank) of `values`, or null when there are none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `value` rounded to `digits`; null (or undefined) stays null. */
export const round = (value, digits = 0) =>
  value === null || value === undefined ? null : Number(value.toFixed(digits));

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
