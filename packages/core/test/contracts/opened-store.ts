/**
 * A suite's store: opened fresh before its tests, closed after them.
 *
 * @module
 */

import { afterAll, beforeAll } from "vitest";
import type { UnitOfWork } from "../../src/ports.ts";
import type { ContractSubject, OpenedSubject } from "./subject.ts";

/**
 * Opens a fresh store of `subject` before the calling suite's tests (call it inside `describe`) and
 * closes it after them; returns its unit of work, usable from the tests on.
 */
export function openedStore(subject: ContractSubject): UnitOfWork {
  let opened: OpenedSubject | undefined;
  beforeAll(async () => {
    opened = await subject.open();
  });
  afterAll(() => opened?.close());
  const current = (): UnitOfWork => {
    if (!opened) throw new Error(`the ${subject.name} store is not open yet`);
    return opened.unitOfWork;
  };
  return {
    get repositories() {
      return current().repositories;
    },
    transaction: (work) => current().transaction(work),
  };
}
