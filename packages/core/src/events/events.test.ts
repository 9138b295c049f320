import { describe, expect, it } from "vitest";
import {
  createEvent,
  EVENT_TYPES,
  EVENT_VERSION,
  isSubscribable,
  type NewEvent,
  RESELLER_EVENT_TYPES,
  toEnvelope,
} from "./events.ts";

const EVENT_ID = "5b4c3d2e-1f0a-4b9c-8d7e-6f5a4b3c2d1e";
const AT = new Date("2026-03-01T12:34:56.789Z");
const P1 = "11111111-1111-4111-8111-111111111111";
const P2 = "22222222-2222-4222-8222-222222222222";
const R1 = "33333333-3333-4333-8333-333333333333";

function newEvent(overrides: Partial<NewEvent> = {}): NewEvent {
  return {
    type: "order.created",
    data: { orderId: "o1", total: "49.99" },
    training: false,
    audience: { providerTeamIds: [P1], resellerTeamIds: [R1] },
    ...overrides,
  };
}

describe("createEvent", () => {
  it("takes the id and time it is given, and version 1", () => {
    const event = createEvent(newEvent(), { id: EVENT_ID, now: AT });
    expect(event).toEqual({
      id: EVENT_ID,
      type: "order.created",
      version: 1,
      createdAt: AT,
      data: { orderId: "o1", total: "49.99", training: false },
      audience: { providerTeamIds: [P1], resellerTeamIds: [R1] },
    });
    expect(EVENT_VERSION).toBe(1);
  });

  it("removes duplicate audience ids, keeping first-seen order", () => {
    const event = createEvent(
      newEvent({ audience: { providerTeamIds: [P2, P1, P2, P1, P2], resellerTeamIds: [R1, R1] } }),
      { id: EVENT_ID, now: AT },
    );
    expect(event.audience).toEqual({ providerTeamIds: [P2, P1], resellerTeamIds: [R1] });
  });

  it("keeps an empty audience empty", () => {
    const event = createEvent(newEvent({ audience: { providerTeamIds: [], resellerTeamIds: [] } }), {
      id: EVENT_ID,
      now: AT,
    });
    expect(event.audience).toEqual({ providerTeamIds: [], resellerTeamIds: [] });
  });

  it.each([true, false])("always sets data.training (%s)", (training) => {
    expect(createEvent(newEvent({ training, data: {} }), { id: EVENT_ID, now: AT }).data).toEqual({ training });
  });

  it("lets the training flag win over a training field in data", () => {
    const event = createEvent(newEvent({ training: false, data: { training: true, x: 1 } }), { id: EVENT_ID, now: AT });
    expect(event.data).toEqual({ training: false, x: 1 });
  });

  it("does not mutate its input", () => {
    const input = newEvent({ audience: { providerTeamIds: [P1, P1], resellerTeamIds: [R1] } });
    const snapshot = structuredClone(input);
    const event = createEvent(input, { id: EVENT_ID, now: AT });
    expect(input).toEqual(snapshot);
    expect(event.data).not.toBe(input.data);
    expect(event.audience.providerTeamIds).not.toBe(input.audience.providerTeamIds);
  });
});

describe("toEnvelope", () => {
  it("has exactly id, type, version, createdAt (ISO string) and data; no audience", () => {
    const event = createEvent(newEvent({ type: "order.cancelled", training: true }), { id: EVENT_ID, now: AT });
    const envelope = toEnvelope(event);
    expect(envelope).toEqual({
      id: EVENT_ID,
      type: "order.cancelled",
      version: 1,
      createdAt: "2026-03-01T12:34:56.789Z",
      data: { orderId: "o1", total: "49.99", training: true },
    });
    expect(Object.keys(envelope).sort()).toEqual(["createdAt", "data", "id", "type", "version"]);
  });

  it("survives a JSON round trip unchanged", () => {
    const envelope = toEnvelope(createEvent(newEvent(), { id: EVENT_ID, now: AT }));
    expect(JSON.parse(JSON.stringify(envelope))).toEqual(envelope);
    expect(new Date(envelope.createdAt).getTime()).toBe(AT.getTime());
  });
});

describe("isSubscribable", () => {
  const RESELLER = ["order.created", "order.item.created", "order.item.status_changed", "order.cancelled"];
  const PROVIDER_ONLY = ["order.consent_recorded", "order.consent_revoked"];

  it("lists six event types, four of them for resellers", () => {
    expect([...EVENT_TYPES].sort()).toEqual([...RESELLER, ...PROVIDER_ONLY].sort());
    expect([...RESELLER_EVENT_TYPES].sort()).toEqual([...RESELLER].sort());
  });

  it.each(RESELLER)("lets resellers and providers subscribe to %s", (type) => {
    expect(isSubscribable(type, "reseller")).toBe(true);
    expect(isSubscribable(type, "provider")).toBe(true);
  });

  it.each(PROVIDER_ONLY)("lets only providers subscribe to %s", (type) => {
    expect(isSubscribable(type, "reseller")).toBe(false);
    expect(isSubscribable(type, "provider")).toBe(true);
  });

  it.each(["order.updated", "", "ORDER.CREATED", "order.created ", "order.*", "*", "toString", "constructor"])(
    "lets nobody subscribe to %j",
    (type) => {
      expect(isSubscribable(type, "reseller")).toBe(false);
      expect(isSubscribable(type, "provider")).toBe(false);
    },
  );
});
