/** `pnpm bench --scale` (bench/scale.mjs): the tables, the growth factors and the block of docs/performance.md. */

import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SELECTIVE_TERM } from "../seed.mjs";
import { root, round } from "../util.mjs";
import { fmt, KEYED_GROWTH_TARGET, progress, SEARCH_GROWTH_TARGET, SETTINGS, sizeLabel } from "./settings.mjs";

/** Figures by read name across the sizes of one series, for the table and the growth factors. */
function series(stages) {
  const byName = new Map();
  for (const stage of stages) {
    for (const figure of stage.figures) {
      // "deep page (20,000 offers in)": one series whatever the position.
      const key = figure.name.replace(/ \([\d,]+ (offers )?in\)$/, "");
      if (!byName.has(key)) byName.set(key, new Map());
      byName.get(key).set(stage.size, figure);
    }
  }
  return byName;
}

/** p99 at `to` ÷ p99 at `from` (null when either was not measured). */
function growth(bySize, from, to) {
  const a = bySize.get(from);
  const b = bySize.get(to);
  return a && b && a.p99Ms > 0 ? round(b.p99Ms / a.p99Ms, 2) : null;
}

export function buildReport(results) {
  const m = results.machine;
  const lines = [
    `Run: ${results.when}. Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}, PostgreSQL ${results.postgres} (embedded); load average at the end ${m.loadAverage.map((l) => l.toFixed(1)).join(", ")}.`,
    `Load: autocannon, ${SETTINGS.connections} connections, ${SETTINGS.warmupS} s warm-up, one ${SETTINGS.durationS} s run per read and size; p50 / p99 in ms, req/s.`,
    "",
    `Seeding (set-based SQL): ${results.seeding.map((s) => `${s.what} ${s.seconds} s`).join("; ")}. The whole run: ${Math.round(results.totalSeconds / 6) / 10} minutes (\`--sizes ${SETTINGS.catalogSizes.join(",")} --log-sizes ${SETTINGS.logSizes.join(",")}\`).`,
    "",
  ];
  const table = (title, stages, unit, search) => {
    if (stages.length === 0) return;
    const bySeries = series(stages);
    const sizes = stages.map((s) => s.size);
    const growthPair = sizes.includes(100_000) && sizes.includes(1_000_000) ? [100_000, 1_000_000] : null;
    const tail = sizes.length >= 2 ? [sizes.at(-2), sizes.at(-1)] : null;
    const extraGrowth = tail && growthPair && tail[0] !== growthPair[0] ? tail : null;
    lines.push(`**${title}**`, "");
    const head = ["Read", ...sizes.map((s) => `${sizeLabel(s)} ${unit}: p50 / p99 ms, req/s`)];
    if (growthPair) head.push("p99 growth 100k → 1M", "Target");
    if (extraGrowth) head.push(`p99 growth ${sizeLabel(extraGrowth[0])} → ${sizeLabel(extraGrowth[1])}`);
    lines.push(`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`);
    for (const [name, bySize] of bySeries) {
      const cells = sizes.map((s) => {
        const f = bySize.get(s);
        return f ? `${f.p50Ms} / ${f.p99Ms}, ${fmt(f.rps)}${f.failed ? ` (${f.failed} failed)` : ""}` : "—";
      });
      const row = [name, ...cells];
      if (growthPair) {
        const g = growth(bySize, ...growthPair);
        const limit = search(name) ? SEARCH_GROWTH_TARGET : name.startsWith("naive") ? null : KEYED_GROWTH_TARGET;
        row.push(
          g === null ? "—" : `${g} ×`,
          limit === null ? "—" : `≤ ${limit} × ${g === null ? "" : g <= limit ? "✅" : "❌"}`,
        );
      }
      if (extraGrowth) {
        const g = growth(bySize, ...extraGrowth);
        row.push(g === null ? "—" : `${g} ×`);
      }
      lines.push(`| ${row.join(" | ")} |`);
    }
    const peaks = stages.map((s) => `${sizeLabel(s.size)} ${Math.max(...s.figures.map((f) => f.peakRssMb ?? 0))} MB`);
    lines.push("", `Server peak RSS under these loads: ${peaks.join(", ")} (target ≤ 256 MB).`, "");
  };
  table("Catalog", results.catalog, "offers", (name) => name.startsWith("search"));
  if (results.catalog.length > 0) {
    lines.push(
      `**Search "${SELECTIVE_TERM}" against the naive query** (target ≥ 2.5 ×)`,
      "",
      "| Offers | End to end: project / bare naive req/s | Ratio | PostgreSQL's time per statement under those loads (plan + execute): search / naive | Ratio | Through node-postgres, 4 connections, no HTTP: search / naive statements/s | Ratio |",
      "|---|---|---|---|---|---|---|",
      ...results.catalog.map((c) => {
        const v = c.searchVsNaive;
        const time = (t) => (t ? `${t.totalMs} ms (${t.planMs} + ${t.execMs})` : "—");
        return `| ${fmt(c.size)} | ${fmt(v.endToEnd.project)} / ${fmt(v.endToEnd.bareNaive)} | ${v.endToEnd.ratio} × | ${time(v.serverTime?.search)} / ${time(v.serverTime?.naive)} | ${v.serverTime?.ratio ?? "—"} × | ${fmt(v.inDatabase.search)} / ${fmt(v.inDatabase.naive)} | ${v.inDatabase.ratio} × |`;
      }),
      "",
    );
  }
  table(
    "Log (events, delivery attempts; orders a tenth of it), catalog at its largest",
    results.log,
    "rows",
    () => false,
  );
  if (results.log.length > 0 && !results.log[0].eventsList) {
    lines.push("The events list: pending (this build has no `GET /reseller/events`).", "");
  }
  return lines.join("\n");
}

export function writeDocs(report) {
  const file = join(root, "docs/performance.md");
  const text = readFileSync(file, "utf8");
  const begin = "<!-- scale:begin -->";
  const end = "<!-- scale:end -->";
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) {
    progress(`docs/performance.md has no ${begin} … ${end} block; not written`);
    return;
  }
  writeFileSync(file, `${text.slice(0, from)}${begin}\n${report}\n${text.slice(to)}`);
  progress("wrote the scale table into docs/performance.md");
}
