/**
 * The offers' stylesheet part: the editor's sections, readiness notes, the bulk results table, and
 * the progress of a streamed bulk page (only its newest step shown: ADR-0077).
 *
 * @module
 */

/** Added to the dashboard's stylesheet (`STYLE_PARTS` in assets.ts). */
export const OFFER_STYLES = `
form.editor{display:grid;gap:1rem;max-width:40rem}
form.editor fieldset.plain{border:0;padding:0;margin:0;display:grid;gap:1rem;min-width:0}
select[aria-invalid=true]{border-color:var(--danger);border-width:2px}
fieldset.section{border:1px solid var(--line);border-radius:4px;padding:.75rem 1rem 1rem;display:grid;gap:1rem;min-width:0}
fieldset.section legend{font-weight:700;font-size:1.1rem;padding:0 .25rem}
fieldset.choices{border:0;padding:0;margin:0;display:grid;gap:.25rem}
fieldset.choices legend{font-weight:600;padding:0}
label.check{font-weight:400;display:flex;gap:.5rem;align-items:center}
label.check input{width:auto;min-height:24px;min-width:24px}
.needed{margin:0;color:var(--fg);border-left:4px solid var(--danger);padding-left:.5rem}
.badge.offer-active{border-color:var(--ok);color:var(--ok)}
td.bad{border-left:3px solid var(--danger)}
td .error{font-weight:600;font-size:.9rem}
.limits{border:1px solid var(--line);border-radius:4px;padding:.75rem 1rem;background:var(--panel)}
form.upload{display:grid;gap:1rem;max-width:32rem}
img.logo{object-fit:contain;border:1px solid var(--line);border-radius:4px;background:#fff}
ul.areas{list-style:none;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(10rem,1fr));gap:.25rem 1rem}
ul.areas li{display:flex;gap:.75rem;align-items:center}
main form.stack + form.inline{margin-top:1rem}
button[aria-busy=true]{opacity:.7;cursor:progress}
.run{margin:1rem 0 1.5rem;max-width:40rem}
.run>.step:has(~.step),.run>p:has(~p){display:none}
.run .step{display:grid;gap:.35rem;font-weight:600}
.run progress{-webkit-appearance:none;appearance:none;width:100%;height:1.25rem;border:1px solid var(--muted);border-radius:4px;background:var(--panel);overflow:hidden}
.run progress::-webkit-progress-bar{background:var(--panel)}
.run progress::-webkit-progress-value{background:var(--accent)}
.run progress::-moz-progress-bar{background:var(--accent)}
.visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0}
`.trim();
