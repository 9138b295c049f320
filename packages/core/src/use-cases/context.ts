import type { ApiKeyCache } from "../api-key-cache.ts";
import type { Clock, IdGenerator, Logger, UnitOfWork } from "../ports.ts";

/** What every use case runs with. */
export interface UseCaseContext {
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Authenticated keys in memory, when the host gave a change feed (`MarketplaceOptions.apiKeyCache`). */
  apiKeyCache?: ApiKeyCache;
}
