/**
 * What a runtime supplies to the one composition (`createMarketplaceHost`): how to listen, how to
 * read a request's client address, how to serve the metrics port, and which settings it cannot
 * honour. Everything else (database, worker, marketplace, app, dashboard, readiness, metrics
 * registry, tracing, clean-up) is the composition's, the same on every runtime. Signals are the
 * entry point's (`runPortableHost` for Deno and Bun, `runHost` with close-with-grace for Node).
 *
 * @module
 */

import type { Context } from "hono";
import type { ServerConfig } from "../config.ts";

/** A fetch handler as Hono's `app.fetch`: the runtime passes its own bindings (`env`). */
export type FetchHandler = (request: Request, env?: unknown, executionCtx?: never) => Response | Promise<Response>;

/** Where to listen. */
export interface ListenAt {
  host: string;
  /** 0: a free port. */
  port: number;
}

/** A listening API server. */
export interface HttpListener {
  /** The port it listens on (the chosen one when asked for 0). */
  port: number;
  /**
   * Stops accepting, lets requests in flight finish, closes idle keep-alive connections; after
   * `timeoutMs` closes what remains. Resolves with how many connections had to be closed so.
   */
  drain(timeoutMs: number): Promise<{ forced: number }>;
}

/** A listening metrics endpoint. */
export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/** A runtime's part of a host. */
export interface HostRuntime {
  /** e.g. `node v24.1.0`, `deno 2.9.6`, `bun 1.3.0` (logged at start). */
  name: string;
  /** The socket address of a request's client (X-Forwarded-For is the composition's, over trusted hops). */
  clientIp(c: Context): string | null | undefined;
  /** Serves `fetch` (the API and the dashboard) at `at`; resolves once listening. */
  listen(fetch: FetchHandler, at: ListenAt): Promise<HttpListener>;
  /** Serves the metrics handler on a listener of its own; resolves once listening. */
  serveMetrics(fetch: (request: Request) => Promise<Response>, at: ListenAt): Promise<MetricsListener>;
  /** Settings this runtime cannot honour, one message each (`VARIABLE: why`): refused at start. */
  unsupported?(config: ServerConfig): string[];
}

/** `localhost` for a wildcard address, the address otherwise (for URLs shown in logs). */
export function shownHost(host: string): string {
  return host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
}

/** Waits for `promise` at most `ms`: true when the time ran out first. */
export async function timedOut(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
