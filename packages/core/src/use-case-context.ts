import type { Logger, UnitOfWork } from "./ports.ts";
import type { Clock, IdGenerator } from "./shared-ports.ts";
import type { ApiKeyCache } from "./teams/index.ts";

/** What every use case runs with. */
export interface UseCaseContext {
  unitOfWork: UnitOfWork;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Authenticated keys in memory, when the host gave a change feed (`MarketplaceOptions.apiKeyCache`). */
  apiKeyCache?: ApiKeyCache;
}
