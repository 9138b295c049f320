import type { DomainEvent } from "./events.ts";

/**
 * Records events in the current transaction; each is handed to delivery once it commits. (A port;
 * it lives beside the events so that feature ports, e.g. orders', need not import ports.ts.)
 */
export interface EventOutbox {
  /** Records events; they become visible to delivery if and only if the transaction commits. */
  record(events: readonly DomainEvent[]): Promise<void>;
}
