/**
 * The offers' script part: a bulk form that is working says so. Until the answer's first byte (a
 * small file's whole page, or a large file's streamed progress), a submitted file form disables its
 * button, marks it busy and puts what is happening in its status line, read out by screen readers. A streamed page
 * of a large file (ADR-0077) runs it once the results are in (the script is deferred): the page's
 * title becomes the results'. Pages work without it.
 *
 * @module
 */

/** Added to the dashboard's script (`SCRIPT_PARTS` in assets.ts). */
export const OFFER_SCRIPT = `
(function(){var r=document.querySelector(".bulk-results[data-title]");if(r)document.title=r.getAttribute("data-title")+" · Marketplace dashboard";})();
document.addEventListener("submit",function(e){var f=e.target;var m=f.getAttribute&&f.getAttribute("data-busy");if(!m||e.defaultPrevented)return;var b=f.querySelector("button[type=submit]");var s=f.querySelector(".busy");if(s)s.textContent=m;if(b)setTimeout(function(){b.disabled=true;b.setAttribute("aria-busy","true");},0);});
`.trim();
