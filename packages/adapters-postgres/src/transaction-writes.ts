import type { DomainEvent, EventOutbox, Order } from "@marketplace/core";
import { CompiledQuery, type Kysely } from "kysely";
import { type CompanionStatement, PostgresEventOutbox, recordWithCompanion } from "./postgres-event-outbox.ts";
import {
  INSERT_ORDER,
  INSERT_ORDER_CTES,
  insertParameters,
  PostgresOrderRepository,
} from "./repositories/postgres-order-repository.ts";
import type { Database } from "./schema.ts";

/**
 * The events a `PostgresUnitOfWork` transaction's outbox recorded and has not written yet, private
 * to this package (ADR-0082). The outbox holds them back; the first of these writes them:
 * - the transaction's next order insert, in its own statement (order, items, events and outbox
 *   entries in one round trip, as a placed order records its events just before inserting itself);
 * - any call on a part that reads events or refers to them (`afterPendingEvents`);
 * - the end of the transaction's work, before COMMIT.
 * So events are written in the order recorded, before anything could miss them, and an error of
 * their statement rejects the use case's transaction, which rolls back.
 */
export class TransactionWrites {
  private pending: DomainEvent[] = [];
  private readonly direct: PostgresEventOutbox;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onRecorded: (count: number) => void,
  ) {
    this.direct = new PostgresEventOutbox(db, onRecorded);
  }

  /** The transaction's `EventOutbox`: it holds the events for the next write. */
  readonly outbox: EventOutbox = {
    record: async (events) => {
      for (const event of events) this.pending.push(event);
    },
  };

  /**
   * Runs `companion`'s CTEs with the pending events in one statement, or `alone` (the same CTEs as
   * a statement of their own, with `companion.parameters`) when none are pending.
   */
  async writeWith(companion: CompanionStatement, alone: string): Promise<void> {
    if (this.pending.length === 0) {
      await this.db.executeQuery(CompiledQuery.raw(alone, companion.parameters as unknown[]));
      return;
    }
    const events = this.take();
    await recordWithCompanion(this.db, events, companion);
    this.onRecorded(events.length);
  }

  /** Writes the pending events, if any, in one statement. */
  async flush(): Promise<void> {
    if (this.pending.length > 0) await this.direct.record(this.take());
  }

  private take(): DomainEvent[] {
    const events = this.pending;
    this.pending = [];
    return events;
  }
}

/** The order repository of a transaction: an order goes in with the events recorded before it. */
export class TransactionOrderRepository extends PostgresOrderRepository {
  constructor(
    db: Kysely<Database>,
    private readonly writes: TransactionWrites,
  ) {
    super(db);
  }

  override async insert(order: Order): Promise<void> {
    await this.writes.writeWith({ ctes: INSERT_ORDER_CTES, parameters: insertParameters(order) }, INSERT_ORDER);
  }
}

/**
 * `part` (a repository or queue of the transaction) with every method writing the pending events
 * first. Its methods are all async (ports return promises).
 */
export function afterPendingEvents<T extends object>(part: T, writes: TransactionWrites): T {
  const view: Record<string, unknown> = Object.create(part);
  // From the object itself: a part made as an object literal has its methods as own properties.
  for (let proto: object | null = part; proto && proto !== Object.prototype; ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const method = (part as Record<string, unknown>)[name];
      if (name === "constructor" || typeof method !== "function" || Object.hasOwn(view, name)) continue;
      view[name] = async (...args: unknown[]) => {
        await writes.flush();
        return method.apply(part, args);
      };
    }
    proto = Object.getPrototypeOf(proto);
  }
  return view as T;
}

/**
 * The transaction's repositories, each made on first use with every method writing the pending
 * events first (`afterPendingEvents`): a repository that reads events or refers to them (the
 * delivery log, the delivery queue, the events API, and any added later) can never miss one; the
 * parts in `asIs` (the order repository, whose insert takes them along, and the outbox) are not
 * wrapped. Made
 * lazily: a use case touches a few of the scope's parts, and a wrapper costs only what it is used.
 */
export function everyPartAfterPendingEvents<T extends object>(
  parts: T,
  writes: TransactionWrites,
  asIs: ReadonlySet<keyof T>,
): T {
  const made = new Map<PropertyKey, unknown>();
  return new Proxy(parts, {
    get(target, name, receiver) {
      const part = Reflect.get(target, name, receiver);
      if (typeof part !== "object" || part === null || asIs.has(name as keyof T)) return part;
      let wrapped = made.get(name);
      if (wrapped === undefined) {
        wrapped = afterPendingEvents(part, writes);
        made.set(name, wrapped);
      }
      return wrapped;
    },
  });
}
