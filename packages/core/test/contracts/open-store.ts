/**
 * A suite's store: opened before its first test, closed after its last.
 *
 * @module
 */

import { afterAll, beforeAll } from "vitest";
import type { UnitOfWork } from "../../src/ports.ts";
import type { ContractSubject, OpenedSubject } from "./subject.ts";

/**
 * Opens a fresh store of `subject` for the enclosing `describe` and closes it after; the unit of
 * work returned reaches it (call from the `describe` body, use it in tests).
 */
export function openStore(subject: ContractSubject): UnitOfWork {
  let opened: OpenedSubject | undefined;
  beforeAll(async () => {
    opened = await subject.open();
  });
  afterAll(() => opened?.close());
  const unitOfWork = (): UnitOfWork => {
    if (!opened) throw new Error("the store opens before the suite's first test");
    return opened.unitOfWork;
  };
  return {
    get repositories() {
      return unitOfWork().repositories;
    },
    transaction: (work) => unitOfWork().transaction(work),
  };
}
