import { createMarketplace, type Principal, randomUuid } from "@marketplace/core";
import type { BulkCsvProgress, BulkCsvRow } from "@marketplace/core/offers";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { insertTeam } from "../../../test/helpers/fixtures.ts";
import { PostgresUnitOfWork } from "./postgres-unit-of-work.ts";

// The bulk use cases' progress callback (ADR-0077) over real PostgreSQL: one report per batch of
// 500 with growing counts, the last equal to the summary; reported writes are committed (a callback
// that throws stops the call there, and exactly the reported rows are stored); a database failure
// in a later batch leaves the reported batches written and nothing of the failed one.

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

async function setUp() {
  const team = await insertTeam(database.db);
  const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }) });
  const principal: Principal = { teamId: team.id, role: "provider", apiKeyId: randomUuid() };
  return { marketplace, principal, teamId: team.id };
}

/** `count` rows of an upload file; every `badEvery`-th row has an unknown service type. */
function file(prefix: string, count: number, badEvery = 0) {
  async function* rows(): AsyncGenerator<BulkCsvRow> {
    for (let i = 1; i <= count; i += 1) {
      const type = badEvery > 0 && i % badEvery === 0 ? "plasma" : "tv";
      yield { line: i + 1, cells: [`${prefix}-${i}`, `Offer ${i}`, type] };
    }
  }
  return { header: ["sku", "name", "serviceType"], rows: rows() };
}

async function storedOffers(teamId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from offers where team_id = ${teamId}`.execute(
    database.db,
  );
  return Number(rows[0]?.n);
}

/** Each count never goes down from one report to the next. */
function expectGrowing(reports: readonly BulkCsvProgress[]): void {
  for (let i = 1; i < reports.length; i += 1) {
    const [before, after] = [reports[i - 1] as BulkCsvProgress, reports[i] as BulkCsvProgress];
    expect(after.rowsChecked).toBeGreaterThan(before.rowsChecked);
    expect(after.rowsValid).toBeGreaterThanOrEqual(before.rowsValid);
    expect(after.rowsWritten).toBeGreaterThanOrEqual(before.rowsWritten);
  }
}

describe("bulk CSV progress", () => {
  it("reports once per batch while writing, the last report equal to the summary", async () => {
    const { marketplace, principal, teamId } = await setUp();
    const reports: BulkCsvProgress[] = [];
    const { summary } = await marketplace.bulkOffers.upload(principal, file("W", 1234, 10), {
      onProgress: (progress) => reports.push({ ...progress }),
    });
    expect(summary).toEqual({ rows: 1234, valid: 1111, invalid: 123, created: 1111 });
    expect(reports.map((report) => report.rowsChecked)).toEqual([500, 1000, 1234]);
    expect(reports.every((report) => report.phase === "writing")).toBe(true);
    expectGrowing(reports);
    expect(reports.at(-1)).toEqual({ phase: "writing", rowsChecked: 1234, rowsValid: 1111, rowsWritten: 1111 });
    expect(await storedOffers(teamId)).toBe(1111);
  });

  it("reports the checking phase with nothing written, for an upload and an update", async () => {
    const { marketplace, principal, teamId } = await setUp();
    const reports: BulkCsvProgress[] = [];
    const onProgress = (progress: BulkCsvProgress) => reports.push({ ...progress });
    const { summary } = await marketplace.bulkOffers.upload(principal, file("C", 1001, 2), {
      validateOnly: true,
      onProgress,
    });
    expect(reports).toEqual([
      { phase: "checking", rowsChecked: 500, rowsValid: 250, rowsWritten: 0 },
      { phase: "checking", rowsChecked: 1000, rowsValid: 500, rowsWritten: 0 },
      { phase: "checking", rowsChecked: 1001, rowsValid: summary.valid, rowsWritten: 0 },
    ]);
    expect(await storedOffers(teamId)).toBe(0);

    await marketplace.bulkOffers.upload(principal, file("U", 600));
    reports.length = 0;
    const update = await marketplace.bulkOffers.update(principal, file("U", 600), { onProgress });
    expect(reports.map((report) => [report.phase, report.rowsChecked, report.rowsWritten])).toEqual([
      ["writing", 500, 500],
      ["writing", 600, 600],
    ]);
    expect(update.summary.updated).toBe(600);
  });

  it("stops when the callback throws: the reported batches are stored, nothing after them", async () => {
    const { marketplace, principal, teamId } = await setUp();
    const stop = new Error("the client went away");
    let calls = 0;
    const run = marketplace.bulkOffers.upload(principal, file("S", 2000), {
      onProgress: () => {
        calls += 1;
        if (calls === 2) throw stop;
      },
    });
    await expect(run).rejects.toBe(stop);
    expect(await storedOffers(teamId)).toBe(1000);
  });

  it("keeps the batches before a database failure, with their count as last reported", async () => {
    const { marketplace, principal, teamId } = await setUp();
    // A real failure in the third batch: a trigger refuses row 1,201's SKU.
    await sql
      .raw(`create function bulk_progress_test_refuse() returns trigger language plpgsql as $$
        begin if new.sku = 'F-1201' then raise exception 'refused by the test'; end if; return new; end $$;
        create trigger bulk_progress_test_refuse before insert on offers
        for each row execute function bulk_progress_test_refuse();`)
      .execute(database.db);
    try {
      const reports: BulkCsvProgress[] = [];
      const run = marketplace.bulkOffers.upload(principal, file("F", 2000), {
        onProgress: (progress) => reports.push({ ...progress }),
      });
      await expect(run).rejects.toThrow(/refused by the test/);
      expect(reports.at(-1)).toEqual({ phase: "writing", rowsChecked: 1000, rowsValid: 1000, rowsWritten: 1000 });
      expect(await storedOffers(teamId)).toBe(1000);
    } finally {
      await sql
        .raw("drop trigger bulk_progress_test_refuse on offers; drop function bulk_progress_test_refuse();")
        .execute(database.db);
    }
  });
});
