/** The webhooks pages' stylesheet part (no imports: assets.ts reads it while the pages import assets). */

/** The stylesheet part of the webhooks pages. */
export const WEBHOOK_STYLES = `
nav.tabs ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1.25rem;margin:0 0 1rem;padding:0;border-bottom:1px solid var(--line)}
nav.tabs a{display:inline-block;padding:.5rem 0;text-decoration:none}
nav.tabs a[aria-current=page]{font-weight:700;border-bottom:3px solid var(--accent)}
.state{font-weight:600}
.state.ok{color:var(--ok)}
.state.bad{color:var(--danger)}
fieldset.events{border:1px solid var(--line);border-radius:4px;padding:.5rem 1rem;display:grid;gap:.25rem}
fieldset.events legend{font-weight:600}
label.check{font-weight:400;display:flex;gap:.5rem;align-items:center;min-height:44px}
label.check input{width:auto;min-height:0}
pre.code{background:var(--panel);border:1px solid var(--line);border-radius:4px;padding:.75rem;overflow-x:auto;white-space:pre-wrap;word-break:break-all;font-size:.9rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:end;margin:1rem 0}
progress{width:100%;max-width:28rem;height:1.5rem}
.live{display:flex;flex-wrap:wrap;gap:1rem;align-items:center}
.portal-logo{max-height:2.5rem;max-width:10rem;width:auto;height:auto}
`.trim();

/** The live tail of the deliveries page: new attempts from the stream at the top, a pause button. */
export const WEBHOOK_SCRIPT = `
(function(){var t=document.querySelector("table[data-live]");if(!t||!window.EventSource)return;var b=document.getElementById("live-toggle"),s=document.getElementById("live-status"),tb=t.querySelector("tbody"),paused=false,held=[];b.hidden=false;var es=new EventSource(t.getAttribute("data-live"));function add(h){tb.insertAdjacentHTML("afterbegin",h);var n=document.getElementById("no-attempts");if(n)n.hidden=true;}es.addEventListener("ready",function(){s.textContent="Live: new attempts appear at the top.";});es.addEventListener("attempt",function(e){if(paused){held.push(e.data);s.textContent="Paused: "+held.length+" new attempts held.";return;}add(e.data);s.textContent="New attempt received.";});b.addEventListener("click",function(){paused=!paused;b.textContent=paused?"Resume live updates":"Pause live updates";b.setAttribute("aria-pressed",String(paused));if(!paused){held.forEach(add);held=[];s.textContent="Live: new attempts appear at the top.";}});})();
`.trim();
