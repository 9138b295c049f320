/**
 * Entry point of the reference server: `pnpm start`.
 *
 * @module
 */

import { createRequire } from "node:module";
import closeWithGrace from "close-with-grace";
import { loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { startServer } from "./server.ts";

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const logger = createLogger(config.logLevel);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;

  // SIGTERM and SIGINT stop the server gracefully and exit 0; an uncaught exception or an unhandled
  // rejection anywhere in the process is logged, stops what can be stopped, and exits 1: never a
  // half-alive server. A second signal, or a stop past its deadline, exits at once (close-with-grace).
  closeWithGrace(
    {
      delay: config.shutdownDelayMs + config.shutdownTimeoutMs + 30_000,
      logger: { error: (message: unknown) => logger.error(String(message)) },
      skip: ["beforeExit"],
      onSecondSignal: (signal) => {
        logger.warn("second signal: exiting at once", { signal });
        process.exit(130);
      },
    },
    async ({ signal, err }) => {
      if (err) logger.error("fatal error: stopping", { error: err.message, stack: err.stack });
      else logger.info("signal received", { signal });
      await server?.stop();
    },
  );

  try {
    server = await startServer(config, logger, { version });
  } catch (error) {
    logger.error("failed to start", { error: (error as Error).message, stack: (error as Error).stack });
    process.exit(1);
  }
}

void main();
