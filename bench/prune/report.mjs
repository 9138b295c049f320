/** `pnpm bench:prune` (bench/prune.mjs): the ratios, the target, bench/results/prune.json and the table. */

import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { machine, percentile, root, round } from "../util.mjs";
import { fmt, progress, SETTINGS } from "./settings.mjs";

/** Writes the report and prints the table; whether the target was met. */
export function writeReport({ pgVersion, logCounts, oldBefore, without, baselineClean, run }) {
  const { interleaved, pruned, pruneSeconds, oldAtEnd, autovacuumSeen, kinds, perWindow, GUARD_MS } = run;

  const summary = (latencies) => ({
    events: latencies.length,
    p50Ms: percentile(latencies, 50),
    p90Ms: percentile(latencies, 90),
    p99Ms: percentile(latencies, 99),
    maxMs: latencies.length ? Math.max(...latencies) : null,
  });
  // The median of the windows' own p99s: one window that the machine stalled (both kinds get
  // some) moves the pooled p99 of its kind, not this.
  const medianWindowP99 = (kind) =>
    percentile(
      perWindow.filter((w) => w.kind === kind && w.p99Ms !== null).map((w) => w.p99Ms),
      50,
    );
  const withWindows = summary(kinds.with);
  const withoutWindows = summary(kinds.without);
  const withoutClean = summary(kinds.withoutNoAutovacuum);
  const ratioOf = (a, b) => (a.p99Ms !== null && b.p99Ms ? round(a.p99Ms / b.p99Ms, 2) : null);
  // The target: the "with" windows against every "without" window of the same run. Also shown:
  // against the "without" windows autovacuum left alone (stricter), and against the run before any
  // pruning (minutes earlier: the machine's drift is in it).
  const ratio = ratioOf(withWindows, withoutWindows);
  const ratioClean = ratioOf(withWindows, withoutClean);
  const ratioBefore = ratioOf(withWindows, without);
  const windowMedians = { with: medianWindowP99("with"), without: medianWindowP99("without") };
  const ratioOfMedians =
    windowMedians.with !== null && windowMedians.without ? round(windowMedians.with / windowMedians.without, 2) : null;
  const pass =
    baselineClean &&
    ratio !== null &&
    ratio <= SETTINGS.targetRatio &&
    oldAtEnd.deliveries === 0 &&
    interleaved.delivered >= interleaved.orders &&
    without.delivered >= without.orders;
  delete interleaved.arrivals;
  const report = {
    when: new Date().toISOString(),
    machine: machine(),
    postgres: pgVersion,
    settings: SETTINGS,
    seeded: { ...logCounts, old: oldBefore },
    without,
    interleaved,
    windows: {
      seconds: SETTINGS.window,
      guardMs: GUARD_MS,
      with: withWindows,
      without: withoutWindows,
      withoutNoAutovacuum: withoutClean,
      perWindow,
    },
    pruning: { ...pruned, seconds: pruneSeconds, oldLeft: oldAtEnd },
    p99Ratio: ratio,
    p99RatioAgainstWindowsWithoutAutovacuum: ratioClean,
    p99RatioAgainstRunBefore: ratioBefore,
    medianWindowP99: windowMedians,
    medianWindowP99Ratio: ratioOfMedians,
    baselineClean,
    pass,
  };
  mkdirSync(join(root, "bench/results"), { recursive: true });
  writeFileSync(join(root, "bench/results/prune.json"), `${JSON.stringify(report, null, 2)}\n`);
  const row = (label, f) => `| ${label} | ${f.events} | ${f.p50Ms} | ${f.p90Ms ?? ""} | ${f.p99Ms} | ${f.maxMs} |`;
  process.stdout.write(
    `\n| events committed | events | p50 ms | p90 ms | p99 ms | max ms |\n|---|---|---|---|---|---|\n` +
      `${row(`before any pruning (${without.seconds} s)`, { ...without, events: without.delivered })}\n` +
      `${row(`in the ${kinds.without.length ? perWindow.filter((w) => w.kind === "without").length : 0} windows without pruning`, withoutWindows)}\n` +
      `${row("  of which autovacuum left alone", withoutClean)}\n` +
      `${row(`in the ${perWindow.filter((w) => w.kind === "with").length} windows with pruning`, withWindows)}\n\n` +
      `pruned: ${fmt(pruned.deliveries)} delivery records, ${fmt(pruned.events)} events in ${pruneSeconds} s of interleaved run (${pruned.calls} pruneOnce calls, ${pruned.statements} pauses); ` +
      `older than 30 days left: ${JSON.stringify(oldAtEnd)}; windows autovacuum touched: ${[...autovacuumSeen].sort((a, b) => a - b).join(", ") || "none"}\n` +
      `p99 with / without pruning (interleaved ${SETTINGS.window} s windows): ${ratio} (target ≤ ${SETTINGS.targetRatio}): ${pass ? "met" : "MISSED"}; ` +
      `against the windows autovacuum left alone ${ratioClean}; against the run before any pruning ${ratioBefore}\n` +
      `median of the windows' p99: ${windowMedians.with} ms with, ${windowMedians.without} ms without pruning: ${ratioOfMedians}\n` +
      `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown"}, load ${os
        .loadavg()
        .map((l) => round(l, 2))
        .join(" ")}\n\n`,
  );
  progress("wrote bench/results/prune.json");
  return pass;
}
