/**
 * Helpers shared by the bench scripts (run.mjs, faults.mjs, prune.mjs…): progress lines, percentiles,
 * ports, paced orders.
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

/**
 * Places orders (POST `url`, body from `body()`) evenly spaced at `rate` per second for `seconds`,
 * or, with `until`, until `until()` is true (at least `seconds`, at most `maxSeconds`), at most 64
 * in flight. Evenly spaced, not in bursts: a burst would measure queueing behind it, not latency.
 * `onOrder(id, at)` is told of each 201. The same pacing as run.mjs's event → first delivery figure.
 */
export async function pacedOrders(url, headers, body, { rate, seconds, until, maxSeconds = seconds, onOrder }) {
  const inflight = new Set();
  const durations = [];
  let ok = 0;
  let failed = 0;
  const start = performance.now();
  const more = (sent) => {
    const elapsedS = (performance.now() - start) / 1000;
    if (!until) return sent < Math.round(rate * seconds);
    return elapsedS < maxSeconds && (elapsedS < seconds || !until());
  };
  for (let sent = 0; more(sent); ) {
    const wait = start + (sent * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    if (inflight.size >= 64) {
      await Promise.race(inflight);
      continue;
    }
    sent += 1;
    const t0 = performance.now();
    const request = fetch(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: body(),
    })
      .then(async (res) => {
        const text = await res.text();
        durations.push(performance.now() - t0);
        if (res.status === 201) {
          ok += 1;
          onOrder?.(JSON.parse(text).id, Date.now());
        } else failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => inflight.delete(request));
    inflight.add(request);
  }
  await Promise.all(inflight);
  return {
    ok,
    failed,
    seconds: (performance.now() - start) / 1000,
    p50Ms: round(percentile(durations, 50), 1),
    p99Ms: round(percentile(durations, 99), 1),
  };
}
