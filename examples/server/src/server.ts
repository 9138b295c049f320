/**
 * The reference host on Node: the one composition (host/compose.ts) over the Node runtime
 * (host/node.ts). Kept as the entry of `runHost`, dev mode and the tests that start a host in
 * process.
 *
 * @module
 */

import type { Logger } from "@marketplace/core";
import type { ServerConfig } from "./config.ts";
import { createMarketplaceHost, type MarketplaceHost, type MarketplaceHostOptions } from "./host/compose.ts";
import { nodeRuntime } from "./host/node.ts";

export { isDashboardUrl, type Readiness } from "./host/compose.ts";

/** A started host. */
export type RunningServer = MarketplaceHost;

/** What `startServer` takes besides the configuration and the logger. */
export type StartServerOptions = Omit<MarketplaceHostOptions, "logger">;

/** Starts the host on Node; on a failure halfway, everything started so far is stopped again. */
export function startServer(config: ServerConfig, logger: Logger, options: StartServerOptions): Promise<RunningServer> {
  return createMarketplaceHost(config, nodeRuntime, { ...options, logger });
}
