/**
 * `/docs`: Swagger UI over `/openapi.json`, its script and stylesheet served by the app itself from
 * the installed `swagger-ui-dist` (pinned by the package), under the page security headers (a CSP
 * with a per-request nonce, no framing).
 *
 * @module
 */

import type { Hono } from "hono";
import type { AppEnv } from "./middleware/request-context.ts";
import { cspNonce, pageSecurityHeaders } from "./middleware/security-headers.ts";
import { installedFile, type StaticFile, serveStaticFiles } from "./static-files.ts";

/** The swagger-ui-dist files `/docs` loads (its icon too: else the browser asks for `/favicon.ico`). */
export type SwaggerUiFile = "swagger-ui.css" | "swagger-ui-bundle.js" | "favicon-32x32.png";

/** Options of the interactive API reference page. */
export interface ApiReferenceOptions {
  /**
   * Reads a swagger-ui-dist file for `/docs/assets/<file>`. Default: the copy installed with this
   * package, found by `import.meta.resolve` and read with the runtime's file API (Node, Deno and Bun).
   * A runtime with neither (an edge worker) passes its own, e.g. from its static assets; null: 404.
   *
   * @example
   * createApp({ …, apiReference: { loadAsset: (file) => env.ASSETS.fetch(`/swagger/${file}`).then((r) => r.bytes()) } });
   */
  loadAsset?: (file: SwaggerUiFile) => Promise<Uint8Array | null>;
  /**
   * Where the page loads the two files from instead: a path on this origin (e.g. `/static/swagger`),
   * for a host that serves them itself. Anything but a path is refused (the page's CSP admits this
   * origin only: no CDN). Default: `<mountPath>/docs/assets`, served by the app.
   */
  assetsUrl?: string;
}

const TYPES: Record<SwaggerUiFile, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A script-safe JSON literal (no `</script>` or `<!--` can end or open anything). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** Checks `ApiReferenceOptions` up front (throws a TypeError naming the option). */
export function checkApiReferenceOptions(options: ApiReferenceOptions | undefined): void {
  if (options?.assetsUrl !== undefined && !/^\/(?!\/)[^\s\\]*$/.test(options.assetsUrl)) {
    throw new TypeError(
      `createApp: options.apiReference.assetsUrl must be a path on this origin such as "/static/swagger" (no CDN), got ${options.assetsUrl}`,
    );
  }
  if (options?.loadAsset !== undefined && typeof options.loadAsset !== "function") {
    throw new TypeError(
      "createApp: options.apiReference.loadAsset must be a function (file) => Promise<Uint8Array | null>",
    );
  }
}

/**
 * The HTML of `/docs`: Swagger UI over `specUrl`, loading its files from `assetsUrl`, the start script
 * carrying `nonce`. No `persistAuthorization` (it would keep API keys in this origin's
 * localStorage), no validator badge (it calls an outside service).
 */
export function apiReferenceHtml(
  title: string,
  specUrl: string,
  options: { assetsUrl: string; nonce: string },
): string {
  const assets = escapeAttr(options.assetsUrl.replace(/\/$/, ""));
  const nonce = escapeAttr(options.nonce);
  const config = { url: specUrl, dom_id: "#swagger-ui", deepLinking: true, tryItOutEnabled: true, validatorUrl: null };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeAttr(title)} API reference</title>
<link rel="icon" type="image/png" href="${assets}/favicon-32x32.png">
<link rel="stylesheet" href="${assets}/swagger-ui.css" nonce="${nonce}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js" nonce="${nonce}"></script>
<script nonce="${nonce}">
window.ui = SwaggerUIBundle(${scriptJson(config)});
</script>
</body>
</html>`;
}

/**
 * Registers `/docs` (under the page security headers) and `/docs/assets/:file` (the two
 * swagger-ui-dist files) on `app`.
 */
export function registerApiReference(
  app: Hono<AppEnv>,
  options: { title: string; mountPath: string; apiReference?: ApiReferenceOptions },
): void {
  const loadAsset =
    options.apiReference?.loadAsset ??
    ((file: SwaggerUiFile) => installedFile(`swagger-ui-dist/${file}`, (s) => import.meta.resolve(s))());
  const files = Object.fromEntries(
    (Object.keys(TYPES) as SwaggerUiFile[]).map((file): [string, StaticFile] => [
      file,
      { type: TYPES[file], load: () => loadAsset(file) },
    ]),
  );
  const assetsUrl = options.apiReference?.assetsUrl ?? `${options.mountPath}/docs/assets`;
  const specUrl = `${options.mountPath}/openapi.json`;
  app.get("/docs", pageSecurityHeaders(), (c) =>
    c.html(apiReferenceHtml(options.title, specUrl, { assetsUrl, nonce: cspNonce(c) })),
  );
  app.get("/docs/assets/:file", serveStaticFiles(files));
}
