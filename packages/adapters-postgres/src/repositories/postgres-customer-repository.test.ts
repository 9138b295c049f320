import { type CustomerContact, randomUuid, type Team } from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { insertTeam } from "../../../../test/helpers/fixtures.ts";
import { PostgresCustomerRepository } from "./postgres-customer-repository.ts";

let database: TestDatabase;
let customers: PostgresCustomerRepository;

beforeAll(async () => {
  database = await createTestDatabase();
  customers = new PostgresCustomerRepository(database.db);
});
afterAll(() => database.drop());

function aReseller(): Promise<Team> {
  return insertTeam(database.db, { name: "Reseller", role: "reseller" });
}

const ADA: CustomerContact = { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 0, minute));

function rowsOf(teamId: string) {
  return database.db
    .selectFrom("customers")
    .select(["id", "name", "email", "phone", "kind", "created_at", "updated_at"])
    .where("reseller_team_id", "=", teamId)
    .orderBy("created_at")
    .execute();
}

describe("upsertForOrder", () => {
  it("creates the customer with the candidate id, then finds it by e-mail and refreshes name and kind", async () => {
    const team = await aReseller();
    const first = randomUuid();
    expect(await customers.upsertForOrder(team.id, ADA, { id: first, now: at(0) })).toBe(first);
    expect(
      await customers.upsertForOrder(
        team.id,
        { ...ADA, name: "Ada L.", kind: "business" },
        { id: randomUuid(), now: at(1) },
      ),
    ).toBe(first);
    expect(await rowsOf(team.id)).toEqual([
      {
        id: first,
        name: "Ada L.",
        email: ADA.email,
        phone: ADA.phone,
        kind: "business",
        created_at: at(0),
        updated_at: at(1),
      },
    ]);
  });

  it("matches by phone too, prefers the e-mail's customer, else the oldest", async () => {
    const team = await aReseller();
    const ada = await customers.upsertForOrder(team.id, ADA, { id: randomUuid(), now: at(0) });
    const bob = await customers.upsertForOrder(
      team.id,
      { ...ADA, name: "Bob", email: "bob@example.com", phone: "+15125550999" },
      { id: randomUuid(), now: at(1) },
    );
    const carol = await customers.upsertForOrder(
      team.id,
      { ...ADA, name: "Carol", email: "carol@example.com", phone: "+15125550999" },
      { id: randomUuid(), now: at(2) },
    );
    expect(carol).toBe(bob); // Bob's phone
    // Ada's e-mail with Bob's phone: Ada.
    expect(
      await customers.upsertForOrder(team.id, { ...ADA, phone: "+15125550999" }, { id: randomUuid(), now: at(3) }),
    ).toBe(ada);
    // A new e-mail with Ada's phone: Ada.
    expect(
      await customers.upsertForOrder(team.id, { ...ADA, email: "ada2@example.com" }, { id: randomUuid(), now: at(4) }),
    ).toBe(ada);
    expect((await rowsOf(team.id)).map((row) => row.id)).toEqual([ada, bob]);
    // Another reseller's customer is never matched.
    const other = await aReseller();
    const candidate = randomUuid();
    expect(await customers.upsertForOrder(other.id, ADA, { id: candidate, now: at(5) })).toBe(candidate);
  });

  it("meets two first orders of one customer at once on one row", async () => {
    const team = await aReseller();
    const ids = await Promise.all(
      [0, 1, 2, 3].map(() =>
        database.db
          .transaction()
          .execute((trx) =>
            new PostgresCustomerRepository(trx).upsertForOrder(team.id, ADA, { id: randomUuid(), now: at(0) }),
          ),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await rowsOf(team.id)).toHaveLength(1);
  });
});
