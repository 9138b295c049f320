/**
 * What a contract suite runs against: an adapter that opens a fresh, empty store.
 *
 * @module
 */

import type { UnitOfWork } from "../../src/ports.ts";

/** One adapter under test. */
export interface ContractSubject {
  /** The adapter's name, in the suites' titles ("in memory", "PostgreSQL"). */
  readonly name: string;
  /** A fresh, empty store; every port's suite opens its own and closes it after its tests. */
  open(): Promise<OpenedSubject>;
}

/** An open store. */
export interface OpenedSubject {
  readonly unitOfWork: UnitOfWork;
  close(): Promise<void>;
}
