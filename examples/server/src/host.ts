/**
 * Runs the reference host as a process: `pnpm start` (main.ts) and `pnpm dev` (dev.ts) both start
 * through here, so both stop the same way.
 *
 * @module
 */

import type { Logger } from "@marketplace/core";
import closeWithGrace from "close-with-grace";
import type { ServerConfig } from "./config.ts";
import { type RunningServer, type StartServerOptions, startServer } from "./server.ts";
import { stopSignalClassifier } from "./stop-signals.ts";

/**
 * Starts the server and owns the process's end: SIGTERM and SIGINT stop it gracefully and exit 0;
 * an uncaught exception or an unhandled rejection anywhere in the process is logged at error level,
 * stops what can be stopped and exits 1, so a half-alive server never stays up; a second signal
 * exits 130 (a repeat within a second is the same stop delivered twice, and is
 * ignored), and a stop past its deadline exits 1 (close-with-grace). A failed start exits 1.
 *
 * @example
 * const server = await runHost(loadConfig(process.env), createLogger("info"), { version });
 */
export async function runHost(
  config: ServerConfig,
  logger: Logger,
  options: StartServerOptions,
): Promise<RunningServer> {
  let server: RunningServer | null = null;
  let stopping = false;
  // SIGINT and SIGTERM are read here, not by close-with-grace: an echo of the first (the same stop
  // delivered twice) is ignored; close-with-grace keeps the other signals, errors and the deadline.
  const grace = closeWithGrace(
    {
      delay: config.shutdownDelayMs + config.shutdownTimeoutMs + 30_000,
      logger: { error: (message: unknown) => logger.error(String(message)) },
      skip: ["beforeExit", "SIGINT", "SIGTERM"],
      onSecondSignal: (signal) => {
        logger.warn("second signal: exiting at once", { signal });
        process.exit(130);
      },
    },
    async ({ err }) => {
      stopping = true;
      if (err) logger.error("fatal error: stopping", { error: err.message, stack: err.stack });
      await server?.stop();
    },
  );
  const classify = stopSignalClassifier();
  const onStopSignal = (signal: NodeJS.Signals) => {
    const kind = classify();
    if (kind === "echo") {
      logger.info("signal repeated: the same stop, still under way", { signal });
    } else if (kind === "first" && !stopping) {
      logger.info("signal received", { signal });
      void grace.close();
    } else {
      logger.warn("second signal: exiting at once", { signal });
      process.exit(130);
    }
  };
  process.on("SIGINT", onStopSignal);
  process.on("SIGTERM", onStopSignal);
  try {
    server = await startServer(config, logger, options);
  } catch (error) {
    logger.error("failed to start", { error: (error as Error).message, stack: (error as Error).stack });
    process.exit(1);
  }
  return server;
}
