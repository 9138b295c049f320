/**
 * The reference host's composition, for a service that embeds the marketplace
 * (`@marketplace/example-server/host`, a workspace package: examples/embed-node uses it).
 *
 * @module
 */

export { loadConfig, type ServerConfig } from "../config.ts";
export {
  createMarketplaceHost,
  type MarketplaceHost,
  type MarketplaceHostOptions,
  type Readiness,
} from "./compose.ts";
export { nodeRuntime } from "./node.ts";
export type { FetchHandler, HostRuntime } from "./runtime.ts";
