/** pg's error shape, as far as we read it. */
interface PgError {
  code?: string;
  constraint?: string;
}

/** True when `error` is a unique violation, optionally of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as PgError | null;
  return (
    typeof pgError === "object" &&
    pgError !== null &&
    pgError.code === "23505" &&
    (constraint === undefined || pgError.constraint === constraint)
  );
}

const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
const CONNECTION_LOST =
  /Connection terminated|terminating connection|Client has encountered a connection error|connect ECONNREFUSED|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when `error` (or its `cause`, or one of an AggregateError's `errors`) says the database
 * connection was lost or refused: PostgreSQL classes 08 (connection exception) and 57P (operator
 * intervention: a shutdown, a restart, a failover), or a socket that could not reach the server.
 * `PostgresUnitOfWork.isUnavailable` answers with it, so hosts ask their marketplace
 * (`marketplace.isStoreUnavailable(error)`: a 503 to retry); the worker, which talks to PostgreSQL
 * itself, asks it directly (a lost connection restarts its runner, it is no error). Duck typed on
 * pg's `code` and `message` (ADR-0083).
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
