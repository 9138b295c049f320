import { describe, expect, it } from "vitest";
import { itemPayload, orderPayload, orderPlacedEvents } from "./order-events.ts";
import type { Order, OrderItem } from "./types.ts";

const AT = new Date("2026-03-01T10:00:00.000Z");

function item(id: string, providerTeamId: string, overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    id,
    orderId: "o1",
    status: "pending",
    isTraining: false,
    offer: {
      offerId: `offer-${id}`,
      offerName: `Plan ${id}`,
      serviceType: "internet",
      providerTeamId,
      providerName: `Provider ${providerTeamId}`,
      monthlyPrice: "49.99",
      promoMonthlyPrice: "39.99",
      promoDurationMonths: 6,
      contractTermMonths: 12,
      commission: "20.00",
      internet: null,
      electricity: null,
      submissionUrl: null,
    },
    handoffRedirectUrl: null,
    scheduledDate: null,
    rejectionReason: null,
    commission: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

const order: Order = {
  id: "o1",
  resellerTeamId: "r1",
  customerId: "c1",
  customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
  serviceAddress: { line1: "1 Main St", line2: null, city: "Austin", state: "TX", zipCode: "78701" },
  moveInDate: "2026-04-01",
  installationDate: null,
  isTraining: false,
  status: "pending",
  totalMonthly: "49.99",
  items: [
    item("i1", "p1"),
    item("i2", "p2", {
      status: "handoff",
      handoffRedirectUrl: "https://partner.example.com/i2",
      offer: { ...item("i2", "p2").offer, submissionUrl: "https://p2.example.com/orders" },
    }),
    item("i3", "p1", { scheduledDate: "2026-04-02" }),
  ],
  createdAt: AT,
  updatedAt: AT,
};

describe("order event payloads", () => {
  it("an item carries its snapshot and the order's customer, address and dates", () => {
    expect(itemPayload(order, order.items[1] as OrderItem)).toEqual({
      orderId: "o1",
      orderItemId: "i2",
      resellerTeamId: "r1",
      providerTeamId: "p2",
      status: "handoff",
      offerId: "offer-i2",
      offerName: "Plan i2",
      serviceType: "internet",
      providerName: "Provider p2",
      monthlyPrice: "49.99",
      promoMonthlyPrice: "39.99",
      promoDurationMonths: 6,
      contractTermMonths: 12,
      scheduledDate: null,
      handoff: { redirectUrl: "https://partner.example.com/i2" },
      customer: order.customer,
      serviceAddress: order.serviceAddress,
      moveInDate: "2026-04-01",
      installationDate: null,
    });
  });

  it("the order carries its items as the item payload without the order's own fields", () => {
    const orderFields = ["orderId", "resellerTeamId", "customer", "serviceAddress", "moveInDate", "installationDate"];
    expect(orderPayload(order)).toEqual({
      orderId: "o1",
      resellerTeamId: "r1",
      providerTeamIds: ["p1", "p2"],
      status: "pending",
      totalMonthly: "49.99",
      customer: order.customer,
      serviceAddress: order.serviceAddress,
      moveInDate: "2026-04-01",
      installationDate: null,
      createdAt: "2026-03-01T10:00:00.000Z",
      items: order.items.map((i) =>
        Object.fromEntries(Object.entries(itemPayload(order, i)).filter(([key]) => !orderFields.includes(key))),
      ),
    });
  });

  it("order.created, then one order.item.created per item, each for its audience", () => {
    let n = 0;
    const events = orderPlacedEvents(order, { id: () => `e${++n}`, now: AT });
    expect(events.map((e) => [e.id, e.type, e.audience, e.delivery])).toEqual([
      ["e1", "order.created", { providerTeamIds: ["p1", "p2"], resellerTeamIds: ["r1"] }, undefined],
      ["e2", "order.item.created", { providerTeamIds: ["p1"], resellerTeamIds: ["r1"] }, undefined],
      [
        "e3",
        "order.item.created",
        { providerTeamIds: ["p2"], resellerTeamIds: ["r1"] },
        { submissionUrl: "https://p2.example.com/orders" },
      ],
      ["e4", "order.item.created", { providerTeamIds: ["p1"], resellerTeamIds: ["r1"] }, undefined],
    ]);
    expect(events[0]?.data).toEqual({ ...orderPayload(order), training: false });
    expect(events[2]?.data).toEqual({ ...itemPayload(order, order.items[1] as OrderItem), training: false });
  });
});
