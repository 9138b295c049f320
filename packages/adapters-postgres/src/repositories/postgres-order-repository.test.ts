import {
  blankOfferFields,
  createEvent,
  type DomainEvent,
  type EventOutbox,
  type Offer,
  type Order,
  type OrderableOffer,
  orderPlacedEvents,
  randomUuid,
  type Team,
} from "@marketplace/core";
import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { T0 as FIXTURE_T0, insertTeam } from "../../../../test/helpers/fixtures.ts";
import { PostgresUnitOfWork } from "../postgres-unit-of-work.ts";
import type { Database } from "../schema.ts";
import { PostgresBrandRepository } from "./postgres-brand-repository.ts";
import { PostgresMarketRepository } from "./postgres-market-repository.ts";
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

describe("findOrderableOffers", () => {
  it("reads what an item snapshots exactly as the offer repository shows it, with the provider's name", async () => {
    const brand = {
      id: randomUuid(),
      teamId: provider.id,
      name: "Fast Fiber",
      logoUrl: null,
      createdAt: T0,
      updatedAt: T0,
    };
    await new PostgresBrandRepository(database.db).insert(brand);
    const branded = await createOffer({
      brandId: brand.id,
      promoMonthlyPrice: "39.90",
      promoDurationMonths: 12,
      contractTermMonths: 24,
      commission: "20.00",
      submissionUrl: "https://provider.example.com/orders",
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://partner.example.com/{orderItemId}" },
      internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 50, dataCapGb: null, connectionType: "fiber" },
    });
    const unbranded = await createOffer({ ...blankOfferFields("Green Power", "electricity"), monthlyPrice: null });
    // Details never filled in are stored as null and shown all-null, as the offer shows them.
    const bare = await createOffer();
    await sql`update offers set internet = null where id = ${bare.id}`.execute(database.db);

    const found = await orders.findOrderableOffers([branded.id, unbranded.id, bare.id], "78701");
    expect(found).toHaveLength(3);
    for (const { offer, availableAtZip } of found) {
      const full = (await offers.findById(provider.id, offer.id)) as Offer;
      expect(offer).toEqual({
        id: full.id,
        teamId: full.teamId,
        name: full.name,
        serviceType: full.serviceType,
        monthlyPrice: full.monthlyPrice,
        promoMonthlyPrice: full.promoMonthlyPrice,
        promoDurationMonths: full.promoDurationMonths,
        contractTermMonths: full.contractTermMonths,
        commission: full.commission,
        partnerSignup: full.partnerSignup,
        submissionUrl: full.submissionUrl,
        internet: full.internet,
        electricity: full.electricity,
      });
      expect(availableAtZip).toBe(true);
    }
    const byId = new Map(found.map((o) => [o.offer.id, o]));
    expect(byId.get(branded.id)?.providerName).toBe("Fast Fiber");
    expect(byId.get(unbranded.id)?.providerName).toBe("Provider Team");
    expect(byId.get(bare.id)?.offer.internet).toEqual(blankOfferFields("x", "internet").internet);
  });

  it("tells availability at the ZIP from the offer's markets, and skips drafts, deleted and unknown offers", async () => {
    const markets = new PostgresMarketRepository(database.db);
    const austin = { id: randomUuid(), teamId: provider.id, name: "Austin", areas: [], createdAt: T0, updatedAt: T0 };
    await markets.insert(austin);
    await markets.addArea(austin.id, { id: randomUuid(), kind: "zip", value: "78701", createdAt: T0 });
    const inAustin = await createOffer({ marketIds: [austin.id] });
    const everywhere = await createOffer();
    const draft = await createOffer({ status: "draft" });
    const deleted = await createOffer();
    await offers.softDelete(provider.id, deleted.id, T0);

    const ids = [inAustin.id, everywhere.id, draft.id, deleted.id, randomUuid()];
    const atAustin = await orders.findOrderableOffers(ids, "78701");
    expect(new Map(atAustin.map((o) => [o.offer.id, o.availableAtZip]))).toEqual(
      new Map([
        [inAustin.id, true],
        [everywhere.id, true],
      ]),
    );
    const elsewhere = await orders.findOrderableOffers(ids, "10001");
    expect(new Map(elsewhere.map((o) => [o.offer.id, o.availableAtZip]))).toEqual(
      new Map([
        [inAustin.id, false],
        [everywhere.id, true],
      ]),
    );
    expect(await orders.findOrderableOffers([], "78701")).toEqual([]);
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

describe("insert", () => {
  it("writes the order, its items and its events through the transaction's outbox in one statement", async () => {
    const order = await anOrder();
    const events = orderPlacedEvents(order, at());
    let nudged = 0;
    const uow = new PostgresUnitOfWork({ db: logged, onEventsCommitted: () => nudged++ });
    statements = [];
    await uow.transaction((tx) => tx.orders.insert(order, events));
    expect(statements.map((statement) => statement.sql.trim().split(/\s/)[0])).toEqual(["begin", "with", "commit"]);
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

  it("writes nothing when a row fails: the order and its events are one statement", async () => {
    const order = await anOrder();
    (order.items[1] as Order["items"][number]).offer.offerId = randomUuid(); // no such offer
    const events = orderPlacedEvents(order, at());
    const uow = new PostgresUnitOfWork({ db: database.db });
    await expect(uow.transaction((tx) => tx.orders.insert(order, events))).rejects.toThrow(/order_items_offer_id_fkey/);
    expect(await orders.findForReseller(reseller.id, order.id)).toBeNull();
    expect(await storedEvents(events.map((e) => e.id))).toEqual([]);
  });

  it("inserts the order alone without events, refuses events without an outbox, and records through another outbox after the insert", async () => {
    const alone = await anOrder();
    await orders.insert(alone);
    expect(await orders.findForReseller(reseller.id, alone.id)).toEqual(alone);
    const another = await anOrder();
    await expect(orders.insert(another, orderPlacedEvents(another, at()))).rejects.toThrow(
      /events need a transaction's repository/,
    );
    expect(await orders.findForReseller(reseller.id, another.id)).toBeNull();

    const order = await anOrder();
    const recorded: DomainEvent[][] = [];
    const outbox: EventOutbox = {
      async record(events) {
        // The order is written first.
        expect(await orders.findForReseller(reseller.id, order.id)).not.toBeNull();
        recorded.push([...events]);
      },
    };
    const event = createEvent(
      {
        type: "order.created",
        data: { orderId: order.id },
        training: false,
        audience: { providerTeamIds: [provider.id], resellerTeamIds: [reseller.id] },
      },
      { id: randomUuid(), now: T0 },
    );
    await new PostgresOrderRepository(database.db, { outbox }).insert(order, [event]);
    expect(recorded).toEqual([[event]]);
    expect(await storedEvents([event.id])).toEqual([]);
  });
});
