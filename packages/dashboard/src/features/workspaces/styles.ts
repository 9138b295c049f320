/**
 * The workspaces' stylesheet part: status badges (words first, colour second), the
 * pager, action rows and the status tabs. Colours keep 4.5:1 in light and dark.
 *
 * @module
 */

/** Added to the dashboard's stylesheet (`STYLE_PARTS` in assets.ts). */
export const WORKSPACE_STYLES = `
.badge{display:inline-block;padding:0 .45rem;border:1px solid var(--line);border-radius:999px;font-size:.85rem;white-space:nowrap;background:var(--panel)}
.badge.training{border-color:var(--accent);color:var(--accent);font-weight:600}
.badge.status-completed,.badge.status-accepted,.badge.status-scheduled,.badge.status-in_progress,.badge.verified{border-color:var(--ok);color:var(--ok)}
.badge.status-rejected,.badge.status-cancelled,.badge.unsubscribed,.badge.failed{border-color:var(--danger);color:var(--danger)}
.pager{display:flex;gap:1.5rem;margin:1rem 0}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start;margin:.5rem 0 1rem}
.actions form.stack{max-width:20rem;border:1px solid var(--line);border-radius:4px;padding:.75rem}
a.button.danger{background:transparent;color:var(--danger);border-color:var(--danger)}
a.button.secondary{background:transparent;color:var(--accent)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
ul.tabs{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem .75rem;padding:0;margin:0 0 1rem}
ul.tabs a[aria-current=page]{font-weight:700}
textarea{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--muted);border-radius:4px;padding:.5rem;width:100%;min-height:5rem}
textarea[aria-invalid=true]{border-color:var(--danger);border-width:2px}
td form.inline{margin:.1rem 0}
details.disclosure summary{cursor:pointer}
code.url{overflow-wrap:anywhere}
`.trim();
