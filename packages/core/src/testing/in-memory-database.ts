/**
 * The state behind the in-memory adapter: named tables (plain `Map`s of rows), cloned at the start
 * of every transaction and swapped in when it commits, so a transaction that throws leaves nothing.
 * Transactions run one at a time (as if every transaction were serializable), which is what a unit
 * test wants: the same answer on every run.
 *
 * @module
 */

import type { Clock } from "../shared-ports.ts";

/**
 * A table's name and row type. Each repository module declares the tables it owns; a repository that
 * reads another's rows (the catalog reads offers) imports that table's declaration.
 */
export interface TableDefinition<Row> {
  readonly name: string;
  /** Phantom: the row type, for inference only. */
  readonly row?: Row;
}

/** Declares a table of rows keyed by a string (usually the row's id). */
export function defineTable<Row>(name: string): TableDefinition<Row> {
  return { name };
}

/** The tables of one snapshot: what a transaction sees and changes. */
export class InMemoryTables {
  readonly #tables: Map<string, Map<string, unknown>>;

  constructor(tables: Map<string, Map<string, unknown>> = new Map()) {
    this.#tables = tables;
  }

  /** The rows of `table` (created empty on first use). */
  rows<Row>(table: TableDefinition<Row>): Map<string, Row> {
    let rows = this.#tables.get(table.name);
    if (!rows) {
      rows = new Map();
      this.#tables.set(table.name, rows);
    }
    return rows as Map<string, Row>;
  }

  /** A deep copy (rows are structured-cloned: `Date`s stay `Date`s, shared references are not shared). */
  clone(): InMemoryTables {
    return new InMemoryTables(structuredClone(this.#tables));
  }

  /**
   * Writes into these tables the rows that `draft` changed from `base` (inserted, replaced, deleted),
   * and nothing else: a write committed here since `base` was taken (a repository call outside the
   * transaction) is kept unless the transaction wrote the same row, as row-level writes in SQL.
   */
  applyChanges(base: InMemoryTables, draft: InMemoryTables): void {
    const names = new Set([...base.#tables.keys(), ...draft.#tables.keys()]);
    for (const name of names) {
      const before = base.#tables.get(name) ?? new Map<string, unknown>();
      const after = draft.#tables.get(name) ?? new Map<string, unknown>();
      const target = this.rows({ name });
      for (const key of new Set([...before.keys(), ...after.keys()])) {
        const row = after.get(key);
        if (sameValue(before.get(key), row)) continue;
        if (row === undefined && !after.has(key)) target.delete(key);
        else target.set(key, row);
      }
    }
  }
}

/** Deep equality of structured-cloneable values (what rows hold). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof Map) {
    const other = b as Map<unknown, unknown>;
    return a.size === other.size && [...a].every(([key, value]) => other.has(key) && sameValue(value, other.get(key)));
  }
  if (a instanceof Set) {
    const other = b as Set<unknown>;
    return a.size === other.size && [...a].every((value) => other.has(value));
  }
  if (ArrayBuffer.isView(a)) {
    const left = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const other = b as ArrayBufferView;
    const right = new Uint8Array(other.buffer, other.byteOffset, other.byteLength);
    return left.length === right.length && left.every((byte, index) => byte === right[index]);
  }
  const keys = Object.keys(a);
  const otherKeys = Object.keys(b);
  if (keys.length !== otherKeys.length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

/**
 * What every in-memory repository is built over: the tables of the snapshot it works on, and the
 * database's clock (what PostgreSQL's `now()` is in the SQL adapter).
 */
export interface InMemoryContext {
  readonly tables: InMemoryTables;
  readonly clock: Clock;
}

/** Copies a row out of the store, so a caller that changes what it read changes nothing stored. */
export function copy<T>(value: T): T {
  return structuredClone(value);
}

/** Thrown when a write breaks a constraint the SQL schema would enforce (unique, foreign key, check). */
export class InMemoryConstraintError extends Error {
  /** The PostgreSQL SQLSTATE the SQL adapter would report: 23505 unique, 23503 foreign key, 23514 check. */
  readonly code: string;
  /** The constraint's name, as the SQL schema names it when the core depends on it. */
  readonly constraint: string;

  constructor(code: "23505" | "23503" | "23514", constraint: string, message: string) {
    super(message);
    this.name = "InMemoryConstraintError";
    this.code = code;
    this.constraint = constraint;
  }
}
