import type { Clock, IdGenerator, Logger, UnitOfWork } from "./ports.ts";
import type { ApiKeyCache } from "./teams/api-key-cache.ts";

/** What every use case runs with. */
export interface UseCaseContext {
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Authenticated keys in memory, when the host gave a change feed (`MarketplaceOptions.apiKeyCache`). */
  apiKeyCache?: ApiKeyCache;
}
