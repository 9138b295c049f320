/**
 * The dashboard's two assets, kept in code so that every runtime serves them without a file system:
 * one stylesheet (light and dark by `prefers-color-scheme`) and one small script (copy buttons,
 * confirmations). Their URLs carry a hash of their content, so they are cached for a year.
 *
 * @module
 */

import { sha256HexSync } from "@marketplace/core/kernel";
import { ANALYTICS_STYLES } from "./features/analytics/styles.ts";
import { OFFER_SCRIPT } from "./features/offers/script.ts";
import { OFFER_STYLES } from "./features/offers/styles.ts";
import { TWO_FACTOR_STYLES } from "./features/two-factor/styles.ts";
import { WEBHOOK_SCRIPT, WEBHOOK_STYLES } from "./features/webhooks/styles.ts";
import { WORKSPACE_STYLES } from "./features/workspaces/styles.ts";

/** The base stylesheet: the frame, forms, tables, notices. */
const BASE_STYLES = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1a1a1a;--muted:#595959;--line:#d0d0d0;--panel:#f5f5f5;--accent:#0b57d0;--accent-fg:#fff;--danger:#b3261e;--ok:#1e6b34;--focus:#0b57d0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5}
@media (prefers-color-scheme:dark){:root{--bg:#121212;--fg:#ececec;--muted:#b0b0b0;--line:#4a4a4a;--panel:#1e1e1e;--accent:#8ab4f8;--accent-fg:#0a0a0a;--danger:#f2b8b5;--ok:#7fd49a;--focus:#8ab4f8}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font-size:1rem}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,summary:focus-visible{outline:3px solid var(--focus);outline-offset:2px}
.skip{position:absolute;left:-9999px;top:0}
.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem;z-index:10}
header.top{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between;padding:.75rem 1rem;border-bottom:1px solid var(--line);background:var(--panel)}
header.top .brand{font-weight:700;text-decoration:none;color:var(--fg)}
nav.main ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:0;padding:0}
nav.main>ul{gap:.25rem 1.5rem;align-items:baseline}
.nav-group{display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:baseline}
.nav-group-label{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
nav.main a{display:inline-block;padding:.25rem 0;text-decoration:none}
nav.main a[aria-current=page]{font-weight:700;text-decoration:underline;text-underline-offset:.3em}
main{max-width:60rem;margin:0 auto;padding:1rem;overflow-wrap:break-word}
main code{overflow-wrap:anywhere}
h1{font-size:1.6rem;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
.muted{color:var(--muted)}
form.stack{display:grid;gap:1rem;max-width:28rem}
.field{display:grid;gap:.25rem}
label{font-weight:600}
input,select{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--muted);border-radius:4px;padding:.5rem;min-height:44px;width:100%}
input[aria-invalid=true]{border-color:var(--danger);border-width:2px}
.error{color:var(--danger);font-weight:600;margin:0}
.hint{color:var(--muted);font-size:.9rem;margin:0}
button,.button{font:inherit;cursor:pointer;display:inline-block;min-height:44px;padding:.5rem 1rem;border-radius:4px;border:1px solid var(--accent);background:var(--accent);color:var(--accent-fg);text-decoration:none}
button.secondary{background:transparent;color:var(--accent)}
button.danger{background:transparent;color:var(--danger);border-color:var(--danger)}
button.link{background:none;border:none;color:var(--accent);padding:.25rem 0;min-height:0;text-decoration:underline}
.inline{display:inline-flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0;max-width:100%}
.inline>*{min-width:0;max-width:100%}
.inline select{width:auto;max-width:100%}
.notice{border:1px solid var(--line);border-left:4px solid var(--ok);background:var(--panel);padding:.75rem 1rem;margin:1rem 0;border-radius:4px}
.notice.bad{border-left-color:var(--danger)}
.secret{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
.secret code{font-size:.95rem;padding:.5rem;background:var(--bg);border:1px solid var(--line);border-radius:4px;word-break:break-all}
dl.facts{display:grid;grid-template-columns:minmax(6rem,max-content) minmax(0,1fr);gap:.35rem 1rem;margin:1rem 0}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;overflow-wrap:anywhere}
@media (max-width:40rem){dl.facts{grid-template-columns:minmax(0,1fr);gap:0}dl.facts dd{margin-bottom:.6rem}}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600}
ol.steps{padding-left:1.25rem}
ol.steps li{margin:.5rem 0}
.done{color:var(--ok);font-weight:600}
.filters{display:flex;flex-wrap:wrap;gap:1rem;align-items:end;margin-bottom:1rem}
.filters .field{min-width:12rem}
@media (max-width:40rem){th,td{padding:.4rem .25rem}main{padding:.75rem}nav.main{order:3;width:100%;overflow-x:auto;padding-bottom:.25rem}nav.main ul{flex-wrap:nowrap}nav.main a,.nav-group-label{white-space:nowrap}}
`.trim();

/** The base script: copy buttons and confirmations (no framework; pages work without it). */
const BASE_SCRIPT = `
document.addEventListener("click",function(e){var b=e.target.closest("[data-copy]");if(!b)return;var t=document.getElementById(b.getAttribute("data-copy"));if(!t||!navigator.clipboard)return;navigator.clipboard.writeText(t.textContent.trim()).then(function(){b.textContent="Copied";var s=document.getElementById(b.getAttribute("data-copy")+"-status");if(s)s.textContent="Copied to the clipboard.";});});
document.addEventListener("submit",function(e){var m=e.target.getAttribute("data-confirm");if(m&&!window.confirm(m))e.preventDefault();});
document.querySelectorAll("[data-copy]").forEach(function(b){b.hidden=!navigator.clipboard;});
`.trim();

/**
 * The stylesheet's parts, in order: the base, then one per feature that needs its own rules (a
 * feature adds its part's import and one entry here). One file is served, so a visit costs at most
 * two asset requests, cached for a year.
 */
const STYLE_PARTS: readonly string[] = [
  BASE_STYLES,
  WORKSPACE_STYLES,
  TWO_FACTOR_STYLES,
  ANALYTICS_STYLES,
  WEBHOOK_STYLES,
  OFFER_STYLES,
];
/** The script's parts, in order (each a self-contained IIFE or listener). */
const SCRIPT_PARTS: readonly string[] = [BASE_SCRIPT, WEBHOOK_SCRIPT, OFFER_SCRIPT];
const STYLESHEET = STYLE_PARTS.join("\n");
const SCRIPT = SCRIPT_PARTS.join("\n");

/** One asset: its content, type, and the hashed file name it is served under. */
export interface Asset {
  body: string;
  type: string;
  file: string;
}

/** An asset of this content, under a name with its hash. */
export function asset(name: string, extension: string, body: string, type: string): Asset {
  return { body, type, file: `${name}.${sha256HexSync(body).slice(0, 12)}.${extension}` };
}

/** The stylesheet. */
export const STYLESHEET_ASSET: Asset = asset("dashboard", "css", STYLESHEET, "text/css; charset=utf-8");
/** The script. */
export const SCRIPT_ASSET: Asset = asset("dashboard", "js", SCRIPT, "text/javascript; charset=utf-8");
/** Every asset by file name. */
export const ASSETS: ReadonlyMap<string, Asset> = new Map([STYLESHEET_ASSET, SCRIPT_ASSET].map((a) => [a.file, a]));
