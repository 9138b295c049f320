/**
 * Files of installed npm packages served by the app itself (Swagger UI's script and stylesheet; the
 * dashboard's htmx), so that pages load nothing from a CDN and the version is the one the lockfile
 * pins. No Node import: a file is found with `import.meta.resolve` and read with the runtime's own
 * file API (Deno, Bun, or Node through `process.getBuiltinModule`), detected at run time.
 *
 * @module
 */

import type { Context, Handler } from "hono";
import { envelope } from "./errors.ts";

/** A file the app serves: its content type and how to read its bytes (once; kept in memory). */
export interface StaticFile {
  /** The `Content-Type` it is sent with, e.g. `text/javascript; charset=utf-8`. */
  type: string;
  /** Reads the bytes; null when this runtime cannot (the file is then answered 404). */
  load: () => Promise<Uint8Array | null>;
}

interface RuntimeFileApis {
  Deno?: { readFile(path: URL): Promise<Uint8Array> };
  Bun?: { file(path: URL): { arrayBuffer(): Promise<ArrayBuffer> } };
  process?: { getBuiltinModule?: (id: string) => unknown };
}

/**
 * The bytes of a `file:` URL (e.g. `import.meta.resolve("swagger-ui-dist/swagger-ui.css")` in the
 * module whose package depends on that package), read with the runtime's file API: `Deno.readFile`,
 * `Bun.file`, or Node's `fs/promises` by `process.getBuiltinModule` (Node 20.16+; no static import,
 * so the module still bundles for browsers and edge workers). Null where there is none of these or
 * the URL is not a `file:` URL; a missing file rejects.
 *
 * @example
 * const css = await readFileUrl(import.meta.resolve("swagger-ui-dist/swagger-ui.css"));
 */
export async function readFileUrl(url: string | URL): Promise<Uint8Array | null> {
  const target = new URL(url);
  if (target.protocol !== "file:") return null;
  const runtime = globalThis as RuntimeFileApis;
  if (typeof runtime.Deno?.readFile === "function") return runtime.Deno.readFile(target);
  if (typeof runtime.Bun?.file === "function") return new Uint8Array(await runtime.Bun.file(target).arrayBuffer());
  const fs = runtime.process?.getBuiltinModule?.("node:fs/promises") as
    | { readFile(path: URL): Promise<Uint8Array> }
    | undefined;
  if (fs) return new Uint8Array(await fs.readFile(target));
  return null;
}

/**
 * Resolves `specifier` with `resolve` (pass `(s) => import.meta.resolve(s)` from the module whose
 * package depends on the file's package) and reads it with `readFileUrl`; null where the runtime can
 * resolve or read neither (an edge worker: serve the file another way).
 *
 * @example
 * const load = installedFile("htmx.org/dist/htmx.min.js", (s) => import.meta.resolve(s));
 */
export function installedFile(
  specifier: string,
  resolve: (specifier: string) => string,
): () => Promise<Uint8Array | null> {
  return async () => {
    let url: string;
    try {
      url = resolve(specifier);
    } catch {
      return null;
    }
    return readFileUrl(url);
  };
}

/**
 * A handler answering `GET …/:file` with the named file of `files`: read on first request and kept in
 * memory, sent with its content type, `X-Content-Type-Options: nosniff` and
 * `Cache-Control: public, max-age=86400`; 404 (in the error envelope) for a name not in `files` or a
 * file this runtime cannot read, and a failed read is retried on the next request.
 *
 * @example
 * app.get("/assets/:file", serveStaticFiles({ "htmx.min.js": { type: "text/javascript; charset=utf-8", load } }));
 */
export function serveStaticFiles(files: Record<string, StaticFile>): Handler {
  const cache = new Map<string, Promise<Uint8Array | null>>();
  return async (c: Context) => {
    const name = c.req.param("file") ?? "";
    const file = Object.hasOwn(files, name) ? files[name] : undefined;
    if (!file) return c.json(envelope(404, `Cannot ${c.req.method} ${c.req.path}`), 404);
    let loading = cache.get(name);
    if (!loading) {
      loading = file.load();
      cache.set(name, loading);
    }
    let bytes: Uint8Array | null;
    try {
      bytes = await loading;
    } catch (error) {
      cache.delete(name);
      throw error instanceof Error ? error : new Error(String(error));
    }
    if (bytes === null) {
      cache.delete(name);
      return c.json(envelope(404, `${name} cannot be read on this runtime`), 404);
    }
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "content-type": file.type,
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
    });
  };
}
