/** `pnpm bench:prune` (bench/prune.mjs), part 2: windows with and without pruning, interleaved. */

import { percentile, round, sleep } from "../util.mjs";
import { fmt, progress, SETTINGS } from "./settings.mjs";

/** Prunes in every other window until nothing old is left, the orders going on; the figures by window. */
export async function interleave({ pool, worker, db, measure, countOld, oldAfterBaseline }) {
  // ── 2. Interleaved: windows with and without pruning, until every old row is gone ──
  // As `pnpm bench` alternates the project and the bare server, the run alternates windows of
  // `--window` seconds: pruning runs only in the "with" windows (pruneOnce's pauses wait for the next
  // one), and the orders go on throughout. A drift of the machine's load between two long runs then
  // weighs on both sides alike. Events committed within `GUARD_MS` of a switch count for neither.
  progress(
    `── interleaved: ${SETTINGS.window} s without, ${SETTINGS.window} s with pruneOnce (${SETTINGS.batchSize ?? "default"} rows a statement, pause ratio ${SETTINGS.pauseRatio ?? "default"}), until ${fmt(oldAfterBaseline.deliveries)} old delivery records and their events are gone`,
  );
  const GUARD_MS = 250;
  const windowMs = SETTINGS.window * 1000;
  const interleaveStarted = Date.now();
  const windowAt = (t) => Math.floor((t - interleaveStarted) / windowMs);
  /** Windows alternate, starting without pruning: odd ones prune. */
  const pruningWindow = (t) => windowAt(t) % 2 === 1;
  const untilPruningWindow = async () => {
    for (;;) {
      const now = Date.now();
      if (pruningWindow(now) && now - interleaveStarted - windowAt(now) * windowMs < windowMs - GUARD_MS) return;
      await sleep(Math.max(5, (windowAt(now) + 1) * windowMs + interleaveStarted - now));
    }
  };
  // Autovacuum after a million deletes runs whenever PostgreSQL decides, in either kind of window:
  // sampled every 500 ms, so a "without" window it touched can be told apart (it is pruning's cost).
  const autovacuumSeen = new Set();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await pool
        .query("select query from pg_stat_activity where backend_type = 'autovacuum worker'")
        .catch(() => ({ rows: [] }));
      if (rows.some((row) => /webhook_deliveries|events/.test(row.query ?? "")))
        autovacuumSeen.add(windowAt(Date.now()));
      await sleep(500);
    }
  })();
  const pruned = { deliveries: 0, events: 0, idempotencyKeys: 0, calls: 0, statements: 0 };
  let pruning = true;
  const pruneStarted = Date.now();
  let pruneEnded = null;
  const prunedBy = (async () => {
    try {
      if (SETTINGS.control > 0) {
        await sleep(SETTINGS.control * 1000);
        return round((Date.now() - pruneStarted) / 1000, 1);
      }
      for (;;) {
        await untilPruningWindow();
        const result = await worker.pruneOnce(db, {
          now: new Date(),
          ...(SETTINGS.pauseRatio !== null && { pauseRatio: SETTINGS.pauseRatio }),
          ...(SETTINGS.batchSize !== null && { batchSize: SETTINGS.batchSize }),
          // pruneOnce's own pause, then the next window with pruning.
          sleep: async (ms) => {
            pruned.statements += 1;
            await sleep(ms);
            await untilPruningWindow();
          },
        });
        pruned.calls += 1;
        pruned.deliveries += result.deliveries;
        pruned.events += result.events;
        pruned.idempotencyKeys += result.idempotencyKeys;
        progress(`  pruneOnce #${pruned.calls}: ${JSON.stringify(result)}`);
        if (result.deliveries === 0 && result.events === 0) break;
      }
    } finally {
      pruning = false;
      pruneEnded = Date.now();
    }
    return round((Date.now() - pruneStarted) / 1000, 1);
  })();
  // Orders until pruning has ended and the window pair it ended in is complete.
  let endAt = null;
  const interleaved = await measure("interleaved", {
    until: () => {
      if (pruning) return false;
      endAt ??= interleaveStarted + (Math.floor(windowAt(pruneEnded) / 2) + 1) * 2 * windowMs;
      return Date.now() >= endAt;
    },
    maxSeconds: SETTINGS.maxSeconds,
  });
  const pruneSeconds = await prunedBy; // when orders stopped at --max-seconds, pruning still ends
  sampling = false;
  await sampler;
  const oldAtEnd = await countOld();

  const lastWindow = windowAt(endAt ?? Date.now());
  const kinds = { with: [], without: [], withoutNoAutovacuum: [] };
  const perWindow = [];
  for (let w = 0; w < lastWindow; w++) {
    const start = interleaveStarted + w * windowMs;
    const latencies = interleaved.arrivals
      .filter((a) => a.createdAt >= start + GUARD_MS && a.createdAt < start + windowMs - GUARD_MS)
      .map((a) => a.at - a.createdAt);
    const kind = w % 2 === 1 ? "with" : "without";
    kinds[kind].push(...latencies);
    if (kind === "without" && !autovacuumSeen.has(w)) kinds.withoutNoAutovacuum.push(...latencies);
    perWindow.push({
      window: w,
      kind,
      autovacuum: autovacuumSeen.has(w),
      events: latencies.length,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.length ? Math.max(...latencies) : null,
    });
  }
  return { interleaved, pruned, pruneSeconds, oldAtEnd, autovacuumSeen, kinds, perWindow, GUARD_MS };
}
