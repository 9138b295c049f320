/**
 * Telling a lost or refused database connection from every other failure, for the hosts and
 * adapters that answer it differently (a 503 to retry, a worker that restarts its runner). Duck
 * typed on the driver's `code` and `message`: the core depends on no driver.
 *
 * @module
 */

const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
const CONNECTION_LOST =
  /Connection terminated|terminating connection|Client has encountered a connection error|connect ECONNREFUSED|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when `error` (or its `cause`, or one of an AggregateError's `errors`) says the database
 * connection was lost or refused: PostgreSQL classes 08 (connection exception) and 57P (operator
 * intervention: a shutdown, a restart, a failover), or a socket that could not reach the server.
 *
 * @example
 * isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" })); // true
 * isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" })); // false
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const check = (value: unknown): boolean => {
    if (!value || typeof value !== "object" || seen.has(value)) return false;
    seen.add(value);
    const { code, message, errors, cause } = value as {
      code?: unknown;
      message?: unknown;
      errors?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && (/^(08|57P)/.test(code) || UNREACHABLE_CODES.has(code))) return true;
    if (typeof message === "string" && CONNECTION_LOST.test(message)) return true;
    if (Array.isArray(errors) && errors.some(check)) return true;
    return check(cause);
  };
  return check(error);
}
