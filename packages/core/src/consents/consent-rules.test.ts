import { describe, expect, it } from "vitest";
import type { Order, OrderItem } from "../orders/index.ts";
import { consentRecordedEvent, consentRevokedEvent } from "./consent-events.ts";
import {
  consentDecisionProblems,
  consentRecordsForClick,
  consentRecordsForOrder,
  grantsHandoffContact,
  hasGrantedOrderContact,
} from "./consent-rules.ts";
import { renderDisclosure } from "./disclosures.ts";
import type { ConsentDecision } from "./types.ts";
import { consentKindState } from "./types.ts";

const orderContact: ConsentDecision = { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" };
const handoff: ConsentDecision = { kind: "order_contact", granted: true, disclosureVersion: "handoff_contact.v1" };
const marketingDeclined: ConsentDecision = {
  kind: "marketing_calls_texts",
  granted: false,
  disclosureVersion: "marketing_calls_texts.v1",
};

describe("consentDecisionProblems", () => {
  it("accepts well-formed decisions, the empty list included", () => {
    expect(consentDecisionProblems([orderContact, handoff, marketingDeclined])).toEqual([]);
    expect(consentDecisionProblems([])).toEqual([]);
  });

  it("names an unknown version, a version of another kind, a repeat and malformed fields", () => {
    // As the HTTP contract reports them: a list too long alone; malformed decisions each; the
    // pairing and repeat rules once every decision is well formed.
    expect(
      consentDecisionProblems([
        { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v9" },
        { kind: "marketing_calls_texts", granted: true, disclosureVersion: "handoff_contact.v1" },
        { kind: "order_contact", granted: "yes", disclosureVersion: "order_contact.v1" },
        { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" },
      ]),
    ).toEqual(["consents must contain at most 3 elements"]);
    expect(
      consentDecisionProblems([
        { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v9" },
        { kind: "order_contact", granted: "yes", disclosureVersion: "order_contact.v1", note: 1 },
      ]),
    ).toEqual([
      "consents.0.disclosureVersion must be one of the following values: order_contact.v1, marketing_calls_texts.v1, handoff_contact.v1",
      "consents.1.granted must be a boolean",
      "property consents.1.note should not exist",
    ]);
    expect(
      consentDecisionProblems([
        { kind: "marketing_calls_texts", granted: true, disclosureVersion: "handoff_contact.v1" },
        { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" },
        { kind: "order_contact", granted: false, disclosureVersion: "order_contact.v1" },
      ]),
    ).toEqual([
      "consents.0.disclosureVersion handoff_contact.v1 is a disclosure of kind order_contact, not marketing_calls_texts",
      "consents.2.disclosureVersion order_contact.v1 must not appear twice",
    ]);
    expect(consentDecisionProblems("all")).toEqual(["consents must be an array"]);
    expect(
      consentDecisionProblems([null, { kind: "sms", granted: true, disclosureVersion: "order_contact.v1" }]),
    ).toEqual([
      "consents.0 must be an object",
      "consents.1.kind must be one of the following values: order_contact, marketing_calls_texts",
    ]);
  });
});

describe("which decisions allow what", () => {
  it("an order needs a granted decision of kind order_contact", () => {
    expect(hasGrantedOrderContact([orderContact])).toBe(true);
    expect(hasGrantedOrderContact([handoff])).toBe(true);
    expect(hasGrantedOrderContact([{ ...orderContact, granted: false }, marketingDeclined])).toBe(false);
    expect(hasGrantedOrderContact([{ ...marketingDeclined, granted: true }])).toBe(false);
    expect(hasGrantedOrderContact([])).toBe(false);
  });

  it("the phone goes to a partner only with a granted handoff_contact.v1", () => {
    expect(grantsHandoffContact([handoff])).toBe(true);
    expect(grantsHandoffContact([orderContact, { ...marketingDeclined, granted: true }])).toBe(false);
    expect(grantsHandoffContact([{ ...handoff, granted: false }])).toBe(false);
  });
});

function item(id: string, providerTeamId: string, providerName: string): OrderItem {
  return {
    id,
    orderId: "o1",
    status: "pending",
    isTraining: false,
    offer: {
      offerId: `offer-${id}`,
      offerName: "Plan",
      serviceType: "internet",
      providerTeamId,
      providerName,
      monthlyPrice: "10.00",
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
  };
}

const order: Order = {
  id: "o1",
  resellerTeamId: "r1",
  customerId: "c1",
  customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
  serviceAddress: { line1: "1 Main St", line2: null, city: "Austin", state: "TX", zipCode: "78701" },
  moveInDate: null,
  installationDate: null,
  isTraining: false,
  status: "pending",
  totalMonthly: "30.00",
  items: [item("i1", "p1", "Acme Fiber"), item("i2", "p2", "Volt"), item("i3", "p1", "Acme Energy")],
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

describe("consent records", () => {
  const now = new Date("2026-03-01T12:00:00.000Z");
  let n = 0;
  const stamp = { id: () => `id-${++n}`, now };
  const client = { ip: "203.0.113.9", userAgent: "Mozilla/5.0" };

  it("an order's decisions become one record per decision per provider team, text rendered for that team", () => {
    const records = consentRecordsForOrder(order, [orderContact, marketingDeclined], client, stamp);
    expect(records.map((r) => [r.providerTeamId, r.disclosureVersion, r.granted])).toEqual([
      ["p1", "order_contact.v1", true],
      ["p1", "marketing_calls_texts.v1", false],
      ["p2", "order_contact.v1", true],
      ["p2", "marketing_calls_texts.v1", false],
    ]);
    expect(records[0]).toEqual({
      id: expect.any(String),
      orderId: "o1",
      clickId: null,
      providerTeamId: "p1",
      resellerTeamId: "r1",
      customerId: "c1",
      kind: "order_contact",
      granted: true,
      disclosureVersion: "order_contact.v1",
      disclosureText: renderDisclosure("order_contact.v1", ["Acme Fiber", "Acme Energy"]),
      phone: "+15125550123",
      email: "ada@example.com",
      ipAddress: "203.0.113.9",
      userAgent: "Mozilla/5.0",
      isTraining: false,
      recordedAt: now,
      revokedAt: null,
      revokedVia: null,
    });
    expect(records[2]?.disclosureText).toBe(renderDisclosure("order_contact.v1", "Volt"));
    expect(new Set(records.map((r) => r.id)).size).toBe(4);
  });

  it("a click's decisions name the offer's provider, with no order and no e-mail", () => {
    const records = consentRecordsForClick(
      { clickId: "k1", providerTeamId: "p2", providerName: "Volt", resellerTeamId: "r1", phone: "+15125550199" },
      [handoff],
      client,
      stamp,
    );
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      orderId: null,
      clickId: "k1",
      providerTeamId: "p2",
      customerId: null,
      email: null,
      phone: "+15125550199",
      disclosureText: renderDisclosure("handoff_contact.v1", "Volt"),
    });
  });

  it("events go to the named provider only: recorded, then revoked with revokedAt and revokedVia", () => {
    const [record] = consentRecordsForOrder(order, [marketingDeclined], client, stamp);
    if (!record) throw new Error("no record");
    const at = { id: () => "e1", now };
    const recorded = consentRecordedEvent(record, at);
    expect(recorded.type).toBe("order.consent_recorded");
    expect(recorded.audience).toEqual({ providerTeamIds: ["p1"], resellerTeamIds: [] });
    expect(recorded.data).toMatchObject({
      orderId: "o1",
      providerTeamId: "p1",
      resellerTeamId: "r1",
      kind: "marketing_calls_texts",
      granted: false,
      disclosureVersion: "marketing_calls_texts.v1",
      disclosureText: record.disclosureText,
      phone: "+15125550123",
      training: false,
    });
    const revokedAt = new Date("2026-03-02T00:00:00.000Z");
    const revoked = consentRevokedEvent(record, { at: revokedAt, via: "web_form" }, at);
    expect(revoked.type).toBe("order.consent_revoked");
    expect(revoked.audience).toEqual({ providerTeamIds: ["p1"], resellerTeamIds: [] });
    expect(revoked.data).toEqual({
      ...recorded.data,
      revokedAt: "2026-03-02T00:00:00.000Z",
      revokedVia: "web_form",
    });
  });
});

describe("consentKindState", () => {
  it("is the latest decision's: granted, declined, or revoked whatever it was", () => {
    expect(consentKindState({ granted: true, revokedAt: null })).toBe("granted");
    expect(consentKindState({ granted: false, revokedAt: null })).toBe("declined");
    expect(consentKindState({ granted: true, revokedAt: new Date() })).toBe("revoked");
    expect(consentKindState({ granted: false, revokedAt: new Date() })).toBe("revoked");
  });
});
