/** Options of the interactive API reference page. */
export interface ApiReferenceOptions {
  /**
   * Base URL of the swagger-ui-dist files (`swagger-ui.css`, `swagger-ui-bundle.js`). Serve them
   * from your host (the npm package `swagger-ui-dist`) so that the page works with no network, as
   * both hosts of this repository do: the reference server at `/docs/assets`, embed-node at
   * `/marketplace/docs/assets`. The default, the public CDN, needs the browser to reach it.
   *
   * @example
   * createApp({ marketplace, logger, checkHealth, apiReference: { assetsUrl: "/docs/assets" } });
   */
  assetsUrl?: string;
}

const DEFAULT_ASSETS = "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5";

const escapeAttr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** The HTML of `/docs`: Swagger UI over `/openapi.json`. */
export function apiReferenceHtml(title: string, specUrl: string, options: ApiReferenceOptions = {}): string {
  const assets = escapeAttr((options.assetsUrl ?? DEFAULT_ASSETS).replace(/\/$/, ""));
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeAttr(title)} API reference</title>
<link rel="stylesheet" href="${assets}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script>
window.ui = SwaggerUIBundle({ url: ${JSON.stringify(specUrl)}, dom_id: "#swagger-ui", deepLinking: true, persistAuthorization: true, tryItOutEnabled: true });
</script>
</body>
</html>`;
}
