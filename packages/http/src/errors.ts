/**
 * The error contract, in one place: every failure leaves as `{statusCode, message, error}` with
 * `error` the status name; `message` is an array when input validation failed.
 *
 * @module
 */

import {
  InvalidInputError,
  type Logger,
  MarketplaceError,
  type MarketplaceErrorCode,
  PublishValidationError,
  UnprocessableError,
} from "@marketplace/core";
import { problemsBySection } from "@marketplace/core/offers";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The error body of every failing response (but the publish validation body). */
export interface ErrorEnvelope {
  statusCode: number;
  message: string | string[];
  error: string;
  /** A stable sub-code where the spec names one (e.g. `consent_required`). */
  code?: string;
}

const STATUS_NAMES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The short stable name of an HTTP status ("Bad Request"). */
export function statusName(status: number): string {
  return STATUS_NAMES[status] ?? (status >= 500 ? "Internal Server Error" : "Error");
}

/** Builds the envelope for a status. */
export function envelope(status: number, message: string | string[], code?: string): ErrorEnvelope {
  const body: ErrorEnvelope = { statusCode: status, message, error: statusName(status) };
  if (code !== undefined) body.code = code;
  return body;
}

const STATUS_OF: Record<MarketplaceErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  not_ready_to_publish: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unprocessable: 422,
  rate_limited: 429,
};

/**
 * Creates the app's `onError`: maps core errors and HTTP exceptions, answers 503 with Retry-After
 * when `isStoreUnavailable` says the store could not be reached (`createApp` passes its
 * marketplace's), hides everything else.
 */
export function createErrorHandler(logger: Logger, isStoreUnavailable: (error: unknown) => boolean = () => false) {
  return (error: Error, c: Context): Response => {
    if (MarketplaceError.isInstance(error)) {
      const status = STATUS_OF[error.code];
      if (PublishValidationError.isInstance(error)) {
        // The spec's publish body: no statusCode, one entry per unmet rule, and the same keyed by section.
        const { problems } = error;
        return c.json(
          {
            error: statusName(400),
            message: "Offer is not ready to publish",
            validationErrors: problems,
            sections: problemsBySection(problems),
          },
          400,
        );
      }
      if (InvalidInputError.isInstance(error)) return c.json(envelope(status, [...error.problems]), status);
      const reason = UnprocessableError.isInstance(error) ? error.reason : undefined;
      return c.json(envelope(status, error.message, reason), status);
    }
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      if (status >= 500) logFailure(logger, c, error);
      return c.json(envelope(status, error.message || statusName(status)), status);
    }
    if (isStoreUnavailable(error)) {
      // The database restarting or failing over: a designed, retryable answer, not a fault here.
      logger.warn("request failed: database unavailable", {
        requestId: c.get("requestId" as never),
        method: c.req.method,
        path: c.req.path,
        error: error.message,
      });
      c.header("retry-after", "1");
      return c.json(envelope(503, "Service temporarily unavailable: the database is not reachable; retry"), 503);
    }
    logFailure(logger, c, error);
    return c.json(envelope(500, "Internal server error"), 500);
  };
}

function logFailure(logger: Logger, c: Context, error: Error): void {
  logger.error("request failed", {
    requestId: c.get("requestId" as never),
    method: c.req.method,
    path: c.req.path,
    error: error.message,
    stack: error.stack,
  });
}

/** The app's `notFound`: the envelope, naming the method and path. */
export function notFoundHandler(c: Context): Response {
  return c.json(envelope(404, `Cannot ${c.req.method} ${c.req.path}`), 404);
}
