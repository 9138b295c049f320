/**
 * `InMemoryUnitOfWork`: the `UnitOfWork` port over plain memory, for unit tests of code built on
 * `createMarketplace` (no database, any runtime). A transaction works on a copy of the tables and
 * writes the rows it changed back when it resolves; when it throws, the copy is dropped. Transactions are queued and
 * run one at a time.
 *
 * @module
 */

import type { Repositories, TransactionScope, UnitOfWork } from "../ports.ts";
import type { Clock } from "../shared-ports.ts";
import { type InMemoryContext, InMemoryTables } from "./in-memory-database.ts";
import { REPOSITORY_FACTORIES, SCOPE_FACTORIES } from "./repositories/index.ts";

/** Options of `InMemoryUnitOfWork`. */
export interface InMemoryUnitOfWorkOptions {
  /**
   * The database's clock: what the SQL adapter reads from PostgreSQL's `now()` (give it the clock you
   * give `createMarketplace` to control time in a test). Defaults to the system clock.
   */
  clock?: Clock;
}

const systemClock: Clock = { now: () => new Date() };

/**
 * The in-memory adapter: every repository of the `Repositories` port, transactions with rollback,
 * the event outbox and the delivery queue.
 *
 * @example
 * const marketplace = createMarketplace({ unitOfWork: new InMemoryUnitOfWork() });
 * const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  readonly #tables = new InMemoryTables();
  #queue: Promise<unknown> = Promise.resolve();
  readonly #clock: Clock;
  /** Repositories outside a transaction: each call sees the last committed state. */
  readonly repositories: Repositories;

  constructor(options: InMemoryUnitOfWorkOptions = {}) {
    this.#clock = options.clock ?? systemClock;
    const unitOfWork = this;
    const committed: InMemoryContext = {
      clock: this.#clock,
      get tables() {
        return unitOfWork.#tables;
      },
    };
    this.repositories = repositoriesOver(committed);
  }

  transaction<T>(work: (scope: TransactionScope) => Promise<T>): Promise<T> {
    const run = async (): Promise<T> => {
      const base = this.#tables.clone();
      const draft = this.#tables.clone();
      const context: InMemoryContext = { tables: draft, clock: this.#clock };
      const scope = { ...repositoriesOver(context), ...scopeOver(context) } as TransactionScope;
      const result = await work(scope);
      this.#tables.applyChanges(base, draft);
      return result;
    };
    const result = this.#queue.then(run, run);
    this.#queue = result.catch(() => undefined);
    return result;
  }

  /** Memory is always reachable: false. */
  isUnavailable(_error: unknown): boolean {
    return false;
  }
}

function repositoriesOver(context: InMemoryContext): Repositories {
  const repositories: Record<string, unknown> = {};
  for (const [name, factory] of Object.entries(REPOSITORY_FACTORIES)) {
    repositories[name] = (factory as (context: InMemoryContext) => unknown)(context);
  }
  return repositories as unknown as Repositories;
}

function scopeOver(context: InMemoryContext): Omit<TransactionScope, keyof Repositories> {
  const scope: Record<string, unknown> = {};
  for (const [name, factory] of Object.entries(SCOPE_FACTORIES)) {
    scope[name] = (factory as (context: InMemoryContext) => unknown)(context);
  }
  return scope as unknown as Omit<TransactionScope, keyof Repositories>;
}
