/**
 * Entry point of the reference server: `pnpm start`.
 *
 * @module
 */

import { createRequire } from "node:module";
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
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, logger, { version });
  } catch (error) {
    logger.error("failed to start", { error: (error as Error).message, stack: (error as Error).stack });
    process.exit(1);
  }

  let signals = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      logger.warn("second signal: exiting at once", { signal });
      process.exit(130);
    }
    logger.info("signal received", { signal });
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error("shutdown failed", { error: (error as Error).message });
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
}

void main();
