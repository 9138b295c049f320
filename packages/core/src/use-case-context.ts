import type { Logger, Repositories, TransactionScope } from "./ports.ts";
import type { Clock, IdGenerator } from "./shared-ports.ts";
import type { ApiKeyCache } from "./teams/index.ts";

/** A name of the transaction scope: a repository, `outbox` or `deliveryQueue`. */
export type ScopeName = keyof TransactionScope;

/**
 * The unit of work as a use case sees it: only the repositories it names (`K`), outside and inside
 * a transaction. Any `UnitOfWork` is one; a test or an embedder may give an object with just those.
 *
 * @example
 * const unitOfWork: ScopedUnitOfWork<"brands"> = {
 *   repositories: { brands },
 *   transaction: (work) => work({ brands }),
 * };
 */
export interface ScopedUnitOfWork<K extends ScopeName> {
  /** The named repositories, for reads that need no transaction. */
  readonly repositories: Pick<Repositories, Extract<K, keyof Repositories>>;
  /** Runs `work` in one transaction: commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (scope: Pick<TransactionScope, K>) => Promise<T>): Promise<T>;
}

/**
 * What a use case runs with. `K` names the parts of the transaction scope it uses (for example
 * `UseCaseContext<"orders" | "customers" | "outbox">`); without it, every part.
 */
export interface UseCaseContext<K extends ScopeName = ScopeName> {
  unitOfWork: ScopedUnitOfWork<K>;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** Authenticated keys in memory, when the host gave a change feed (`MarketplaceOptions.apiKeyCache`). */
  apiKeyCache?: ApiKeyCache;
}
