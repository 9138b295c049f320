/**
 * The logger port (a structured logger; the host decides where lines go), and a logger for hosts
 * that pass none.
 *
 * @module
 */

/** Structured fields attached to a log line. */
export type LogFields = Record<string, unknown>;

/** A structured logger; the host decides where lines go. */
export interface Logger {
  /** Detail useful when debugging. */
  debug(message: string, fields?: LogFields): void;
  /** Normal operation worth recording. */
  info(message: string, fields?: LogFields): void;
  /** Something unexpected that the service recovered from. */
  warn(message: string, fields?: LogFields): void;
  /** A failure that needs attention. */
  error(message: string, fields?: LogFields): void;
}

/** A logger that drops everything. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
