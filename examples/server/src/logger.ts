import type { Logger } from "@marketplace/core";
import { type DestinationStream, pino } from "pino";
import { PINO_REDACT_PATHS, REDACTED } from "./redact.ts";

/**
 * A JSON-lines logger (pino) on stdout, or stderr for the CLI, adapted to the core's Logger port.
 *
 * The server's destination is asynchronous (`sync: false`): a line is queued and written by the
 * event loop, several lines per write under load, instead of one blocking write(2) per request.
 * pino flushes what is queued when the process exits (its exit hook), so the last lines of a stop
 * or a crash are kept. The CLI writes synchronously: it is short-lived and its lines are its output.
 *
 * Fields that may carry a secret (API keys, authorization, cookies, signatures, webhook secrets,
 * passwords, tokens; see redact.ts) are written as `[Redacted]` (pino's `redact`).
 * `options.destination` replaces stdout (tests capture the lines).
 */
export function createLogger(
  level: string,
  options: { fd?: 1 | 2; sync?: boolean; destination?: DestinationStream } = {},
): Logger {
  const log = pino(
    {
      level,
      base: { service: "marketplace" },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: PINO_REDACT_PATHS, censor: REDACTED },
    },
    options.destination ?? pino.destination({ fd: options.fd ?? 1, sync: options.sync ?? false }),
  );
  return {
    debug: (message, fields) => log.debug(fields ?? {}, message),
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
