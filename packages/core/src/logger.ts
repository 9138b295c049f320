/**
 * Loggers for hosts that pass none.
 *
 * @module
 */

import type { Logger } from "./ports.ts";

/** A logger that drops everything. */
export const silentLogger: Logger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
};
