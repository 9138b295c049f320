import { describe, expect, it } from "vitest";
import { subscribableEventTypes } from "../events/index.ts";
import { verifySignature, verifyStandardWebhook } from "../signing.ts";
import { isSuccessStatus, recordableText } from "./delivery-records.ts";
import { validateWebhookEvents, validateWebhookUrl } from "./input.ts";
import type { WebhookDeliveryRepository, WebhookRepository, WebhookTransport } from "./ports.ts";
import {
  DEFAULT_RETRY_DELAYS_MS,
  maxDeliveryAttempts,
  nextRetryDelayMs,
  parseRetryAfter,
  retryDelayMs,
} from "./retry-schedule.ts";
import { deliverEvent, resolveDeliveryTargets } from "./webhook-delivery.ts";
import {
  type DeliverableEvent,
  deliveryBody,
  deliveryHeaders,
  generateWebhookSecret,
  maskWebhookSecret,
  signingSecrets,
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
const ALL = [
  "order.created",
  "order.item.created",
  "order.item.status_changed",
  "order.cancelled",
  "order.consent_recorded",
  "order.consent_revoked",
];

describe("secrets", () => {
  it("are whsec_ + 43 base64url characters, all different", () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it("are whsec_ + padded standard base64 of 32 bytes for the standard scheme", () => {
    const secrets = new Set(Array.from({ length: 50 }, () => generateWebhookSecret("standard")));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(generateWebhookSecret("service")).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it("are masked as whsec_••••abcd", () => {
    expect(maskWebhookSecret("whsec_0123456789abcd")).toBe("whsec_••••abcd");
  });

  it("sign with the previous secret only until its overlap ends", () => {
    const webhook = { secret: "new", previousSecret: "old", previousSecretExpiresAt: new Date(AT.getTime() + 1000) };
    expect(signingSecrets(webhook, AT)).toEqual(["new", "old"]);
    expect(signingSecrets(webhook, new Date(AT.getTime() + 1000))).toEqual(["new"]);
    expect(signingSecrets({ ...webhook, previousSecret: null }, AT)).toEqual(["new"]);
  });
});

describe("validateWebhookUrl", () => {
  it.each([
    ["https://hooks.example.com/x", {}, []],
    ["https://127.0.0.1/x", {}, []],
    ["http://hooks.example.com/x", {}, ["url must be an https URL"]],
    ["http://localhost:3000/x", {}, ["url must be an https URL"]],
    ["http://localhost:3000/x", { allowLoopback: true }, []],
    ["http://127.0.0.1/x", { allowLoopback: true }, []],
    ["http://[::1]/x", { allowLoopback: true }, []],
    ["http://10.0.0.1/x", { allowLoopback: true }, ["url must be an https URL"]],
    ["wss://hooks.example.com/x", {}, ["url must be an https URL"]],
    ["hooks.example.com/x", {}, ["url must be a valid URL"]],
    ["https://a.example/\u0000", {}, ["url must not contain NUL characters"]],
    [5, {}, ["url must be a string"]],
    ["https://user:secret@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["https://token@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["https://:secret@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["https://@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["https:\\\\u@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["http://u:p@127.0.0.1/x", { allowLoopback: true }, ["url must not contain a user name or password (user:pass@)"]],
    ["https://hooks.example.com/x@y?to=a@b#c@d", {}, []],
  ] as const)("%j with %j gives %j", (url, policy, problems) => {
    expect(validateWebhookUrl(url, policy)).toEqual(problems);
  });
});

describe("validateWebhookEvents", () => {
  it("allows providers and hybrid teams every type, resellers the four order types", () => {
    expect([...subscribableEventTypes("provider")]).toEqual(ALL);
    expect([...subscribableEventTypes("hybrid")]).toEqual(ALL);
    expect([...subscribableEventTypes("reseller")]).toEqual(ALL.slice(0, 4));
  });

  it("keeps the order given, without duplicates", () => {
    expect(validateWebhookEvents(["order.cancelled", "order.created", "order.cancelled"], "provider")).toEqual({
      problems: [],
      events: ["order.cancelled", "order.created"],
    });
  });

  it("names every bad entry with the list of the team's values", () => {
    expect(validateWebhookEvents(["order.created", "order.consent_revoked", "x"], "reseller").problems).toEqual([
      `events.1 must be one of the following values: ${ALL.slice(0, 4).join(", ")}`,
      `events.2 must be one of the following values: ${ALL.slice(0, 4).join(", ")}`,
    ]);
    expect(validateWebhookEvents(["webhook.test"], "provider").problems).toEqual([
      `events.0 must be one of the following values: ${ALL.join(", ")}`,
    ]);
    expect(validateWebhookEvents([], "provider").problems).toEqual(["events must contain at least 1 element"]);
    expect(validateWebhookEvents("order.created", "provider").problems).toEqual(["events must be an array"]);
  });
});

describe("retry schedule", () => {
  it("makes 11 attempts over about 3 days by default, the first retry after 5 s", () => {
    expect(maxDeliveryAttempts()).toBe(11);
    expect(DEFAULT_RETRY_DELAYS_MS[0]).toBe(5_000);
    const total = DEFAULT_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe(5_000 + (1 + 5 + 30 + 120 + 300 + 600 + 840 + 1200 + 1200) * 60_000);
    expect(total / 86_400_000).toBeGreaterThan(2.9);
    expect(total / 86_400_000).toBeLessThan(3.1);
    // Growing intervals.
    for (let i = 1; i < DEFAULT_RETRY_DELAYS_MS.length; i++) {
      expect(DEFAULT_RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(DEFAULT_RETRY_DELAYS_MS[i - 1] as number);
    }
  });

  it("applies jitter within ±20 % and stops after the last attempt", () => {
    expect(retryDelayMs(1, { random: () => 0.5 })).toBe(5_000);
    expect(retryDelayMs(1, { random: () => 0 })).toBe(4_000);
    expect(retryDelayMs(1, { random: () => 0.999999 })).toBe(6_000);
    expect(retryDelayMs(10, { random: () => 0.5 })).toBe(20 * 3_600_000);
    expect(retryDelayMs(11)).toBeNull();
    expect(retryDelayMs(0)).toBeNull();
    expect(retryDelayMs(1, { delaysMs: [100], jitter: 0 })).toBe(100);
    expect(retryDelayMs(2, { delaysMs: [100], jitter: 0 })).toBeNull();
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = new Date("2026-11-24T10:00:00.000Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Tue, 24 Nov 2026 10:05:00 GMT", now)).toBe(300_000);
    expect(parseRetryAfter("Tue, 24 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("-5", now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it("waits at least as long as Retry-After asks, within the schedule's remaining window", () => {
    const schedule = { delaysMs: [1_000, 10_000, 100_000], jitter: 0 };
    expect(nextRetryDelayMs(1, null, schedule)).toBe(1_000);
    expect(nextRetryDelayMs(1, 500, schedule)).toBe(1_000);
    expect(nextRetryDelayMs(1, 50_000, schedule)).toBe(50_000);
    // Past the window (1 s + 10 s + 100 s from attempt 1 on): capped at it.
    expect(nextRetryDelayMs(1, 10_000_000, schedule)).toBe(111_000);
    expect(nextRetryDelayMs(3, 10_000_000, schedule)).toBe(100_000);
    expect(nextRetryDelayMs(4, 10_000_000, schedule)).toBeNull();
  });
});

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

  it("count 2xx as success only", () => {
    expect([199, 200, 204, 299, 300, 302, 404, 500].map(isSuccessStatus)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it("keep at most 4 KiB of a response, on a character boundary, without NUL", () => {
    expect(recordableText("a\u0000b")).toBe("a\uFFFDb");
    expect(recordableText("x".repeat(5000))).toBe("x".repeat(4096));
    const euros = recordableText("€".repeat(2000)); // 3 bytes each
    expect(euros).toBe("€".repeat(1365));
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
