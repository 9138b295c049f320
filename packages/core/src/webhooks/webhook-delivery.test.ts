import { describe, expect, it } from "vitest";
import { verifySignature, verifyStandardWebhook } from "../signing.ts";
import type { WebhookDeliveryRepository, WebhookRepository, WebhookTransport } from "./ports.ts";
import { deliverEvent, resolveDeliveryTargets } from "./webhook-delivery.ts";
import {
  type DeliverableEvent,
  deliveryBody,
  deliveryHeaders,
  generateWebhookSecret,
  type Webhook,
  type WebhookDelivery,
  type WebhookRequest,
  type WebhookResponse,
} from "./webhook-rules.ts";

const P1 = "11111111-1111-4111-8111-111111111111";
const P2 = "22222222-2222-4222-8222-222222222222";
const R1 = "33333333-3333-4333-8333-333333333333";
const H1 = "44444444-4444-4444-8444-444444444444";
const AT = new Date("2026-03-01T12:34:56.789Z");

const event = (overrides: Partial<DeliverableEvent> = {}): DeliverableEvent => ({
  id: "5b4c3d2e-1f0a-4b9c-8d7e-6f5a4b3c2d1e",
  type: "order.created",
  version: 1,
  createdAt: AT,
  data: { orderId: "o1", name: "Café ☕", training: false },
  audience: { providerTeamIds: [P1], resellerTeamIds: [R1] },
  ...overrides,
});

describe("delivery requests", () => {
  it("serialise the envelope {id, type, version, createdAt, data}", () => {
    expect(JSON.parse(deliveryBody(event()))).toEqual({
      id: "5b4c3d2e-1f0a-4b9c-8d7e-6f5a4b3c2d1e",
      type: "order.created",
      version: 1,
      createdAt: "2026-03-01T12:34:56.789Z",
      data: { orderId: "o1", name: "Café ☕", training: false },
    });
    expect(Object.keys(JSON.parse(deliveryBody(event())))).toEqual(["id", "type", "version", "createdAt", "data"]);
  });

  it("sign the body with every secret and mark training only", async () => {
    const body = deliveryBody(event());
    const headers = await deliveryHeaders(body, { secrets: ["a", "b"], training: false, timestamp: 1_700_000_000 });
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["X-Service-Training"]).toBeUndefined();
    const signature = headers["X-Service-Signature"] as string;
    expect(signature).toMatch(/^t=1700000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of ["a", "b"]) {
      expect(await verifySignature({ payload: body, header: signature, secret, now: 1_700_000_000 })).toEqual({
        ok: true,
        timestamp: 1_700_000_000,
      });
    }
    const training = await deliveryHeaders(body, { secrets: [], training: true, timestamp: 1 });
    expect(training["X-Service-Training"]).toBe("true");
    expect(training["X-Service-Signature"]).toBeUndefined();
  });

  it("add the Standard Webhooks headers for the standard scheme, same timestamp, one v1 per secret", async () => {
    const body = deliveryBody(event());
    const secrets = [generateWebhookSecret("standard"), generateWebhookSecret("standard")];
    const id = event().id;
    const headers = await deliveryHeaders(body, {
      secrets,
      training: false,
      timestamp: 1_700_000_000,
      scheme: "standard",
      messageId: id,
    });
    expect(headers["webhook-id"]).toBe(id);
    expect(headers["webhook-timestamp"]).toBe("1700000000");
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(headers["X-Service-Signature"]).toMatch(/^t=1700000000,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    for (const secret of secrets) {
      expect(await verifyStandardWebhook({ payload: body, headers, secret, now: 1_700_000_000 })).toMatchObject({
        ok: true,
        id,
      });
    }
    // The default scheme and unsigned deliveries carry none of them.
    const service = await deliveryHeaders(body, { secrets, training: false, timestamp: 1, messageId: id });
    expect(Object.keys(service).filter((name) => name.startsWith("webhook-"))).toEqual([]);
    const unsigned = await deliveryHeaders(body, { secrets: [], training: false, timestamp: 1, scheme: "standard" });
    expect(Object.keys(unsigned).filter((name) => name.startsWith("webhook-"))).toEqual([]);
    await expect(deliveryHeaders(body, { secrets, training: false, timestamp: 1, scheme: "standard" })).rejects.toThrow(
      "messageId",
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Delivery rounds over in-memory ports.

function hook(overrides: Partial<Webhook> & Pick<Webhook, "id" | "teamId">): Webhook {
  return {
    url: `https://hooks.example/${overrides.id}`,
    events: ["order.created", "order.item.created"],
    isActive: true,
    secret: `whsec_${overrides.id}`,
    previousSecret: null,
    previousSecretExpiresAt: null,
    disabledReason: null,
    disabledAt: null,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

function memory(webhooks: Webhook[], events: DeliverableEvent[]) {
  const recorded: WebhookDelivery[] = [];
  const repository: WebhookRepository = {
    insert: async () => {},
    findById: async () => null,
    list: async () => [],
    update: async () => null,
    rotateSecret: async () => null,
    delete: async () => false,
    recordHealth: async () => null,
    async findSubscribed(teamIds, type) {
      return webhooks.filter((w) => teamIds.includes(w.teamId) && w.isActive && (w.events as string[]).includes(type));
    },
    async findForDelivery(id) {
      return webhooks.find((w) => w.id === id) ?? null;
    },
    async teamsWithWebhooks(teamIds) {
      return [...new Set(webhooks.filter((w) => teamIds.includes(w.teamId)).map((w) => w.teamId))];
    },
  };
  const deliveries: WebhookDeliveryRepository = {
    async insert(delivery) {
      recorded.push(delivery);
    },
    list: async () => [],
    findById: async () => null,
    async lastAttempt(eventId, webhookId) {
      return Math.max(
        0,
        ...recorded.filter((d) => d.eventId === eventId && d.webhookId === webhookId).map((d) => d.attempt),
      );
    },
    async findEvent(id) {
      return events.find((e) => e.id === id) ?? null;
    },
    insertEvent: async () => {},
    listTeamEvents: async () => [],
    findTeamEvent: async () => null,
    findRecoverable: async () => [],
  };
  return { repository, deliveries, recorded };
}

function transportAnswering(answer: (request: WebhookRequest) => WebhookResponse) {
  const sent: WebhookRequest[] = [];
  const transport: WebhookTransport = {
    async send(request) {
      sent.push(request);
      return answer(request);
    },
  };
  return { transport, sent };
}

describe("resolveDeliveryTargets", () => {
  it("takes active subscribed webhooks of the audience's teams, each once", async () => {
    const webhooks = [
      hook({ id: "a", teamId: P1 }),
      hook({ id: "b", teamId: R1 }),
      hook({ id: "paused", teamId: P1, isActive: false }),
      hook({ id: "other-type", teamId: P1, events: ["order.cancelled"] }),
      hook({ id: "outsider", teamId: P2 }),
      hook({ id: "hybrid", teamId: H1 }),
    ];
    const { repository } = memory(webhooks, []);
    const targets = await resolveDeliveryTargets(
      event({ audience: { providerTeamIds: [P1, H1], resellerTeamIds: [R1, H1] } }),
      repository,
      AT,
    );
    expect(targets.map((target) => target.webhookId).sort()).toEqual(["a", "b", "hybrid"]);
  });

  it("adds the unsigned submissionUrl hint for order.item.created when a provider team has no webhook at all", async () => {
    const { repository } = memory([hook({ id: "paused", teamId: P2, isActive: false })], []);
    const item = event({
      type: "order.item.created",
      data: { training: false },
      audience: { providerTeamIds: [P1, P2], resellerTeamIds: [] },
      delivery: { submissionUrl: "https://provider.example/intake" },
    });
    expect(await resolveDeliveryTargets(item, repository, AT)).toEqual([
      { webhookId: null, teamId: P1, url: "https://provider.example/intake", secrets: [] },
    ]);
    expect(await resolveDeliveryTargets({ ...item, type: "order.created" }, repository, AT)).toEqual([]);
    const { delivery: _hint, ...noUrl } = item;
    expect(await resolveDeliveryTargets(noUrl, repository, AT)).toEqual([]);
    // A submissionUrl inside the payload is just data: it is never used as a target.
    const inPayload = { ...noUrl, data: { submissionUrl: "https://provider.example/intake", training: false } };
    expect(await resolveDeliveryTargets(inPayload, repository, AT)).toEqual([]);
  });
});

describe("deliverEvent", () => {
  const webhooks = [hook({ id: "a", teamId: P1 }), hook({ id: "b", teamId: R1 })];

  it("sends the same body to every target, signed with its own secret, and records each attempt", async () => {
    const { repository, deliveries, recorded } = memory(webhooks, [event()]);
    const { transport, sent } = transportAnswering(() => ({ kind: "response", statusCode: 200, body: "ok" }));
    const round = await deliverEvent(
      { eventId: event().id, attempt: 3, trigger: "event" },
      { webhooks: repository, deliveries, transport, clock: { now: () => AT } },
    );
    expect(round.outcome).toBe("delivered");
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toBe(sent[1]?.body);
    for (const request of sent) {
      const secret = request.url.endsWith("/a") ? "whsec_a" : "whsec_b";
      const header = request.headers["X-Service-Signature"];
      expect(await verifySignature({ payload: request.body, header, secret, now: AT.getTime() / 1000 })).toMatchObject({
        ok: true,
      });
    }
    expect(recorded.map((d) => [d.webhookId, d.attempt, d.statusCode, d.success, d.trigger]).sort()).toEqual([
      ["a", 3, 200, true, "event"],
      ["b", 3, 200, true, "event"],
    ]);
  });

  it("fails the round when any target fails, recording the error text when no response came", async () => {
    const { repository, deliveries, recorded } = memory(webhooks, [event()]);
    const { transport } = transportAnswering((request) =>
      request.url.endsWith("/a")
        ? { kind: "error", error: "timeout: no complete response within 10000 ms" }
        : { kind: "response", statusCode: 200, body: "" },
    );
    const round = await deliverEvent(
      { eventId: event().id, attempt: 1, trigger: "event" },
      { webhooks: repository, deliveries, transport },
    );
    expect(round.outcome).toBe("failed");
    expect(recorded.find((d) => d.webhookId === "a")).toMatchObject({
      statusCode: null,
      success: false,
      responseBody: "timeout: no complete response within 10000 ms",
    });
  });

  it("sends a single-webhook job to that webhook alone, paused or not, counting attempts on from the log", async () => {
    const paused = hook({ id: "p", teamId: P2, isActive: false, events: ["order.cancelled"] });
    const { repository, deliveries, recorded } = memory([...webhooks, paused], [event()]);
    const { transport, sent } = transportAnswering(() => ({ kind: "response", statusCode: 204, body: "" }));
    const job = { eventId: event().id, attempt: 1, trigger: "redelivery" as const, webhookId: "p" };
    await deliverEvent(job, { webhooks: repository, deliveries, transport });
    await deliverEvent(job, { webhooks: repository, deliveries, transport });
    expect(sent.map((request) => request.url)).toEqual([paused.url, paused.url]);
    expect(recorded.map((d) => [d.webhookId, d.attempt, d.trigger])).toEqual([
      ["p", 1, "redelivery"],
      ["p", 2, "redelivery"],
    ]);
  });

  it("reports unknown events and events without targets", async () => {
    const { repository, deliveries } = memory([], [event()]);
    const { transport, sent } = transportAnswering(() => ({ kind: "response", statusCode: 200, body: "" }));
    const deps = { webhooks: repository, deliveries, transport };
    expect(await deliverEvent({ eventId: "nope", attempt: 1, trigger: "event" }, deps)).toEqual({
      outcome: "unknown_event",
    });
    expect((await deliverEvent({ eventId: event().id, attempt: 1, trigger: "event" }, deps)).outcome).toBe(
      "no_targets",
    );
    expect(sent).toEqual([]);
  });

  it("marks training events with the header", async () => {
    const training = event({ data: { orderId: "o1", training: true } });
    const { repository, deliveries } = memory(webhooks, [training]);
    const { transport, sent } = transportAnswering(() => ({ kind: "response", statusCode: 200, body: "" }));
    await deliverEvent(
      { eventId: training.id, attempt: 1, trigger: "event" },
      { webhooks: repository, deliveries, transport },
    );
    for (const request of sent) expect(request.headers["X-Service-Training"]).toBe("true");
  });
});
