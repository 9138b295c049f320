/**
 * The analytics pages' rules: views as tabs, quick ranges, the figures grid and the charts. Chart
 * colours are classes with custom properties (light and dark), each line also dashed differently,
 * so colour is never the only difference; every colour keeps at least 3:1 against the background.
 *
 * @module
 */

/** The analytics stylesheet part. */
export const ANALYTICS_STYLES = `
:root{--chart-1:#0b57d0;--chart-2:#8a4b00;--grid:#d0d0d0}
@media (prefers-color-scheme:dark){:root{--chart-1:#8ab4f8;--chart-2:#f0b060;--grid:#4a4a4a}}
nav.tabs{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 .75rem}
nav.tabs a{display:inline-block;padding:.4rem .8rem;border:1px solid var(--line);border-radius:4px;text-decoration:none;min-height:44px;line-height:1.9}
nav.tabs a[aria-current=page]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent);font-weight:600}
ul.presets{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0 0 1rem;padding:0}
ul.presets a{display:inline-block;padding:.5rem 0;min-height:44px}
ul.presets a[aria-current=true]{font-weight:700}
.analytics-form .field{min-width:10rem;flex:1 1 10rem}
dl.figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.5rem;margin:0 0 1rem}
dl.figures div{border:1px solid var(--line);border-radius:4px;padding:.5rem .75rem;background:var(--panel)}
dl.figures dt{font-size:.9rem;color:var(--muted)}
dl.figures dd{margin:0;font-size:1.3rem;font-weight:700}
figure.chart{margin:0 0 1.5rem}
figure.chart>svg{width:100%;height:auto;display:block}
figure.chart .key svg{width:24px;height:8px;flex:none}
figure.chart .grid{stroke:var(--grid);stroke-width:1}
figure.chart .tick{fill:var(--muted);font-size:12px}
figure.chart .line path{stroke-width:2.5;fill:none;stroke-linejoin:round}
figure.chart .s0 path,figure.chart .key.s0 line{stroke:var(--chart-1)}
figure.chart .s1 path,figure.chart .key.s1 line{stroke:var(--chart-2);stroke-dasharray:6 4}
figure.chart .s0 circle{fill:var(--chart-1)}
figure.chart .s1 circle{fill:var(--chart-2)}
figure.chart .key line{stroke-width:3}
figure.chart figcaption{display:grid;gap:.25rem;font-size:.95rem}
figure.chart .legend{display:flex;flex-wrap:wrap;gap:1rem}
figure.chart .key{display:inline-flex;align-items:center;gap:.35rem}
.table-wrap:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
@media (max-width:40rem){figure.chart .tick{font-size:22px}}
caption{text-align:left;color:var(--muted);padding:.25rem 0}
tbody th{font-weight:600;white-space:nowrap}
`.trim();
