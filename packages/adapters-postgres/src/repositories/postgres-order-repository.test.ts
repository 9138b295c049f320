import { type Offer, type Order, randomUuid, type Team } from "@marketplace/core";
import { blankOfferFields } from "@marketplace/core/offers";
import { type OrderableOffer, orderPlacedEvents } from "@marketplace/core/orders";
import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { T0 as FIXTURE_T0, insertTeam } from "../../../../test/helpers/fixtures.ts";
import { aWebhook } from "../../../core/test/contracts/fixtures-webhooks.ts";
import { PostgresUnitOfWork } from "../postgres-unit-of-work.ts";
import type { Database } from "../schema.ts";
import { PostgresOfferRepository } from "./postgres-offer-repository.ts";
import { PostgresOrderRepository } from "./postgres-order-repository.ts";

let database: TestDatabase;
/** The same database through a Kysely that records every statement it sends. */
let logged: Kysely<Database>;
let statements: CompiledQuery[] = [];
let offers: PostgresOfferRepository;
let orders: PostgresOrderRepository;
let provider: Team;
let reseller: Team;

const T0 = new Date(FIXTURE_T0);

async function createOffer(overrides: Partial<Offer> = {}): Promise<Offer> {
  const offer: Offer = {
    ...blankOfferFields("Fiber 500", "internet"),
    id: randomUuid(),
    teamId: provider.id,
    status: "active",
    brand: null,
    monthlyPrice: "49.90",
    createdAt: T0,
    updatedAt: T0,
    publishedAt: T0,
    ...overrides,
  };
  await offers.insert(offer);
  return offer;
}

beforeAll(async () => {
  database = await createTestDatabase();
  logged = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: database.pool }),
    log: (event) => {
      if (event.level === "query") statements.push(event.query);
    },
  });
  offers = new PostgresOfferRepository(database.db);
  orders = new PostgresOrderRepository(database.db);
  provider = await insertTeam(database.db, { name: "Provider Team" });
  reseller = await insertTeam(database.db, { name: "Reseller Team", role: "reseller" });
});
afterAll(() => database.drop());

// The generic behaviour of findOrderableOffers is in the core's contract suite (orders.contract.ts).
describe("findOrderableOffers", () => {
  it("shows details stored as null (never filled in) all-null, as the offer repository shows them", async () => {
    const bare = await createOffer();
    await sql`update offers set internet = null where id = ${bare.id}`.execute(database.db);
    const [found] = await orders.findOrderableOffers([bare.id], "78701");
    expect(found?.offer.internet).toEqual(blankOfferFields("x", "internet").internet);
    expect(found?.offer.internet).toEqual((await offers.findById(provider.id, bare.id))?.internet);
  });
});

async function anOrder(): Promise<Order> {
  const offer = await createOffer({ submissionUrl: "https://provider.example.com/orders" });
  const [{ offer: snapshotOf }] = (await orders.findOrderableOffers([offer.id], "78701")) as [OrderableOffer];
  const id = randomUuid();
  const items: Order["items"] = [0, 1].map(() => ({
    id: randomUuid(),
    orderId: id,
    status: "pending",
    isTraining: false,
    offer: {
      offerId: offer.id,
      offerName: offer.name,
      serviceType: offer.serviceType,
      providerTeamId: provider.id,
      providerName: "Provider Team",
      monthlyPrice: offer.monthlyPrice,
      promoMonthlyPrice: null,
      promoDurationMonths: null,
      contractTermMonths: null,
      commission: null,
      internet: snapshotOf.internet,
      electricity: null,
      submissionUrl: offer.submissionUrl,
    },
    handoffRedirectUrl: null,
    scheduledDate: null,
    rejectionReason: null,
    commission: null,
    createdAt: T0,
    updatedAt: T0,
  }));
  return {
    id,
    resellerTeamId: reseller.id,
    customerId: null,
    customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
    serviceAddress: { line1: "1 Main St", line2: null, city: "Austin", state: "TX", zipCode: "78701" },
    moveInDate: "2026-04-01",
    installationDate: null,
    isTraining: false,
    status: "pending",
    totalMonthly: "99.80",
    items,
    createdAt: T0,
    updatedAt: T0,
  };
}

const at = () => ({ id: randomUuid, now: T0 });

async function storedEvents(ids: readonly string[]) {
  const { rows } = await sql<{ id: string; type: string; data: unknown; delivery_hints: unknown; queued: boolean }>`
    select e.id, e.type, e.data, e.delivery_hints, exists (select 1 from event_outbox o where o.event_id = e.id) as queued
    from events e where e.id = any(${[...ids]}::uuid[])
  `.execute(database.db);
  return rows;
}

describe("insert in a unit of work's transaction (ADR-0082)", () => {
  const firstWords = () => statements.map((statement) => statement.sql.trim().split(/\s/)[0]);

  it("writes the events recorded just before the order, the order and its items in one statement", async () => {
    const order = await anOrder();
    const events = orderPlacedEvents(order, at());
    let nudged = 0;
    const uow = new PostgresUnitOfWork({ db: logged, onEventsCommitted: () => nudged++ });
    statements = [];
    await uow.transaction(async (tx) => {
      await tx.outbox.record(events);
      await tx.orders.insert(order);
    });
    expect(firstWords()).toEqual(["begin", "with", "commit"]);
    expect(nudged).toBe(1);

    expect(await orders.findForReseller(reseller.id, order.id)).toEqual(order);
    const stored = await storedEvents(events.map((e) => e.id));
    expect(stored).toHaveLength(3);
    for (const [index, event] of events.entries()) {
      expect(stored.find((row) => row.id === event.id)).toEqual({
        id: event.id,
        type: event.type,
        // The order's events numbered in the order given (data.sequence), in the same statement.
        data: { ...event.data, sequence: index + 1 },
        delivery_hints: event.delivery ?? null,
        queued: true,
      });
    }
  });

  it("writes the order alone when no event waits, and events recorded after it before COMMIT", async () => {
    const order = await anOrder();
    const events = orderPlacedEvents(order, at());
    const uow = new PostgresUnitOfWork({ db: logged });
    statements = [];
    await uow.transaction(async (tx) => {
      await tx.orders.insert(order);
      await tx.outbox.record(events);
    });
    expect(firstWords()).toEqual(["begin", "with", "with", "commit"]);
    expect(statements[1]?.sql).toMatch(/select 1$/);
    expect(await orders.findForReseller(reseller.id, order.id)).toEqual(order);
    expect(await storedEvents(events.map((e) => e.id))).toHaveLength(3);
  });

  it("writes waiting events before a delivery request or a read of events in the same transaction", async () => {
    const order = await anOrder();
    const [created] = orderPlacedEvents(order, at());
    if (!created) throw new Error("an order.created event");
    const uow = new PostgresUnitOfWork({ db: database.db });
    const webhook = aWebhook(provider.id);
    await uow.transaction((tx) => tx.webhooks.insert(webhook));
    const webhookId = webhook.id;
    await uow.transaction(async (tx) => {
      await tx.orders.insert(order);
      await tx.outbox.record([created]);
      // event_outbox refers to events (a foreign key): the event is written first.
      await tx.deliveryQueue.enqueue({ eventId: created.id, webhookId, trigger: "redelivery" });
      expect((await tx.webhookDeliveries.findEvent(created.id))?.id).toBe(created.id);
    });
    const { rows } = await sql<{ count: string }>`
      select count(*) from event_outbox where event_id = ${created.id}`.execute(database.db);
    expect(Number(rows[0]?.count)).toBe(2);
  });

  it("writes waiting events before the statement of any other part of the scope, reads included", async () => {
    const order = await anOrder();
    const events = orderPlacedEvents(order, at());
    const uow = new PostgresUnitOfWork({ db: logged });
    statements = [];
    await uow.transaction(async (tx) => {
      await tx.orders.insert(order);
      await tx.outbox.record(events);
      // A part that knows nothing of events: the events go first all the same.
      expect((await tx.teams.findById(reseller.id))?.id).toBe(reseller.id);
      const { outbox, ...spread } = tx;
      expect(typeof outbox.record).toBe("function");
      expect(await spread.customers.listForReseller(reseller.id, {}, { kind: "page", limit: 1, after: null })).toEqual(
        [],
      );
    });
    expect(firstWords()).toEqual(["begin", "with", "with", "select", "select", "commit"]);
    expect(await storedEvents(events.map((e) => e.id))).toHaveLength(3);
  });

  it("rolls back the whole transaction when the order's statement or the events' at commit fails", async () => {
    const uow = new PostgresUnitOfWork({ db: database.db });
    const order = await anOrder();
    const events = orderPlacedEvents(order, at());
    const broken = await anOrder();
    (broken.items[0] as Order["items"][number]).offer.offerId = randomUuid(); // no such offer
    await expect(
      uow.transaction(async (tx) => {
        await tx.orders.insert(order);
        await tx.outbox.record(orderPlacedEvents(broken, at()));
        await tx.orders.insert(broken);
      }),
    ).rejects.toThrow(/foreign key/);
    expect(await orders.findForReseller(reseller.id, order.id)).toBeNull();

    await uow.transaction(async (tx) => tx.outbox.record(events.slice(0, 1)));
    await expect(
      uow.transaction(async (tx) => {
        await tx.orders.insert(order);
        await tx.outbox.record(events); // the first one is stored already: the statement at commit fails
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await orders.findForReseller(reseller.id, order.id)).toBeNull();
    expect(await storedEvents(events.map((e) => e.id))).toHaveLength(1);
  });
});
