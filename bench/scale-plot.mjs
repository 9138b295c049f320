/**
 * The plot of `pnpm bench --scale`: p99 latency against dataset size, one line per read, as a small
 * hand-written SVG (two panels: the catalog by offers, the log by rows; sizes on a log scale).
 */

const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf"];
const PANEL = { width: 460, height: 300, left: 56, right: 12, top: 34, bottom: 44 };

const xmlText = (text) => String(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const label = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

/** A "nice" upper bound for the y axis, and its tick step. */
function yScale(max) {
  const raw = Math.max(max, 1) / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((s) => s >= raw);
  return { top: Math.ceil(Math.max(max, 1) / step) * step, step };
}

/** One panel's SVG at (x0, 0): `stages` are [{ size, figures: [{ name, p99Ms }] }]. */
function panel(x0, title, unit, stages) {
  const out = [];
  const w = PANEL.width - PANEL.left - PANEL.right;
  const h = PANEL.height - PANEL.top - PANEL.bottom;
  out.push(`<g transform="translate(${x0},0)">`);
  out.push(`<text x="${PANEL.width / 2}" y="18" text-anchor="middle" font-weight="bold">${xmlText(title)}</text>`);
  if (stages.length === 0) {
    out.push(`<text x="${PANEL.width / 2}" y="${PANEL.height / 2}" text-anchor="middle">not run</text></g>`);
    return { svg: out.join("\n"), names: [] };
  }
  const sizes = stages.map((s) => s.size);
  const names = [
    ...new Set(stages.flatMap((s) => s.figures.map((f) => f.name.replace(/ \([\d,]+ (offers )?in\)$/, "")))),
  ];
  const max = Math.max(...stages.flatMap((s) => s.figures.map((f) => f.p99Ms ?? 0)));
  const { top, step } = yScale(max);
  const lo = Math.log10(Math.min(...sizes));
  const hi = Math.log10(Math.max(...sizes));
  const x = (size) => Number((PANEL.left + (hi === lo ? w / 2 : ((Math.log10(size) - lo) / (hi - lo)) * w)).toFixed(1));
  const y = (ms) => Number((PANEL.top + h - (ms / top) * h).toFixed(1));
  // Axes and grid.
  for (let v = 0; v <= top + 1e-9; v += step) {
    out.push(
      `<line x1="${PANEL.left}" x2="${PANEL.left + w}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`,
      `<text x="${PANEL.left - 6}" y="${y(v) + 4}" text-anchor="end">${Number(v.toFixed(2))}</text>`,
    );
  }
  for (const size of sizes) {
    out.push(
      `<line x1="${x(size)}" x2="${x(size)}" y1="${PANEL.top}" y2="${PANEL.top + h}" stroke="#eee"/>`,
      `<text x="${x(size)}" y="${PANEL.top + h + 16}" text-anchor="middle">${label(size)}</text>`,
    );
  }
  out.push(
    `<line x1="${PANEL.left}" x2="${PANEL.left}" y1="${PANEL.top}" y2="${PANEL.top + h}" stroke="#333"/>`,
    `<line x1="${PANEL.left}" x2="${PANEL.left + w}" y1="${PANEL.top + h}" y2="${PANEL.top + h}" stroke="#333"/>`,
    `<text x="${PANEL.left + w / 2}" y="${PANEL.height - 8}" text-anchor="middle">${xmlText(unit)} (log scale)</text>`,
    `<text transform="translate(14,${PANEL.top + h / 2}) rotate(-90)" text-anchor="middle">p99 (ms)</text>`,
  );
  // One polyline per read.
  names.forEach((name, i) => {
    const color = COLORS[i % COLORS.length];
    const points = stages
      .map((s) => [s.size, s.figures.find((f) => f.name.replace(/ \([\d,]+ (offers )?in\)$/, "") === name)])
      .filter(([, f]) => f && f.p99Ms !== null);
    out.push(
      `<polyline fill="none" stroke="${color}" stroke-width="2" points="${points.map(([s, f]) => `${x(s).toFixed(1)},${y(f.p99Ms).toFixed(1)}`).join(" ")}"/>`,
      ...points.map(
        ([s, f]) => `<circle cx="${x(s).toFixed(1)}" cy="${y(f.p99Ms).toFixed(1)}" r="3" fill="${color}"/>`,
      ),
    );
  });
  out.push("</g>");
  return { svg: out.join("\n"), names };
}

/** The SVG document for the results of bench/scale.mjs. */
export function p99Plot(results) {
  const catalog = panel(0, "Catalog reads: p99 by catalog size", "offers", results.catalog);
  const log = panel(PANEL.width, "Log reads: p99 by log size", "events = delivery attempts", results.log);
  const legend = [];
  const names = [...catalog.names, ...log.names];
  const legendTop = PANEL.height + 6;
  names.forEach((name, i) => {
    const inLog = i >= catalog.names.length;
    const j = inLog ? i - catalog.names.length : i;
    const color = COLORS[j % COLORS.length];
    const x0 = (inLog ? PANEL.width : 0) + PANEL.left;
    const y0 = legendTop + j * 18;
    legend.push(
      `<line x1="${x0}" x2="${x0 + 18}" y1="${y0}" y2="${y0}" stroke="${color}" stroke-width="3"/>`,
      `<text x="${x0 + 24}" y="${y0 + 4}">${xmlText(name)}</text>`,
    );
  });
  const rows = Math.max(catalog.names.length, log.names.length);
  const height = legendTop + rows * 18 + 24;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PANEL.width * 2}" height="${height}" font-family="sans-serif" font-size="11">
<title>p99 latency against dataset size, pnpm bench --scale</title>
<rect width="100%" height="100%" fill="#fff"/>
${catalog.svg}
${log.svg}
${legend.join("\n")}
<text x="${PANEL.width}" y="${height - 6}" text-anchor="middle" fill="#666">pnpm bench --scale, ${xmlText(results.when ?? "")}, ${xmlText(`${results.machine.cpus} × ${results.machine.cpuModel}, Node ${results.machine.node}`)}</text>
</svg>
`;
}
