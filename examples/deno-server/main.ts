/**
 * The marketplace host on Deno: the one composition (examples/server/src/host/compose.ts) over
 * `Deno.serve` (API and dashboard, and the metrics port on a second listener), the client address
 * from `getConnInfo`, and Deno's signals. The packages are used from their TypeScript sources
 * through the root Deno workspace.
 *
 *     pnpm start:deno   (embedded PostgreSQL in .data/postgres unless DATABASE_URL is set)
 *
 * Configuration: the reference host's environment variables (examples/server). SIGTERM or SIGINT
 * stops it gracefully (readiness 503, requests in flight finish) and exits 0.
 *
 * @module
 */

import { getConnInfo } from "hono/deno";
import { createFetchDrain } from "../server/src/host/fetch-drain.ts";
import type { HostRuntime, ListenAt } from "../server/src/host/runtime.ts";
import { timedOut } from "../server/src/host/runtime.ts";
import { runPortableHost } from "../server/src/portable-host.ts";
import manifest from "./deno.json" with { type: "json" };

function serve(handler: Deno.ServeHandler, at: ListenAt): Promise<Deno.HttpServer<Deno.NetAddr>> {
  return new Promise((resolve, reject) => {
    try {
      const server: Deno.HttpServer<Deno.NetAddr> = Deno.serve(
        { hostname: at.host, port: at.port, onListen: () => queueMicrotask(() => resolve(server)) },
        handler,
      );
    } catch (error) {
      reject(error);
    }
  });
}

const deno: HostRuntime = {
  name: `deno ${Deno.version.deno}`,
  clientIp: (c) => getConnInfo(c).remote.address,
  async listen(fetch, at) {
    const drain = createFetchDrain();
    const handle = drain.wrap(fetch);
    // The handler info carries the peer address that getConnInfo reads.
    const server = await serve((request, info) => handle(request, info), at);
    return {
      port: server.addr.port,
      // shutdown(): stops listening; requests in flight finish; idle connections close.
      drain: async (timeoutMs) => ({
        forced: (await timedOut(
          drain.drain(() => server.shutdown()),
          timeoutMs,
        ))
          ? 1
          : 0,
      }),
    };
  },
  async serveMetrics(fetch, at) {
    const server = await serve((request) => fetch(request), at);
    return { port: server.addr.port, close: () => server.shutdown() };
  },
};

await runPortableHost(
  deno,
  {
    env: Deno.env.toObject(),
    write: (line) => console.log(line),
    writeError: (text) => console.error(text),
    onSignal: (listener) => {
      for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, () => listener(signal));
    },
    onFatal: (listener) => {
      globalThis.addEventListener("unhandledrejection", (event) => {
        event.preventDefault();
        listener(event.reason);
      });
      globalThis.addEventListener("error", (event) => {
        event.preventDefault();
        listener(event.error);
      });
    },
    exit: (code) => Deno.exit(code),
  },
  { version: manifest.version },
);
