/** `pnpm bench` (bench/run.mjs): the table, the report and the figures block of docs/performance.md. */

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BROAD_TERM, SELECTIVE_TERM } from "../seed.mjs";
import { machine, root } from "../util.mjs";
import {
  ORDER_RATIO_TARGET,
  progress,
  QUICK,
  READ_RATIO_TARGET,
  RSS_TARGET_MB,
  SEARCH_RATIO_TARGET,
} from "./settings.mjs";

export function buildReport(results, info) {
  const rows = [];
  const row = (figure, project, bare, ratio, target, pass, notes = "") =>
    rows.push({ figure, project, bare, ratio, target, pass, notes });
  const fmt = (v, unit = "") =>
    v === null || v === undefined ? "—" : `${Math.round(v).toLocaleString("en-US")}${unit}`;
  for (const s of results.scenarios) {
    let target = "—";
    let pass = null;
    let notes = `p99 ${s.projectP99Ms} / ${s.bareP99Ms} ms; server CPU ${s.projectCpuMsPerRequest} / ${s.bareCpuMsPerRequest} ms per request; peak RSS ${s.peakRssMb} MB`;
    if (
      s.name.startsWith("catalog first page") ||
      s.name.startsWith("catalog deep page") ||
      s.name.startsWith("catalog by id")
    ) {
      target = `≥ ${READ_RATIO_TARGET} of bare`;
      pass = s.ratio >= READ_RATIO_TARGET;
    } else if (s.name.includes("vs naive") && s.name.includes(SELECTIVE_TERM)) {
      target = `≥ ${SEARCH_RATIO_TARGET} × naive`;
      pass = s.ratio >= SEARCH_RATIO_TARGET;
    } else if (s.name.startsWith("POST /reseller/orders")) {
      target = `≥ ${ORDER_RATIO_TARGET} of bare`;
      pass = s.ratio >= ORDER_RATIO_TARGET;
    }
    if (s.failures) notes += `; ${s.failures} failed requests`;
    row(s.name, fmt(s.projectRps, " req/s"), fmt(s.bareRps, " req/s"), s.ratio?.toFixed(2) ?? "—", target, pass, notes);
  }
  if (results.logging) {
    const s = results.logging;
    row(
      s.name,
      fmt(s.projectRps, " req/s"),
      fmt(s.bareRps, " req/s"),
      s.ratio?.toFixed(2) ?? "—",
      "(info)",
      null,
      `p99 ${s.projectP99Ms} ms`,
    );
  }
  if (results.deliveries) {
    const { latency, throughput } = results.deliveries;
    row(
      `event → first delivery at ${latency.ordersPerSecond} orders/s`,
      `p50 ${latency.p50Ms} ms, p99 ${latency.p99Ms} ms (from createdAt); p50 ${latency.afterResponseP50Ms} ms, p99 ${latency.afterResponseP99Ms} ms (from the 201)`,
      "—",
      "—",
      "p50 < 10 ms, p99 < 50 ms",
      latency.p50Ms !== null && latency.p50Ms < 10 && latency.p99Ms < 50 && latency.delivered >= latency.orders,
      `paced at ${latency.targetRate}/s (${latency.pacing}); ${latency.delivered}/${latency.orders} delivered; max ${latency.maxMs} ms; order p99 ${latency.orderP99Ms} ms; peak RSS ${latency.peakRssMb} MB`,
    );
    row(
      "deliveries per second, one worker",
      fmt(throughput.perSecond, " /s"),
      "—",
      "—",
      "— (absolute: this machine)",
      null,
      `${throughput.delivered}/${throughput.events} in ${throughput.seconds} s; peak RSS ${throughput.peakRssMb} MB`,
    );
  }
  if (results.bulk) {
    const { small, large, singleFile } = results.bulk;
    row(
      `bulk upload ${small.rows.toLocaleString("en-US")} rows`,
      `${small.seconds} s`,
      "—",
      "—",
      "< 3 s",
      small.status === 200 && small.seconds < 3,
      `HTTP ${small.status}, ${small.summary?.created ?? "?"} created`,
    );
    row(
      `bulk upload ${large.rows.toLocaleString("en-US")} rows (${large.files} × ${large.rowsPerFile.toLocaleString("en-US")})`,
      `${large.seconds} s, +${large.growthMb} MB`,
      "—",
      "—",
      "RSS growth < 100 MB",
      large.statuses.every((s) => s === 200) && large.growthMb < 100,
      `RSS ${large.rssBeforeMb} → ${large.peakRssMb} MB; one ${singleFile.rows.toLocaleString("en-US")}-row file: HTTP ${singleFile.status} in ${singleFile.seconds} s`,
    );
  }

  // Server RSS: the highest peak of any load, and where it was.
  const peaks = [
    ...results.scenarios.map((s) => [s.name, s.peakRssMb]),
    ...(results.logging ? [[results.logging.name, results.logging.peakRssMb]] : []),
    ...(results.deliveries
      ? [
          ["event → first delivery", results.deliveries.latency.peakRssMb],
          ["deliveries per second", results.deliveries.throughput.peakRssMb],
        ]
      : []),
    ...(results.bulk ? [["bulk upload", results.bulk.large.peakRssMb]] : []),
  ].filter(([, mb]) => mb !== null && mb !== undefined);
  if (peaks.length > 0) {
    const [where, highest] = peaks.reduce((a, b) => (b[1] > a[1] ? b : a));
    row(
      "server peak RSS, every load",
      `${highest} MB`,
      "—",
      "—",
      `≤ ${RSS_TARGET_MB} MB`,
      highest <= RSS_TARGET_MB,
      `highest under ${where}; ${peaks.map(([name, mb]) => `${name.split(" (")[0]} ${mb}`).join(", ")} MB`,
    );
  }
  const mark = (pass) => (pass === null ? "" : pass ? "✅ met" : "❌ not met");
  const m = machine();
  const lines = [
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, ${m.platform}, Node ${m.node}, PostgreSQL ${info.postgres} (embedded).`,
    `Dataset: ${info.counts.offers.toLocaleString("en-US")} offers (${info.counts.activeOffers.toLocaleString("en-US")} active) of ${info.counts.teams - 1} teams + 1 reseller, ${info.counts.brands} brands, ${info.counts.markets} markets, ${info.counts.marketAreas.toLocaleString("en-US")} ZIP areas; "${SELECTIVE_TERM}" matches ${info.counts.selectiveMatches} active offers, "${BROAD_TERM}" ${info.counts.broadMatches}.`,
    `Load: autocannon, ${info.settings.connections} connections, ${info.settings.warmupS} s warm-up, median of ${info.settings.runs} × ${info.settings.durationS} s runs, project and bare interleaved.`,
    "",
    "| Figure | Project | Bare | Ratio | Target | Result | Notes |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) => `| ${r.figure} | ${r.project} | ${r.bare} | ${r.ratio} | ${r.target} | ${mark(r.pass)} | ${r.notes} |`,
    ),
  ];
  return {
    when: new Date().toISOString(),
    machine: m,
    postgres: info.postgres,
    pgSettings: info.pgSettings,
    settings: info.settings,
    dataset: info.counts,
    results,
    table: rows,
    markdown: lines.join("\n"),
  };
}

export function writeDocs(report) {
  const file = join(root, "docs/performance.md");
  const text = readFileSync(file, "utf8");
  const begin = "<!-- bench:begin -->";
  const end = "<!-- bench:end -->";
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    progress(`docs/performance.md has no ${begin} … ${end} block; not written`);
    return;
  }
  const block = `${begin}\nLatest run: ${report.when}${QUICK ? " (--quick)" : ""}.\n\n${report.markdown}\n`;
  writeFileSync(file, text.slice(0, from) + block + text.slice(to));
  progress("wrote the figures into docs/performance.md");
}
