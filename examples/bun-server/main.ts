/**
 * The marketplace host on Bun: the one composition (examples/server/src/host/compose.ts) over
 * `Bun.serve` (API and dashboard, and the metrics port on a second listener), the client address
 * from `server.requestIP`, and the process's signals. The packages are used from their builds
 * (`pnpm build`), resolved through the workspace like any npm dependency.
 *
 *     pnpm start:bun   (builds the packages, then: bun examples/bun-server/main.ts; embedded
 *                       PostgreSQL in .data/postgres unless DATABASE_URL is set)
 *
 * Configuration: the reference host's environment variables (examples/server). SIGTERM or SIGINT
 * stops it gracefully (readiness 503, requests in flight finish) and exits 0.
 *
 * @module
 */

import { createFetchDrain } from "../server/src/host/fetch-drain.ts";
import type { HostRuntime } from "../server/src/host/runtime.ts";
import { timedOut } from "../server/src/host/runtime.ts";
import { runPortableHost } from "../server/src/portable-host.ts";
import manifest from "./package.json" with { type: "json" };

/** What the app's handlers see as `c.env`: the client address Bun reported for the request. */
interface BunBindings {
  clientIp: string | null;
}

const bun: HostRuntime = {
  name: `bun ${Bun.version}`,
  // Read from the bindings, not from c.req.raw: a middleware may hand the route a copy of the
  // request, which Bun's requestIP does not know.
  clientIp: (c) => (c.env as BunBindings).clientIp,
  async listen(fetch, at) {
    const drain = createFetchDrain();
    const handle = drain.wrap(fetch);
    const server = Bun.serve({
      hostname: at.host,
      port: at.port,
      fetch: (request, bunServer) =>
        handle(request, { clientIp: bunServer.requestIP(request)?.address ?? null } satisfies BunBindings),
    });
    return {
      port: server.port as number,
      // stop(): stops listening, requests in flight finish; stop(true) closes what is left.
      drain: async (timeoutMs) => {
        if (
          !(await timedOut(
            drain.drain(() => server.stop()),
            timeoutMs,
          ))
        )
          return { forced: 0 };
        const left = server.pendingRequests;
        await server.stop(true);
        return { forced: Math.max(1, left) };
      },
    };
  },
  async serveMetrics(fetch, at) {
    const server = Bun.serve({ hostname: at.host, port: at.port, fetch: (request) => fetch(request) });
    return { port: server.port as number, close: () => server.stop(true) };
  },
};

await runPortableHost(
  bun,
  {
    env: process.env,
    write: (line) => console.log(line),
    writeError: (text) => console.error(text),
    onSignal: (listener) => {
      for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => listener(signal));
    },
    onFatal: (listener) => {
      process.on("uncaughtException", listener);
      process.on("unhandledRejection", listener);
    },
    exit: (code) => process.exit(code),
  },
  { version: manifest.version },
);
