import { describe, expect, it } from "vitest";
import { aTeam } from "../../test/contracts/fixtures.ts";
import { anEvent, aWebhook } from "../../test/contracts/fixtures-webhooks.ts";
import { createMarketplace } from "../marketplace.ts";
import type { AttemptNotice } from "../webhooks/index.ts";
import {
  deliveryJobs,
  InMemoryUnitOfWork,
  InMemoryWebhookAttemptFeed,
  RecordingWebhookTransport,
  runDeliveryJobs,
} from "./index.ts";

async function setUp() {
  const unitOfWork = new InMemoryUnitOfWork();
  const provider = aTeam("provider");
  const hooks = [aWebhook(provider.id), aWebhook(provider.id), aWebhook(provider.id, { isActive: false })];
  await unitOfWork.transaction(async (scope) => {
    await scope.teams.insert(provider);
    for (const hook of hooks) await scope.webhooks.insert(hook);
  });
  return { unitOfWork, provider, hooks };
}

describe("delivery jobs of the in-memory adapter", () => {
  it("queues one job per committed event and none for a transaction that throws", async () => {
    const { unitOfWork, provider } = await setUp();
    const kept = anEvent({ providers: [provider.id] });
    await unitOfWork.transaction((scope) => scope.outbox.record([kept]));
    await expect(
      unitOfWork.transaction(async (scope) => {
        await scope.outbox.record([anEvent({ providers: [provider.id] })]);
        await scope.deliveryQueue.enqueue({ eventId: kept.id, webhookId: provider.id, trigger: "test" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow();
    expect(await deliveryJobs(unitOfWork)).toEqual([
      { seq: 1, eventId: kept.id, webhookId: null, trigger: "event", attempt: 1, notBefore: null },
    ]);
  });

  it("runs a round to every subscribed webhook, tells the feed, and leaves the queue empty", async () => {
    const { unitOfWork, provider, hooks } = await setUp();
    const event = anEvent({ providers: [provider.id] });
    await unitOfWork.transaction((scope) => scope.outbox.record([event]));
    const transport = new RecordingWebhookTransport();
    const attempts = new InMemoryWebhookAttemptFeed();
    const heard: AttemptNotice[] = [];
    attempts.subscribe((notice) => heard.push(notice));
    const runs = await runDeliveryJobs(unitOfWork, { transport, attempts });
    expect(runs.map((run) => run.round.outcome)).toEqual(["delivered"]);
    expect(transport.requests.map((request) => request.url).sort()).toEqual([hooks[0]?.url, hooks[1]?.url].sort());
    expect(heard.map((notice) => notice.webhookId).sort()).toEqual([hooks[0]?.id, hooks[1]?.id].sort());
    expect(heard[0]).not.toHaveProperty("responseBody");
    expect(await deliveryJobs(unitOfWork)).toEqual([]);
  });

  it("queues the next round of a failed one when it is due, and sends tests once", async () => {
    const { unitOfWork, provider, hooks } = await setUp();
    const event = anEvent({ providers: [provider.id] });
    await unitOfWork.transaction((scope) => scope.outbox.record([event]));
    let now = new Date("2026-06-01T00:00:00.000Z");
    const clock = { now: () => now };
    const transport = new RecordingWebhookTransport().answer(
      { kind: "response", statusCode: 500, body: "down" },
      { url: hooks[0]?.url, times: 1 },
    );
    await runDeliveryJobs(unitOfWork, { transport, clock, retryDelaysMs: [5_000] });
    expect(await deliveryJobs(unitOfWork)).toEqual([
      {
        seq: 2,
        eventId: event.id,
        webhookId: null,
        trigger: "event",
        attempt: 2,
        notBefore: new Date("2026-06-01T00:00:05.000Z"),
      },
    ]);
    expect(await runDeliveryJobs(unitOfWork, { transport, clock })).toEqual([]);
    now = new Date("2026-06-01T00:00:05.000Z");
    const [retry] = await runDeliveryJobs(unitOfWork, { transport, clock, retryDelaysMs: [5_000] });
    expect(retry?.round.outcome).toBe("delivered");
    expect(transport.requests.length).toBe(4);
    const log = await unitOfWork.repositories.webhookDeliveries.list(hooks[0]?.id ?? "", { kind: "all" });
    expect(log.map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
      [2, 200],
      [1, 500],
    ]);

    transport.reset();
    transport.answer({ kind: "error", error: "refused" });
    await unitOfWork.transaction((scope) =>
      scope.deliveryQueue.enqueue({ eventId: event.id, webhookId: hooks[2]?.id ?? "", trigger: "test" }),
    );
    const [test] = await runDeliveryJobs(unitOfWork, { transport, clock });
    expect(test?.round.outcome).toBe("failed");
    expect(transport.requestsTo(hooks[2]?.url ?? "").length).toBe(1);
    expect(await deliveryJobs(unitOfWork)).toEqual([]);
  });

  it("counts a recovery down as its jobs run", async () => {
    const { unitOfWork, provider, hooks } = await setUp();
    const hook = hooks[0] ?? aWebhook(provider.id);
    const events = [anEvent({ providers: [provider.id] }), anEvent({ providers: [provider.id] })];
    await unitOfWork.transaction((scope) => scope.outbox.record(events));
    const at = new Date("2026-06-01T00:00:00.000Z");
    const request = { webhookId: hook.id, eventIds: events.map((event) => event.id), at, staleAfterMs: 60_000 };
    expect(await unitOfWork.transaction((scope) => scope.deliveryQueue.startRecovery(request))).toBe(true);
    expect(await unitOfWork.transaction((scope) => scope.deliveryQueue.startRecovery(request))).toBe(false);
    const jobs = await deliveryJobs(unitOfWork);
    expect(jobs.filter((job) => job.trigger === "recovery").map((job) => job.eventId)).toEqual(request.eventIds);
    await runDeliveryJobs(unitOfWork, { transport: new RecordingWebhookTransport(), clock: { now: () => at } });
    expect(await unitOfWork.repositories.webhookLog.recovery(provider.id, hook.id)).toEqual({
      webhookId: hook.id,
      startedAt: at,
      pending: 0,
      sent: 2,
    });
  });
});

describe("webhook use cases over the in-memory adapter", () => {
  it("sends a test, redelivers it, and lists both attempts, signed with the webhook's secret", async () => {
    // A clock that moves on a second at every reading: the two attempts are never at the same instant.
    let tick = Date.parse("2026-06-01T00:00:00.000Z");
    const clock = {
      now: () => {
        tick += 1000;
        return new Date(tick);
      },
    };
    const unitOfWork = new InMemoryUnitOfWork({ clock });
    const marketplace = createMarketplace({ unitOfWork, clock });
    const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    const principal = { teamId: team.id, role: team.role, apiKeyId: apiKey.id };
    const webhook = await marketplace.webhooks.create(principal, {
      url: "https://hooks.example/acme",
      events: ["order.created"],
    });
    const queued = await marketplace.webhooks.sendTest(principal, webhook.id);
    expect(await deliveryJobs(unitOfWork)).toEqual([
      { seq: 1, eventId: queued.eventId, webhookId: webhook.id, trigger: "test", attempt: 1, notBefore: null },
    ]);
    const transport = new RecordingWebhookTransport();
    await runDeliveryJobs(unitOfWork, { transport, clock });
    expect(transport.requests).toHaveLength(1);
    expect(JSON.parse(transport.requests[0]?.body ?? "")).toMatchObject({ id: queued.eventId, type: "webhook.test" });
    expect(transport.requests[0]?.headers["X-Service-Signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const [first] = await unitOfWork.repositories.webhookDeliveries.list(webhook.id, { kind: "all" });
    await marketplace.webhooks.redeliver(principal, webhook.id, first?.id ?? "");
    await runDeliveryJobs(unitOfWork, { transport, clock });
    const log = await unitOfWork.repositories.webhookDeliveries.list(webhook.id, { kind: "all" });
    expect(log.map((attempt) => [attempt.trigger, attempt.attempt, attempt.success])).toEqual([
      ["redelivery", 2, true],
      ["test", 1, true],
    ]);
  });
});

describe("RecordingWebhookTransport", () => {
  it("answers with the latest matching rule, for as many requests as it was told, then the default", async () => {
    const transport = new RecordingWebhookTransport({ kind: "response", statusCode: 204, body: "" });
    transport.answer({ kind: "response", statusCode: 503, body: "busy", retryAfter: "10" }, { times: 2 });
    transport.answer((request) => ({ kind: "response", statusCode: 200, body: request.body }), { url: "https://b" });
    const send = (url: string) => transport.send({ url, body: `to ${url}`, headers: { a: "1" } });
    expect(await send("https://b")).toEqual({ kind: "response", statusCode: 200, body: "to https://b" });
    expect(await send("https://a")).toMatchObject({ statusCode: 503, retryAfter: "10" });
    expect(await send("https://a")).toMatchObject({ statusCode: 503, body: "busy" });
    expect(await send("https://a")).toEqual({ kind: "response", statusCode: 204, body: "" });
    expect(transport.requestsTo("https://a")).toHaveLength(3);
    expect(transport.requests[0]).toEqual({ url: "https://b", body: "to https://b", headers: { a: "1" } });
  });
});
