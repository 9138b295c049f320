import { describe, expect, it } from "vitest";
import type { ConsentRecord } from "./consents/index.ts";
import { consentRecordedEvent } from "./consents/index.ts";
import { type TypedEvent, typedEvent } from "./event-payloads.ts";
import type { Order } from "./orders/index.ts";
import { orderPlacedEvents } from "./orders/index.ts";

const at = () => ({ id: () => crypto.randomUUID(), now: new Date("2026-01-31T12:00:00.000Z") });

/** What a typed consumer reads off an event: narrowing on the type types the payload. */
function summary(event: TypedEvent): string {
  switch (event.type) {
    case "order.created":
    case "order.cancelled":
      return `${event.data.orderId} ${event.data.totalMonthly} ${event.data.items.length}`;
    case "order.item.created":
      return `${event.data.orderItemId} ${event.data.status}`;
    case "order.item.status_changed":
      return `${event.data.from}→${event.data.to} ${event.data.orderStatus}`;
    case "order.consent_recorded":
      return `${event.data.kind} ${event.data.granted}`;
    case "order.consent_revoked":
      return `${event.data.kind} ${event.data.revokedVia}`;
  }
}

describe("typed event payloads", () => {
  it("type each event's data by its type", () => {
    const order = {
      id: "o1",
      resellerTeamId: "r1",
      customerId: null,
      customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
      serviceAddress: { line1: "1 Main", line2: null, city: "Austin", state: "TX", zipCode: "78701" },
      moveInDate: null,
      installationDate: null,
      isTraining: false,
      status: "pending",
      totalMonthly: "49.99",
      items: [
        {
          id: "i1",
          orderId: "o1",
          status: "pending",
          isTraining: false,
          offer: {
            offerId: "f1",
            offerName: "Fiber",
            serviceType: "internet",
            providerTeamId: "p1",
            providerName: "Acme",
            monthlyPrice: "49.99",
            promoMonthlyPrice: null,
            promoDurationMonths: null,
            contractTermMonths: null,
            commission: null,
            internet: null,
            electricity: null,
            submissionUrl: null,
          },
          handoffRedirectUrl: null,
          scheduledDate: null,
          rejectionReason: null,
          commission: null,
          createdAt: new Date(0),
          updatedAt: new Date(0),
        },
      ],
      createdAt: new Date(0),
      updatedAt: new Date(0),
    } as Order;
    const [created, item] = orderPlacedEvents(order, at()).map(typedEvent);
    expect(created && summary(created)).toBe("o1 49.99 1");
    expect(item && summary(item)).toBe("i1 pending");
    const record = {
      id: "c1",
      orderId: "o1",
      clickId: null,
      providerTeamId: "p1",
      resellerTeamId: "r1",
      kind: "order_contact",
      granted: true,
      disclosureVersion: "order_contact.v1",
      disclosureText: "…",
      phone: "+15125550123",
      email: null,
      ipAddress: "203.0.113.7",
      userAgent: null,
      isTraining: false,
      recordedAt: new Date(0),
    } as unknown as ConsentRecord;
    expect(summary(typedEvent(consentRecordedEvent(record, at())))).toBe("order_contact true");
  });
});
