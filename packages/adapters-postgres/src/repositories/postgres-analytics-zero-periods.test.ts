import { createMarketplace, type Marketplace, type Principal } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recountProvider, recountReseller, storedPeriods } from "../../../../test/helpers/analytics-recount.ts";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { ManualClock } from "../../../../test/helpers/public-app.ts";
import { analyticsZeroPeriods } from "../migrations/0033-analytics-zero-periods.ts";
import { PostgresUnitOfWork } from "../postgres-unit-of-work.ts";

// Periods whose figures add up to zero (ADR-0068, "Zero periods"): an order placed and then deleted
// takes its contribution away again, and the fold drops a rollup row that comes to zero, so the
// rollups hold the periods a recount from the raw tables finds, no more; readers still see a zero
// period, which core fills in.

let database: TestDatabase;
let marketplace: Marketplace;
const clock = new ManualClock("2026-05-04T10:00:00.000Z");
let provider: Principal;
let reseller: Principal;
let offerId: string;

const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
const CUSTOMER = { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const CLIENT = { ip: "203.0.113.9", userAgent: "zero-periods-test" };
const Q = { from: "2026-05-01", to: "2026-05-10", timeZone: "Asia/Kathmandu", granularity: "day" } as const;

async function principal(role: "provider" | "reseller", name: string): Promise<Principal> {
  const { team, apiKey } = await marketplace.teams.create({ name, role });
  return { teamId: team.id, role, apiKeyId: apiKey.id };
}

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }), clock });
  provider = await principal("provider", "Fiber Co");
  reseller = await principal("reseller", "Shop One");
  const offer = await marketplace.offers.create(provider, {
    name: "Fiber 500",
    sku: "F500",
    serviceType: "internet",
    monthlyPrice: "49.99",
    commission: "30.00",
    internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
  } as never);
  await marketplace.offers.publish(provider, offer.id);
  offerId = offer.id;
  await marketplace.storefronts.putStorefront(reseller, { slug: "zero-shop" });
}, 60_000);
afterAll(() => database.drop());

/** Places an order at `at` (through `via`, a link's slug, or by API key), accepted when asked. */
async function place(at: string, options: { accept?: boolean; linkSlug?: string } = {}) {
  clock.set(new Date(at));
  const order = options.linkSlug
    ? await marketplace.publicShop.placeOrder(
        { linkSlug: options.linkSlug },
        {
          items: [{ offerId }],
          customer: CUSTOMER,
          serviceAddress: ADDRESS,
          consents: [{ kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" }],
        } as never,
        CLIENT,
      )
    : await marketplace.orders.place(reseller, {
        items: [{ offerId }],
        customer: CUSTOMER,
        serviceAddress: ADDRESS,
      } as never);
  if (options.accept) {
    clock.advance(5 * 60_000);
    await marketplace.orders.updateItemStatus(provider, order.items[0]?.id as string, { status: "accepted" } as never);
  }
  return order;
}

async function remove(orderId: string) {
  await marketplace.orders.cancel(reseller, orderId);
  await marketplace.orders.delete(reseller, orderId);
}

/** Rollup rows (of any table) whose figures are all zero. */
async function zeroRows(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select (select count(*) from analytics_provider_rollups where received = 0 and accepted = 0 and rejected = 0
        and completed = 0 and cancelled = 0 and monthly_accepted = 0 and commission = 0)
      + (select count(*) from analytics_reseller_rollups where orders = 0 and st_pending = 0 and st_handoff = 0
        and st_accepted = 0 and st_rejected = 0 and st_scheduled = 0 and st_completed = 0 and st_cancelled = 0
        and monthly_ordered = 0 and monthly_accepted = 0 and commission = 0 and clicks = 0)
      + (select count(*) from analytics_accept_histogram where count = 0) as n`.execute(database.db);
  return Number(rows[0]?.n);
}

/** Every rollup row, zero or not, as text. */
async function allRows() {
  const rows = async (table: string) =>
    (await sql<{ row: string }>`select (r.*)::text as row from ${sql.table(table)} r order by 1`.execute(database.db))
      .rows;
  return {
    provider: await rows("analytics_provider_rollups"),
    reseller: await rows("analytics_reseller_rollups"),
    histogram: await rows("analytics_accept_histogram"),
  };
}

/** The period starts the store answers for `Q`, and those a recount from the raw tables finds. */
async function periodSets() {
  const q = { ...Q, training: "exclude" } as const;
  return {
    provider: await storedPeriods(database.db, { provider: {} }, provider.teamId, q),
    providerRecount: (await recountProvider(database.db, provider.teamId, q, {})).series.map((r) => r.start).sort(),
    reseller: await storedPeriods(database.db, { reseller: {} }, reseller.teamId, q),
    resellerRecount: (await recountReseller(database.db, reseller.teamId, q, {})).periods,
  };
}

describe("analytics periods whose figures add up to zero (PostgreSQL)", () => {
  it("drops a period whose only order was deleted after a fold, as the recount and the rebuild do", async () => {
    await place("2026-05-04T10:00:00Z", { accept: true });
    const gone = await place("2026-05-06T10:00:00Z", { accept: true });
    await marketplace.analytics.provider(provider, Q); // folds: 05-06 now has rows
    await remove(gone.id);

    const sets = await periodSets();
    expect(sets.providerRecount).toEqual(["2026-05-04"]);
    expect(sets.provider).toEqual(sets.providerRecount);
    expect(sets.resellerRecount).toEqual(["2026-05-04"]);
    expect(sets.reseller).toEqual(sets.resellerRecount);
    expect(await zeroRows()).toBe(0);

    // Readers see a continuous axis: the emptied day reads zero, the kept one its order.
    const answer = await marketplace.analytics.provider(provider, Q);
    expect(answer.series).toHaveLength(10);
    expect(answer.series.find((p) => p.start === "2026-05-06")).toMatchObject({
      itemsReceived: 0,
      itemsAccepted: 0,
      totalMonthlyAccepted: "0.00",
    });
    expect(answer.series.find((p) => p.start === "2026-05-04")).toMatchObject({ itemsReceived: 1, itemsAccepted: 1 });
    expect(answer.totals.timeToAccept.accepted).toBe(1);
    const resellerAnswer = await marketplace.analytics.reseller(reseller, Q);
    expect(resellerAnswer.series.find((p) => p.start === "2026-05-06")?.ordersPlaced).toBe(0);

    // The rebuild from the raw tables writes exactly the rows the triggers and the fold kept.
    const folded = await allRows();
    await sql`select analytics_rebuild()`.execute(database.db);
    expect(await allRows()).toEqual(folded);
  }, 60_000);

  it("writes no row for an order placed and deleted between two folds", async () => {
    await marketplace.analytics.provider(provider, Q);
    const before = await allRows();
    const order = await place("2026-05-08T23:50:00Z", { accept: true });
    await remove(order.id);
    const sets = await periodSets();
    expect(sets.provider).toEqual(sets.providerRecount);
    expect(sets.reseller).toEqual(sets.resellerRecount);
    expect(await allRows()).toEqual(before);
  }, 60_000);

  it("lists a deleted link the same whether the fold ran before or after its orders were deleted", async () => {
    // A deleted link is listed while it has figures in the range; an emptied one has none, however
    // the fold was timed.
    const folded = await marketplace.storefronts.createLink(reseller, { offerIds: [offerId], name: "Folded" } as never);
    const unfolded = await marketplace.storefronts.createLink(reseller, { offerIds: [offerId], name: "Not" } as never);
    const a = await place("2026-05-05T08:00:00Z", { linkSlug: folded.slug });
    await marketplace.analytics.reseller(reseller, Q); // folds the first link's order
    const b = await place("2026-05-05T09:00:00Z", { linkSlug: unfolded.slug });
    await remove(a.id);
    await remove(b.id);
    await marketplace.storefronts.deleteLink(reseller, folded.id);
    await marketplace.storefronts.deleteLink(reseller, unfolded.id);
    const answer = await marketplace.analytics.reseller(reseller, Q);
    expect(answer.links.map((l) => l.name)).toEqual([]);
    expect(answer.storefronts.map((s) => [s.slug, s.clicks, s.orders])).toEqual([["zero-shop", 0, 0]]);
  }, 60_000);

  it("deletes, once, the zero rows an earlier fold left (migration 0033)", async () => {
    await marketplace.analytics.provider(provider, Q);
    const before = await allRows();
    const zeroBefore = await zeroRows();
    await sql`insert into analytics_provider_rollups
      values (${provider.teamId}, ${offerId}, 'internet', 2, '2026-05-09T00:00:00Z', 0, 0, 0, 0, 0, 0, 0)`.execute(
      database.db,
    );
    await sql`insert into analytics_accept_histogram
      values (${provider.teamId}, ${offerId}, 'internet', 2, '2026-05-09T00:00:00Z', 3, 0)`.execute(database.db);
    await sql`insert into analytics_reseller_rollups (reseller_team_id, channel_id, provider_team_id, grain, bucket,
        orders, st_pending, st_handoff, st_accepted, st_rejected, st_scheduled, st_completed, st_cancelled,
        monthly_ordered, monthly_accepted, commission, clicks)
      values (${reseller.teamId}, ${provider.teamId}, ${provider.teamId}, 2, '2026-05-09T00:00:00Z',
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`.execute(database.db);
    expect(await zeroRows()).toBe(zeroBefore + 3);
    await database.db.transaction().execute((tx) => analyticsZeroPeriods.up(tx));
    expect(await zeroRows()).toBe(0);
    expect(await allRows()).toEqual(before);
  }, 60_000);
});
