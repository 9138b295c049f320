/**
 * A QR code as inline SVG markup, made on the server with `uqr` (maintained, runtime-neutral, no
 * dependencies): attributes only (no style attribute, no script, no external image), so the strict
 * CSP holds and nothing leaves the server.
 *
 * @module
 */

import { raw } from "hono/html";
import { renderSVG } from "uqr";

/** The QR code of `text` as an image with a text alternative. */
export function QrCode(props: { text: string; label: string }) {
  const svg = renderSVG(props.text, { ecc: "M", border: 2, pixelSize: 4 });
  const labelled = svg.replace(
    "<svg ",
    `<svg role="img" aria-label="${escapeAttribute(props.label)}" class="qr" width="224" height="224" `,
  );
  return <div class="qr-frame">{raw(labelled)}</div>;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
