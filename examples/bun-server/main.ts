/**
 * The marketplace API on Bun: `Bun.serve`, the client IP from `server.requestIP`, the Postgres
 * adapter over pg, and the webhook delivery worker, in one process. The packages are used from
 * their builds (`pnpm build`), resolved through the workspace like any npm dependency.
 *
 *     DATABASE_URL=postgres://… pnpm start:bun   (builds the packages, then: bun examples/bun-server/main.ts)
 *
 * Configuration: the reference host's environment variables (examples/server), DATABASE_URL
 * required. SIGTERM or SIGINT stops it gracefully (requests in flight finish) and exits 0.
 *
 * @module
 */

import { startPortableHost } from "../server/src/portable-host.ts";
import manifest from "./package.json" with { type: "json" };

/** What the app's handlers see as `c.env`: the client address Bun reported for the request. */
interface BunBindings {
  clientIp: string | null;
}

let host: Awaited<ReturnType<typeof startPortableHost>>;
try {
  host = await startPortableHost({
    env: process.env,
    write: (line) => console.log(line),
    version: manifest.version,
    // Read from the bindings, not from c.req.raw: a middleware may hand the route a copy of the
    // request, which Bun's requestIP does not know.
    clientIp: (c) => (c.env as BunBindings).clientIp,
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit((error as Error).message.startsWith("invalid configuration") ? 2 : 1);
}
const { config, logger, app } = host;

const server = Bun.serve({
  hostname: config.host,
  port: config.port,
  fetch: (request, bun) => app.fetch(request, { clientIp: bun.requestIP(request)?.address ?? null } as BunBindings),
});
const shown = config.host === "0.0.0.0" || config.host === "::" ? "localhost" : config.host;
logger.info("listening", { url: `http://${shown}:${server.port}`, port: server.port, runtime: `bun ${Bun.version}` });

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  void (async () => {
    logger.info("signal received", { signal });
    await server.stop(); // stops listening; requests in flight finish
    logger.info("HTTP drained; stopping the delivery worker");
    await host.stop();
    logger.info("stopped");
    process.exit(0);
  })();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));

process.on("unhandledRejection", (reason) => {
  const error = reason as Error;
  logger.error("fatal error: stopping", { error: error?.message, stack: error?.stack });
  void host.stop().finally(() => process.exit(1));
});
