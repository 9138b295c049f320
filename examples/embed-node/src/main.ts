/**
 * Entry point: configuration from the environment, a logger, and signals. The embedding itself is
 * in `service.ts`.
 *
 * DATABASE_URL=postgres://… PORT=3001 node dist/main.js
 *
 * @module
 */

import type { Logger } from "@marketplace/core";
import { startService } from "./service.ts";

/** JSON lines on stdout: the host's own logging, handed to the marketplace through its `Logger` port. */
const logger: Logger = {
  debug() {},
  info: (message, fields) => console.log(JSON.stringify({ level: "info", msg: message, ...fields })),
  warn: (message, fields) => console.log(JSON.stringify({ level: "warn", msg: message, ...fields })),
  error: (message, fields) => console.log(JSON.stringify({ level: "error", msg: message, ...fields })),
};

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("DATABASE_URL is required (no PostgreSQL at hand? `pnpm dev` in this folder starts an embedded one)");
  process.exit(2);
}

const service = await startService({
  databaseUrl,
  port: Number(process.env.PORT ?? 3001),
  host: process.env.HOST ?? "127.0.0.1",
  logger,
  allowLoopbackWebhooks: process.env.MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK === "true",
}).catch((error: Error) => {
  logger.error("failed to start", { error: error.message });
  process.exit(1);
});

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info("stopping", { signal });
    service.stop().then(
      () => process.exit(0),
      (error: Error) => {
        logger.error("shutdown failed", { error: error.message });
        process.exit(1);
      },
    );
  });
}
