import { type DomainEvent, type EventOutbox, isoTime } from "@marketplace/core";
import { CompiledQuery, type Kysely } from "kysely";
import type { Database } from "./schema.ts";
import { currentTraceparent } from "./tracing.ts";

/** Data-modifying CTEs to run in the same statement as the events, written with `$1`…`$n`. */
export interface CompanionStatement {
  /** `name as (insert …), …`: one or more CTEs, without the leading `with`. */
  ctes: string;
  /** The values of `$1`…`$n`. */
  parameters: readonly unknown[];
}

/**
 * The events insert and its outbox entries, the event rows read from one jsonb parameter. An event
 * about an order (`data.orderId`) gets `data.sequence`: the order's next number, from the upsert of
 * its `order_event_sequences` row in the same statement, so an order's events are numbered 1, 2, …
 * in the order of the transactions that record them (the row lock queues them), and in the order
 * given within one.
 */
function eventsTail(rowsParameter: number): string {
  return `new_events as (
    select * from jsonb_to_recordset($${rowsParameter}::jsonb) as r(
      id uuid, type text, version integer, created_at timestamptz, training boolean, data jsonb,
      provider_team_ids uuid[], reseller_team_ids uuid[], delivery_hints jsonb, order_id text, ord integer,
      traceparent text
    )
  ),
  order_sequences as (
    insert into order_event_sequences (order_id, last_sequence)
    select order_id, count(*) from new_events where order_id is not null group by order_id
    on conflict (order_id) do update set last_sequence = order_event_sequences.last_sequence + excluded.last_sequence
    returning order_id, last_sequence
  ),
  recorded_events as (
    insert into events (
      id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids, delivery_hints,
      traceparent
    )
    select n.id, n.type, n.version, n.created_at, n.training,
      case when n.order_id is null then n.data
        else n.data || jsonb_build_object('sequence',
          s.last_sequence - count(*) over (partition by n.order_id)
            + row_number() over (partition by n.order_id order by n.ord))
      end,
      n.provider_team_ids, n.reseller_team_ids, n.delivery_hints, n.traceparent
    from new_events n left join order_sequences s on s.order_id = n.order_id
    returning id, traceparent
  )
  insert into event_outbox (event_id, traceparent) select id, traceparent from recorded_events`;
}

const RECORD = `with ${eventsTail(1)}`;

/**
 * The events as one JSON array of event rows, what `jsonb_to_recordset` reads; their times as text
 * already (`isoTime`), not through Date.prototype.toJSON.
 */
function eventRowsJson(events: readonly DomainEvent[]): string {
  const traceparent = currentTraceparent();
  return JSON.stringify(
    events.map((event, ord) => ({
      id: event.id,
      type: event.type,
      version: event.version,
      created_at: isoTime(event.createdAt),
      training: event.data.training,
      data: event.data,
      provider_team_ids: event.audience.providerTeamIds,
      reseller_team_ids: event.audience.resellerTeamIds,
      delivery_hints: event.delivery ?? null,
      order_id: typeof event.data.orderId === "string" ? event.data.orderId : null,
      ord,
      traceparent,
    })),
  );
}

/**
 * Records events in the caller's transaction: the event row (kept as the event store) and an outbox
 * entry that the relay later moves to the job queue. One round trip, no NOTIFY: committing
 * transactions never contend on PostgreSQL's notification lock. (The outbox of a
 * `PostgresUnitOfWork` transaction defers its events instead: see `transaction-writes.ts`.)
 */
export class PostgresEventOutbox implements EventOutbox {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onRecorded: (count: number) => void = () => {},
  ) {}

  async record(events: readonly DomainEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.executeQuery(CompiledQuery.raw(RECORD, [eventRowsJson(events)]));
    this.onRecorded(events.length);
  }
}

/**
 * Runs `companion`'s CTEs and records `events` in one statement (one round trip): a repository's
 * writes and the events recorded before them, e.g. a new order, its items and `order.created`.
 * For this package's transactions only (`transaction-writes.ts`).
 */
export async function recordWithCompanion(
  db: Kysely<Database>,
  events: readonly DomainEvent[],
  companion: CompanionStatement,
): Promise<void> {
  const parameters = [...companion.parameters, eventRowsJson(events)];
  await db.executeQuery(CompiledQuery.raw(recordWithText(companion.ctes, parameters.length), parameters));
}

/**
 * `recordWithCompanion`'s statement text by its CTEs (constants of the repositories, whose hash V8
 * keeps) and the number of its parameters, written once each.
 */
const recordWithTexts = new Map<string, string[]>();

function recordWithText(ctes: string, rowsParameter: number): string {
  let texts = recordWithTexts.get(ctes);
  if (texts === undefined) {
    texts = [];
    // A handful of companions in all; bounded all the same.
    if (recordWithTexts.size < 64) recordWithTexts.set(ctes, texts);
  }
  let text = texts[rowsParameter];
  if (text === undefined) {
    text = `with ${ctes},\n  ${eventsTail(rowsParameter)}`;
    texts[rowsParameter] = text;
  }
  return text;
}
