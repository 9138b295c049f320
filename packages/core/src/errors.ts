/**
 * The closed set of errors the core raises for expected failures. Each has a stable `code`; the HTTP
 * layer maps them to statuses in exactly one place. Anything else thrown is a bug or an
 * infrastructure failure and surfaces as a 500.
 *
 * @module
 */

/** Stable codes of the core's errors. */
export type MarketplaceErrorCode =
  | "invalid_input"
  | "not_ready_to_publish"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "unprocessable"
  | "payload_too_large"
  | "rate_limited";

const marker = Symbol.for("marketplace.error");

/** Base class of every expected failure raised by the core. */
export abstract class MarketplaceError extends Error {
  /** A stable machine-readable code. */
  abstract readonly code: MarketplaceErrorCode;

  /** True for any error raised by the core, across realms and bundled copies. */
  static isInstance(value: unknown): value is MarketplaceError {
    return (
      value instanceof MarketplaceError ||
      (typeof value === "object" && value !== null && (value as { [marker]?: boolean })[marker] === true)
    );
  }

  readonly [marker] = true;
}

/** Input broke one or more rules; `problems` holds one message per failed rule, field name first. */
export class InvalidInputError extends MarketplaceError {
  readonly code = "invalid_input";
  constructor(readonly problems: readonly string[]) {
    super(problems.join("; "));
    this.name = "InvalidInputError";
  }
}

/** One unmet publish-readiness rule: its editor section, the dot-delimited field path, and why. */
export interface PublishProblem {
  section: string;
  field: string;
  message: string;
}

/** An offer fails publish-readiness rules (on publish, or on an edit of an active offer). */
export class PublishValidationError extends MarketplaceError {
  readonly code = "not_ready_to_publish";
  constructor(readonly problems: readonly PublishProblem[]) {
    super(`Offer is not ready to publish: ${problems.length} rule${problems.length === 1 ? "" : "s"} not met`);
    this.name = "PublishValidationError";
  }
}

/** The caller could not be authenticated (missing, malformed, unknown or revoked key). */
export class AuthenticationError extends MarketplaceError {
  readonly code = "unauthenticated";
  constructor(message = "Missing or invalid API key") {
    super(message);
    this.name = "AuthenticationError";
  }
}

/** The caller is authenticated, but its role does not grant this endpoint class. */
export class PermissionError extends MarketplaceError {
  readonly code = "forbidden";
  constructor(message: string) {
    super(message);
    this.name = "PermissionError";
  }
}

/** The resource does not exist, or belongs to another team (never told apart). */
export class NotFoundError extends MarketplaceError {
  readonly code = "not_found";
  constructor(
    readonly resource: string,
    readonly id: string,
  ) {
    super(`${resource} ${id} not found`);
    this.name = "NotFoundError";
  }
}

/** The request conflicts with existing state (a duplicate SKU, an illegal transition, …). */
export class ConflictError extends MarketplaceError {
  readonly code = "conflict";
  constructor(message: string) {
    super(message);
    this.name = "ConflictError";
  }
}

/** The request is well formed but cannot be carried out; `reason` is an optional stable sub-code. */
export class UnprocessableError extends MarketplaceError {
  readonly code = "unprocessable";
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = "UnprocessableError";
  }
}

/** A payload exceeds a documented limit. */
export class PayloadTooLargeError extends MarketplaceError {
  readonly code = "payload_too_large";
  constructor(message: string) {
    super(message);
    this.name = "PayloadTooLargeError";
  }
}

/** Too many requests in the current window. */
export class RateLimitedError extends MarketplaceError {
  readonly code = "rate_limited";
  constructor(message = "Too many requests, please retry later") {
    super(message);
    this.name = "RateLimitedError";
  }
}
