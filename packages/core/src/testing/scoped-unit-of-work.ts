import type { Repositories, TransactionScope } from "../ports.ts";
import type { ScopedUnitOfWork, ScopeName } from "../use-case-context.ts";

/**
 * A unit of work over just the parts of the scope a use case names (`UseCaseContext<K>`), for a
 * unit test of that use case with the test's own fakes: reads and transactions both reach `parts`,
 * and a transaction runs its work at once over them. Nothing rolls back: for transactions that do,
 * use `InMemoryUnitOfWork`.
 *
 * @example
 * const useCases = brandUseCases({ unitOfWork: scopedUnitOfWork({ brands }), clock, ids, logger });
 */
export function scopedUnitOfWork<K extends ScopeName>(parts: Pick<TransactionScope, K>): ScopedUnitOfWork<K> {
  return {
    repositories: parts as Pick<Repositories, Extract<K, keyof Repositories>>,
    transaction: (work) => work(parts),
  };
}
