import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createMarketplace, type Repositories, type UnitOfWork } from "@marketplace/core";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { type AppOptions, createApp } from "./app.ts";
import { cspNonce, pageSecurityHeaders } from "./middleware/security-headers.ts";
import { readFileUrl } from "./static-files.ts";

// Security headers on every response, the page policy of /docs, and Swagger UI served from the
// installed swagger-ui-dist. No database is needed for these routes (a bad key is refused before
// any query; the others touch none).

const unitOfWork: UnitOfWork = {
  repositories: new Proxy({} as Repositories, {
    get() {
      throw new Error("no database in this test");
    },
  }),
  transaction: async () => {
    throw new Error("no database in this test");
  },
};
const marketplace = createMarketplace({ unitOfWork });
const app = (options: Partial<AppOptions> = {}) => createApp({ marketplace, checkHealth: async () => {}, ...options });
const swaggerDir = createRequire(import.meta.url)
  .resolve("swagger-ui-dist/package.json")
  .replace(/package\.json$/, "");

const API_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
};

/** The CSP of a response as a map of directive to sources. */
function csp(res: Response): Record<string, string[]> {
  const header = res.headers.get("content-security-policy") ?? "";
  return Object.fromEntries(
    header
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

describe("every API response", () => {
  it.each([
    ["GET", "/health", 200],
    ["GET", "/", 200],
    ["GET", "/openapi.json", 200],
    ["GET", "/provider/offers", 401],
    ["GET", "/nothing/here", 404],
    ["POST", "/public/consent/revoke", 400],
    ["GET", "/docs/assets/swagger-ui.css", 200],
  ])("%s %s (%i) carries nosniff, no-referrer and DENY, and no HSTS over http", async (method, path, status) => {
    const res = await app().request(path, { method });
    expect(res.status).toBe(status);
    for (const [name, value] of Object.entries(API_HEADERS)) expect(res.headers.get(name), name).toBe(value);
    expect(res.headers.get("strict-transport-security")).toBeNull();
  });

  it("is no document: JSON and files carry default-src 'none' and frame-ancestors 'none'", async () => {
    for (const path of ["/health", "/openapi.json", "/nothing/here", "/docs/assets/swagger-ui-bundle.js"]) {
      expect(csp(await app().request(path)), path).toEqual({
        "default-src": ["'none'"],
        "frame-ancestors": ["'none'"],
      });
    }
  });

  it("carries Strict-Transport-Security when the request came over https", async () => {
    const res = await app().request("https://api.example.com/health");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
    const custom = await app({ strictTransportSecurity: "max-age=63072000; includeSubDomains; preload" }).request(
      "https://api.example.com/nothing",
    );
    expect([custom.status, custom.headers.get("strict-transport-security")]).toEqual([
      404,
      "max-age=63072000; includeSubDomains; preload",
    ]);
    const off = await app({ strictTransportSecurity: false }).request("https://api.example.com/health");
    expect(off.headers.get("strict-transport-security")).toBeNull();
  });

  it("believes X-Forwarded-Proto only from the trusted proxy hops", async () => {
    const proto = async (value: string, hops: number) => {
      const res = await app({ trustProxyHops: hops }).request("/health", { headers: { "x-forwarded-proto": value } });
      return res.headers.get("strict-transport-security");
    };
    expect(await proto("https", 0)).toBeNull();
    expect(await proto("https", 1)).toBe("max-age=31536000");
    expect(await proto("HTTPS", 1)).toBe("max-age=31536000");
    expect(await proto("http", 1)).toBeNull();
    // Two hops: the entry the outer proxy wrote (second from the right) counts, not the client's.
    expect(await proto("http, https, http", 2)).toBe("max-age=31536000");
    expect(await proto("https, http, http", 2)).toBeNull();
    expect(await proto("https", 2)).toBe("max-age=31536000");
  });

  it("createApp refuses an HSTS value that is not a header value", () => {
    for (const bad of ["1 year", "max-age=abc", "", "max-age=1\r\nx: y"]) {
      expect(() => app({ strictTransportSecurity: bad })).toThrow(/options\.strictTransportSecurity must be false/);
    }
  });
});

describe("GET /docs", () => {
  it("has a CSP with a fresh nonce per request, no unsafe-inline, and no framing", async () => {
    const [first, second] = await Promise.all([app().request("/docs"), app().request("/docs")]);
    const policy = csp(first);
    const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(policy["script-src"]?.[1] ?? "")?.[1];
    expect(nonce).toBeDefined();
    expect(policy).toEqual({
      "default-src": ["'none'"],
      "base-uri": ["'none'"],
      "connect-src": ["'self'"],
      "font-src": ["'self'"],
      "form-action": ["'self'"],
      "frame-ancestors": ["'none'"],
      "frame-src": ["'none'"],
      "img-src": ["'self'", "data:"],
      "manifest-src": ["'self'"],
      "media-src": ["'none'"],
      "object-src": ["'none'"],
      "script-src": ["'self'", `'nonce-${nonce}'`],
      "script-src-attr": ["'none'"],
      "style-src": ["'self'", `'nonce-${nonce}'`],
      "style-src-attr": ["'none'"],
      "worker-src": ["'none'"],
    });
    expect(first.headers.get("content-security-policy")).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(csp(second)["script-src"]?.[1]).not.toBe(`'nonce-${nonce}'`);
    expect(first.headers.get("x-frame-options")).toBe("DENY");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("no-referrer");

    const html = await first.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts).toHaveLength(2);
    expect(html).toContain('<link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">');
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("loads Swagger UI from this origin, without persistAuthorization or the outside validator", async () => {
    const html = await (await app().request("/docs")).text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('<link rel="stylesheet" href="/docs/assets/swagger-ui.css"');
    expect(html).toContain('<script src="/docs/assets/swagger-ui-bundle.js"');
    expect(html).not.toContain("persistAuthorization");
    expect(html).toContain('"validatorUrl":null');
  });

  it("serves the installed swagger-ui-dist files byte for byte, and nothing else", async () => {
    for (const [file, type] of [
      ["swagger-ui-bundle.js", "text/javascript; charset=utf-8"],
      ["swagger-ui.css", "text/css; charset=utf-8"],
      ["favicon-32x32.png", "image/png"],
    ] as const) {
      const res = await app().request(`/docs/assets/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(Buffer.from(await res.arrayBuffer()).equals(await readFile(`${swaggerDir}${file}`))).toBe(true);
    }
    for (const name of ["index.html", "package.json", "..%2Fpackage.json", "swagger-initializer.js", "constructor"]) {
      const res = await app().request(`/docs/assets/${name}`);
      expect([name, res.status]).toEqual([name, 404]);
      expect(await res.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    }
  });

  it("takes the files from apiReference.loadAsset when given (an edge host), 404 when it has none", async () => {
    const asked: string[] = [];
    const edge = app({
      apiReference: {
        loadAsset: async (file) => {
          asked.push(file);
          return file === "swagger-ui.css" ? new TextEncoder().encode("body{}") : null;
        },
      },
    });
    const css = await edge.request("/docs/assets/swagger-ui.css");
    expect([css.status, await css.text()]).toEqual([200, "body{}"]);
    await edge.request("/docs/assets/swagger-ui.css");
    expect(asked).toEqual(["swagger-ui.css"]); // read once, then from memory
    const js = await edge.request("/docs/assets/swagger-ui-bundle.js");
    expect(js.status).toBe(404);
    expect((await js.json()).message).toBe("swagger-ui-bundle.js cannot be read on this runtime");
  });

  it("takes an assetsUrl on this origin only (no CDN)", () => {
    for (const bad of ["https://cdn.jsdelivr.net/npm/swagger-ui-dist@5", "//cdn.example/x", "assets", "/a b"]) {
      expect(() => app({ apiReference: { assetsUrl: bad } })).toThrow(/assetsUrl must be a path on this origin/);
    }
    expect(() => app({ apiReference: { assetsUrl: "/static/swagger" } })).not.toThrow();
  });

  it("names the mount path in the page's links", async () => {
    const host = new Hono();
    host.mount("/marketplace", app({ mountPath: "/marketplace" }).fetch);
    const html = await (await host.request("/marketplace/docs")).text();
    expect(html).toContain('href="/marketplace/docs/assets/swagger-ui.css"');
    expect((await host.request("/marketplace/docs/assets/swagger-ui.css")).status).toBe(200);
  });
});

describe("pageSecurityHeaders for other pages (the dashboard, a host's pages)", () => {
  it("gives each page its nonce, and takes replacement directives", async () => {
    const page = new Hono();
    page.get("/", pageSecurityHeaders(), (c) => c.html(`<style nonce="${cspNonce(c)}"></style>`));
    page.get("/portal", pageSecurityHeaders({ directives: { frameAncestors: ["https://operator.example"] } }), (c) =>
      c.html("ok"),
    );
    const res = await page.request("/");
    const nonce = /nonce="([^"]+)"/.exec(await res.text())?.[1];
    expect(csp(res)["style-src"]).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(csp(await page.request("/portal"))["frame-ancestors"]).toEqual(["https://operator.example"]);
  });
});

describe("readFileUrl", () => {
  it("reads a file: URL on Node, and answers null for other schemes", async () => {
    const url = new URL(`file://${swaggerDir}package.json`);
    expect(JSON.parse(new TextDecoder().decode((await readFileUrl(url)) ?? undefined)).name).toBe("swagger-ui-dist");
    expect(await readFileUrl("https://cdn.example/x.js")).toBeNull();
  });
});
