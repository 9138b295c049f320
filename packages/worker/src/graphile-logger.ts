import { isDatabaseUnavailable } from "@marketplace/adapters-postgres";
import type { Logger } from "@marketplace/core";
import { Logger as GraphileLogger } from "graphile-worker";

/**
 * graphile-worker's log lines through the host's logger. Its error lines about a lost connection
 * are warnings here: the supervisor restarts the runner, and nothing is lost. `quiet` says the
 * worker is stopping, when its "Runner stopping" notices are expected.
 */
export function graphileLogger(logger: Logger, quiet: () => boolean = () => false): GraphileLogger {
  return new GraphileLogger((scope) => (level, message, meta) => {
    const fields = { component: "graphile-worker", ...scope, ...meta };
    if (level === "error" && isDatabaseUnavailable(errorOf(meta))) logger.warn(message, fields);
    else if (level === "error") logger.error(message, fields);
    else if (level === "warning" && quiet()) logger.info(message, fields);
    else if (level === "warning") logger.warn(message, fields);
    else if (level === "info") logger.info(message, fields);
    else logger.debug(message, fields);
  });
}

/** The error graphile-worker attaches to a log line (`error`, or `fatalError` for a failed batch). */
function errorOf(meta: unknown): unknown {
  const { error, fatalError } = (meta ?? {}) as { error?: unknown; fatalError?: unknown };
  return error ?? fatalError;
}
