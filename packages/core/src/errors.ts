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

/** Options of every error: `cause`, what made it (e.g. the database's unique violation behind a 409). */
export interface MarketplaceErrorOptions {
  /** The underlying error, kept for logs and debugging (`error.cause`). */
  cause?: unknown;
}

/** True when `value` is an error of the core (of any copy of it), and of `code` when given. */
function isErrorOf(value: unknown, code?: MarketplaceErrorCode): boolean {
  if (typeof value !== "object" || value === null || (value as { [marker]?: boolean })[marker] !== true) return false;
  return code === undefined || (value as { code?: unknown }).code === code;
}

/** Base class of every expected failure raised by the core. */
export abstract class MarketplaceError extends Error {
  /** A stable machine-readable code. */
  abstract readonly code: MarketplaceErrorCode;

  /**
   * True for any error raised by the core, across realms and bundled copies. Each subclass has its
   * own: `ConflictError.isInstance(error)` is true for conflicts only.
   *
   * @example
   * if (ConflictError.isInstance(error)) return retryWithAnotherSku();
   */
  static isInstance(value: unknown): value is MarketplaceError {
    return isErrorOf(value);
  }

  readonly [marker] = true;

  constructor(message: string, options?: MarketplaceErrorOptions) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
  }
}

/** Input broke one or more rules; `problems` holds one message per failed rule, field name first. */
export class InvalidInputError extends MarketplaceError {
  /** True for a InvalidInputError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is InvalidInputError {
    return isErrorOf(value, "invalid_input");
  }

  readonly code = "invalid_input";
  constructor(
    readonly problems: readonly string[],
    options?: MarketplaceErrorOptions,
  ) {
    super(problems.join("; "), options);
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
  /** True for a PublishValidationError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is PublishValidationError {
    return isErrorOf(value, "not_ready_to_publish");
  }

  readonly code = "not_ready_to_publish";
  constructor(
    readonly problems: readonly PublishProblem[],
    options?: MarketplaceErrorOptions,
  ) {
    super(`Offer is not ready to publish: ${problems.length} rule${problems.length === 1 ? "" : "s"} not met`, options);
    this.name = "PublishValidationError";
  }
}

/** The caller could not be authenticated (missing, malformed, unknown or revoked key). */
export class AuthenticationError extends MarketplaceError {
  /** True for a AuthenticationError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is AuthenticationError {
    return isErrorOf(value, "unauthenticated");
  }

  readonly code = "unauthenticated";
  constructor(message = "Missing or invalid API key", options?: MarketplaceErrorOptions) {
    super(message, options);
    this.name = "AuthenticationError";
  }
}

/** The caller is authenticated, but its role does not grant this endpoint class. */
export class PermissionError extends MarketplaceError {
  /** True for a PermissionError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is PermissionError {
    return isErrorOf(value, "forbidden");
  }

  readonly code = "forbidden";
  constructor(message: string, options?: MarketplaceErrorOptions) {
    super(message, options);
    this.name = "PermissionError";
  }
}

/** The resource does not exist, or belongs to another team (never told apart). */
export class NotFoundError extends MarketplaceError {
  /** True for a NotFoundError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is NotFoundError {
    return isErrorOf(value, "not_found");
  }

  readonly code = "not_found";
  constructor(
    readonly resource: string,
    readonly id: string,
    options?: MarketplaceErrorOptions,
  ) {
    super(`${resource} ${id} not found`, options);
    this.name = "NotFoundError";
  }
}

/** The request conflicts with existing state (a duplicate SKU, an illegal transition, …). */
export class ConflictError extends MarketplaceError {
  /** True for a ConflictError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is ConflictError {
    return isErrorOf(value, "conflict");
  }

  readonly code = "conflict";
  constructor(message: string, options?: MarketplaceErrorOptions) {
    super(message, options);
    this.name = "ConflictError";
  }
}

/** The request is well formed but cannot be carried out; `reason` is an optional stable sub-code. */
export class UnprocessableError extends MarketplaceError {
  /** True for a UnprocessableError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is UnprocessableError {
    return isErrorOf(value, "unprocessable");
  }

  readonly code = "unprocessable";
  constructor(
    message: string,
    readonly reason?: string,
    options?: MarketplaceErrorOptions,
  ) {
    super(message, options);
    this.name = "UnprocessableError";
  }
}

/** A payload exceeds a documented limit. */
export class PayloadTooLargeError extends MarketplaceError {
  /** True for a PayloadTooLargeError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is PayloadTooLargeError {
    return isErrorOf(value, "payload_too_large");
  }

  readonly code = "payload_too_large";
  constructor(message: string, options?: MarketplaceErrorOptions) {
    super(message, options);
    this.name = "PayloadTooLargeError";
  }
}

/** Too many requests in the current window. */
export class RateLimitedError extends MarketplaceError {
  /** True for a RateLimitedError of any copy of the core (see `MarketplaceError.isInstance`). */
  static override isInstance(value: unknown): value is RateLimitedError {
    return isErrorOf(value, "rate_limited");
  }

  readonly code = "rate_limited";
  constructor(message = "Too many requests, please retry later", options?: MarketplaceErrorOptions) {
    super(message, options);
    this.name = "RateLimitedError";
  }
}
