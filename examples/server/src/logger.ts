import type { Logger } from "@marketplace/core";
import { pino } from "pino";

/** A JSON-lines logger on stdout (pino), adapted to the core's Logger port. */
export function createLogger(level: string, base: Record<string, unknown> = {}): Logger {
  const log = pino({ level, base: { service: "marketplace", ...base }, timestamp: pino.stdTimeFunctions.isoTime });
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
