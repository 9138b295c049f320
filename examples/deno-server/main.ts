/**
 * The marketplace API on Deno: `Deno.serve`, the client IP from `getConnInfo`, the Postgres
 * adapter over npm:pg, and the webhook delivery worker, in one process. The packages are used
 * from their TypeScript sources through the root Deno workspace.
 *
 *     DATABASE_URL=postgres://… pnpm start:deno
 *     (pnpm exec deno run --allow-net --allow-env --allow-read --allow-sys examples/deno-server/main.ts)
 *
 * Configuration: the reference host's environment variables (examples/server), DATABASE_URL
 * required. SIGTERM or SIGINT stops it gracefully (requests in flight finish) and exits 0.
 *
 * @module
 */

import { getConnInfo } from "hono/deno";
import { startPortableHost } from "../server/src/portable-host.ts";
import manifest from "./deno.json" with { type: "json" };

let host: Awaited<ReturnType<typeof startPortableHost>>;
try {
  host = await startPortableHost({
    env: Deno.env.toObject(),
    write: (line) => console.log(line),
    version: manifest.version,
    clientIp: (c) => getConnInfo(c).remote.address,
  });
} catch (error) {
  console.error((error as Error).message);
  Deno.exit((error as Error).message.startsWith("invalid configuration") ? 2 : 1);
}
const { config, logger, app } = host;

const server = Deno.serve(
  {
    hostname: config.host,
    port: config.port,
    onListen: ({ hostname, port }) => {
      const shown = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
      logger.info("listening", { url: `http://${shown}:${port}`, port, runtime: `deno ${Deno.version.deno}` });
    },
  },
  // The handler info carries the peer address that getConnInfo reads.
  (request, info) => app.fetch(request, info),
);

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  void (async () => {
    logger.info("signal received", { signal });
    await server.shutdown(); // stops listening; requests in flight finish
    logger.info("HTTP drained; stopping the delivery worker");
    await host.stop();
    logger.info("stopped");
    Deno.exit(0);
  })();
}
Deno.addSignalListener("SIGTERM", () => stop("SIGTERM"));
Deno.addSignalListener("SIGINT", () => stop("SIGINT"));

globalThis.addEventListener("unhandledrejection", (event) => {
  event.preventDefault();
  const error = event.reason as Error;
  logger.error("fatal error: stopping", { error: error?.message, stack: error?.stack });
  void host.stop().finally(() => Deno.exit(1));
});
