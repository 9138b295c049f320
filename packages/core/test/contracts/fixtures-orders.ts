/**
 * Rows of the order, customer, consent, analytics and onboarding suites: offers to order, orders of
 * them, consent records of an order.
 *
 * @module
 */

import { beforeAll } from "vitest";
import type { ConsentKind, ConsentRecord } from "../../src/consents/index.ts";
import { randomUuid } from "../../src/ids.ts";
import type { Offer } from "../../src/offers/index.ts";
import type { CustomerContact, Order, OrderItem, OrderItemStatus } from "../../src/orders/index.ts";
import type { UnitOfWork } from "../../src/ports.ts";
import type { Team } from "../../src/teams/index.ts";
import { anOffer, newTeam, T0 } from "./fixtures-offers.ts";

export { T0 };

/** A time `minutes` after T0. */
export const minutes = (count: number): Date => new Date(T0 + count * 60_000);

/** A contact with a unique e-mail and phone. */
export function aContact(overrides: Partial<CustomerContact> = {}): CustomerContact {
  const n = randomUuid().replaceAll(/\D/g, "").padEnd(7, "0").slice(0, 7);
  return { name: "Ada", email: `ada.${n}@example.com`, phone: `+1512${n}`, kind: "residential", ...overrides };
}

/** A provider team and `count` active offers of it (created at T0, priced 49.90, commission 20.00). */
export async function aProviderWithOffers(
  uow: UnitOfWork,
  count = 1,
  overrides: Partial<Offer> = {},
): Promise<{ provider: Team; offers: Offer[] }> {
  const provider = await newTeam(uow, "provider", "Provider Team");
  const offers = Array.from({ length: count }, () =>
    anOffer(provider.id, { status: "active", publishedAt: new Date(T0), commission: "20.00", ...overrides }),
  );
  await uow.transaction(async (scope) => {
    for (const offer of offers) await scope.offers.insert(offer);
  });
  return { provider, offers };
}

/**
 * Two provider teams, the first with one active offer, stored before the calling suite's tests
 * (call it inside `describe`); the object is filled in then.
 */
export function twoProviders(uow: UnitOfWork): { provider: Team; other: Team; offers: Offer[] } {
  const world = { offers: [] } as unknown as { provider: Team; other: Team; offers: Offer[] };
  beforeAll(async () => {
    Object.assign(world, await aProviderWithOffers(uow));
    world.other = (await aProviderWithOffers(uow)).provider;
  });
  return world;
}

/** The `keys` of `value`. */
function pick<T, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** An item of `offer` in order `orderId`, as placing an order snapshots it. */
export function anItem(orderId: string, offer: Offer, at: Date, status: OrderItemStatus = "pending"): OrderItem {
  return {
    id: randomUuid(),
    orderId,
    status,
    isTraining: false,
    offer: {
      ...pick(offer, ["serviceType", "monthlyPrice", "promoMonthlyPrice", "promoDurationMonths", "contractTermMonths"]),
      ...pick(offer, ["commission", "internet", "electricity", "submissionUrl"]),
      offerId: offer.id,
      offerName: offer.name,
      providerTeamId: offer.teamId,
      providerName: "Provider Team",
    },
    handoffRedirectUrl: null,
    scheduledDate: null,
    rejectionReason: null,
    commission: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** A pending order of `resellerTeamId` with one item per offer, at `at`. */
export function anOrder(
  resellerTeamId: string,
  offers: readonly Offer[],
  at: Date = new Date(T0),
  overrides: Partial<Order> = {},
): Order {
  const id = randomUuid();
  const isTraining = overrides.isTraining ?? false;
  const items = offers.map((offer) => ({ ...anItem(id, offer, at), isTraining }));
  return {
    id,
    resellerTeamId,
    customerId: null,
    customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
    serviceAddress: { line1: "1 Main St", line2: null, city: "Austin", state: "TX", zipCode: "78701" },
    moveInDate: "2026-04-01",
    installationDate: null,
    isTraining,
    status: "pending",
    totalMonthly: "49.90",
    items,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** Stores orders in one transaction. */
export async function storeOrders(uow: UnitOfWork, ...orders: Order[]): Promise<void> {
  await uow.transaction(async (scope) => {
    for (const order of orders) await scope.orders.insert(order);
  });
}

/** An order's consent record naming `providerTeamId`, about its customer. */
export function aConsentRecord(
  order: Pick<Order, "id" | "resellerTeamId" | "customerId" | "customer" | "isTraining">,
  providerTeamId: string,
  kind: ConsentKind,
  recordedAt: Date,
  overrides: Partial<ConsentRecord> = {},
): ConsentRecord {
  return {
    id: randomUuid(),
    orderId: order.id,
    clickId: null,
    providerTeamId,
    resellerTeamId: order.resellerTeamId,
    customerId: order.customerId,
    kind,
    granted: true,
    disclosureVersion: kind === "order_contact" ? "order_contact.v1" : "marketing_calls_texts.v1",
    disclosureText: `I agree (${kind}).`,
    phone: order.customer.phone,
    email: order.customer.email,
    ipAddress: "203.0.113.7",
    userAgent: "contract-test",
    isTraining: order.isTraining,
    recordedAt,
    revokedAt: null,
    revokedVia: null,
    ...overrides,
  };
}
