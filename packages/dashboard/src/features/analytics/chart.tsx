/**
 * A line chart over time as server-rendered SVG, no library: one or two lines told apart by colour
 * and by dash pattern, points marked when few, a role="img" named by its title and described by a
 * summary. Each line is one `<path>` of whole-unit relative steps (`M48,150l2 0 1 -3 …`, about
 * 4 bytes a point), so two years by day stay a few kilobytes. Colours come from classes (no inline styles: the CSP forbids them). The page puts the
 * data table under it.
 *
 * @module
 */

/** One line of the chart. */
export interface ChartLine {
  label: string;
  values: readonly number[];
}

const WIDTH = 640;
const HEIGHT = 220;
const LEFT = 48;
const RIGHT = 12;
const TOP = 12;
const BOTTOM = 28;

/** A round upper bound for the axis: 1, 2 or 5 times a power of ten. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * A line through the points as one SVG path: the first point absolute, then each step relative,
 * all in whole viewBox units (a unit is under a CSS pixel at the chart's widest).
 *
 * @example
 * linePath([[48, 192], [68, 190], [88, 190]]); // "M48,192l20 -2 20 0"
 */
export function linePath(points: readonly (readonly [number, number])[]): string {
  let text = "";
  let px = 0;
  let py = 0;
  points.forEach(([fx, fy], index) => {
    const x = Math.round(fx);
    const y = Math.round(fy);
    text += index === 0 ? `M${x},${y}${points.length > 1 ? "l" : ""}` : `${index > 1 ? " " : ""}${x - px} ${y - py}`;
    px = x;
    py = y;
  });
  return text;
}

/** One sentence that says what the chart shows, for screen readers and as its visible summary. */
export function chartSummary(lines: readonly ChartLine[], labels: readonly string[], unit: string): string {
  if (labels.length === 0) return "No periods.";
  const parts = lines.map((line) => {
    const total = line.values.reduce((a, b) => a + b, 0);
    let best = 0;
    line.values.forEach((value, index) => {
      if (value > (line.values[best] ?? 0)) best = index;
    });
    const peak = line.values[best] ?? 0;
    const totalText = Number.isInteger(total) ? String(total) : total.toFixed(2);
    return peak > 0
      ? `${line.label}: ${totalText} ${unit} in all, most in the period from ${labels[best]} (${Number.isInteger(peak) ? peak : peak.toFixed(2)})`
      : `${line.label}: none`;
  });
  return `${labels.length} period${labels.length === 1 ? "" : "s"} from ${labels[0]} to ${labels[labels.length - 1]}. ${parts.join(". ")}.`;
}

/** The chart. */
export function LineChart(props: {
  id: string;
  title: string;
  unit: string;
  labels: readonly string[];
  lines: readonly ChartLine[];
}) {
  const { id, labels, lines } = props;
  const max = niceMax(Math.max(0, ...lines.flatMap((line) => line.values)));
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const x = (index: number) => LEFT + (labels.length <= 1 ? plotWidth / 2 : (index * plotWidth) / (labels.length - 1));
  const y = (value: number) => TOP + plotHeight - (value / max) * plotHeight;
  const round = (n: number) => Math.round(n * 10) / 10;
  const ticks = [0, max / 2, max];
  const summary = chartSummary(lines, labels, props.unit);
  const first = labels[0] ?? "";
  const last = labels[labels.length - 1] ?? "";
  return (
    <figure class="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        focusable="false"
        id={id}
      >
        <title id={`${id}-title`}>{props.title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => (
          <g>
            <line class="grid" x1={LEFT} x2={WIDTH - RIGHT} y1={round(y(tick))} y2={round(y(tick))} />
            <text class="tick" x={LEFT - 6} y={round(y(tick)) + 4} text-anchor="end">
              {Number.isInteger(tick) ? tick : tick.toFixed(1)}
            </text>
          </g>
        ))}
        <text class="tick" x={LEFT} y={HEIGHT - 8} text-anchor="start">
          {first}
        </text>
        {labels.length > 1 ? (
          <text class="tick" x={WIDTH - RIGHT} y={HEIGHT - 8} text-anchor="end">
            {last}
          </text>
        ) : null}
        {lines.map((line, index) => (
          <g class={`line s${index}`}>
            <path d={linePath(line.values.map((value, i) => [x(i), y(value)] as const))} />
            {labels.length <= 31
              ? line.values.map((value, i) => <circle cx={round(x(i))} cy={round(y(value))} r="3" />)
              : null}
          </g>
        ))}
      </svg>
      <figcaption>
        <span class="legend">
          {lines.map((line, index) => (
            <span class={`key s${index}`}>
              <svg viewBox="0 0 24 8" width="24" height="8" aria-hidden="true" focusable="false">
                <line x1="0" x2="24" y1="4" y2="4" />
              </svg>
              {line.label}
            </span>
          ))}
        </span>
        <span class="summary">{summary}</span>
      </figcaption>
    </figure>
  );
}
