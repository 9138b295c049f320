import type { Logger } from "@marketplace/core";
import { pino } from "pino";

/** A JSON-lines logger (pino) on stdout, or stderr for the CLI, adapted to the core's Logger port. */
export function createLogger(level: string, options: { fd?: 1 | 2 } = {}): Logger {
  const log = pino(
    { level, base: { service: "marketplace" }, timestamp: pino.stdTimeFunctions.isoTime },
    pino.destination({ fd: options.fd ?? 1, sync: true }),
  );
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
