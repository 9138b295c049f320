import { randomUuid } from "@marketplace/core";
import { Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { createPool } from "./database.ts";
import { PostgresUnitOfWork } from "./postgres-unit-of-work.ts";
import type { Database } from "./schema.ts";

/**
 * `readDb` (the reference server's DATABASE_READ_URL) takes the catalog and the public offers and
 * nothing else. No replica can be made here: the second pool is a second connection to the same
 * server, told apart by its application_name.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

function recordingDatabase(applicationName: string): { db: Kysely<Database>; statements: string[] } {
  const statements: string[] = [];
  const pool = createPool({ connectionString: database.url, max: 2, applicationName });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  return { db, statements };
}

it("sends catalog and public offer reads to the read pool, a team's own reads and every write to the primary", async () => {
  const primary = recordingDatabase("test-primary");
  const read = recordingDatabase("test-read");
  try {
    const unitOfWork = new PostgresUnitOfWork({ db: primary.db, readDb: read.db });
    const { repositories } = unitOfWork;
    expect(await repositories.catalog.findById(randomUuid())).toBeNull();
    expect(await repositories.publicOffers.findClickable(randomUuid())).toBeNull();
    expect(read.statements.length).toBeGreaterThanOrEqual(2);
    expect(primary.statements).toEqual([]);

    // A team's own reads and the transactions stay on the primary.
    expect(await repositories.teams.findById(randomUuid())).toBeNull();
    await unitOfWork.transaction(async (scope) => scope.catalog.findById(randomUuid()));
    const readCount = read.statements.length;
    expect(primary.statements.length).toBeGreaterThanOrEqual(2);
    expect(read.statements.length).toBe(readCount);

    // Really a second connection: the read pool's sessions are its own.
    const { rows } = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(read.db);
    expect(rows[0]?.name).toBe("test-read");
  } finally {
    await primary.db.destroy();
    await read.db.destroy();
  }
});
