/**
 * Identifiers: every resource id is a random UUID v4 (36 characters).
 *
 * @module
 */

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** True when `value` is a UUID v4 string. */
export function isUuidV4(value: string): boolean {
  return UUID_V4.test(value);
}

/** A new random UUID v4 from Web Crypto. */
export function randomUuid(): string {
  return crypto.randomUUID();
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The request id of a request: its `x-request-id` when that is a sane one (1 to 128 of letters,
 * digits and `._:-`, so it can go in a log line and a header as it is), else a new one from `newId`.
 * The API and the dashboard both answer with it, so a person can quote it and an operator find the
 * request's log line.
 *
 * @example
 * requestIdOf("req-42", randomUuid); // "req-42"
 * requestIdOf("bad id\n", () => "new"); // "new"
 */
export function requestIdOf(incoming: string | null | undefined, newId: () => string): string {
  return incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : newId();
}
