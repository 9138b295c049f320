/** Styles of the two-factor pages: the QR code's frame and the list of recovery codes. */
export const TWO_FACTOR_STYLES = `
.qr-frame{display:inline-block;background:#fff;padding:.5rem;border:1px solid var(--line);border-radius:4px;line-height:0}
.qr-frame svg{width:224px;height:224px;max-width:100%}
ul.codes{list-style:none;padding:0;margin:1rem 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.5rem;max-width:28rem}
ul.codes li{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:1.05rem;padding:.35rem .5rem;border:1px solid var(--line);border-radius:4px;background:var(--bg)}
.secret-text{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;overflow-wrap:anywhere;letter-spacing:.05em}
form.policy{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:center;margin:.5rem 0 1rem}
form.policy label{display:inline-flex;gap:.5rem;align-items:center}
form.policy input[type=checkbox]{width:1.5rem;min-height:1.5rem;height:1.5rem}
`.trim();
