/**
 * The core's contract suites (packages/core/test/contracts) against PostgreSQL: the same tests the
 * in-memory adapter of `@marketplace/core/testing` passes. Each port's suite gets a fresh database.
 */

import { createTestDatabase } from "../../../test/helpers/database.ts";
import { runContracts } from "../../core/test/contracts/index.ts";
import { PostgresUnitOfWork } from "./postgres-unit-of-work.ts";

runContracts({
  name: "PostgreSQL",
  async open() {
    const database = await createTestDatabase();
    return { unitOfWork: new PostgresUnitOfWork({ db: database.db }), close: () => database.drop() };
  },
});
