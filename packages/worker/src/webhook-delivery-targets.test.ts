import { describe, expect, it } from "vitest";
import {
  deliveries,
  envelopeOf,
  freshPath,
  receiver,
  record,
  register,
  settle,
  t,
  useDeliveryWorkerApp,
} from "../../../test/helpers/delivery-worker-app.ts";
import { eventually, type ReceivedRequest } from "../../../test/helpers/webhook-receiver.ts";

// Who gets an event, end to end: paused and unsubscribed webhooks, audiences, hybrid teams,
// training marks, and the unsigned submissionUrl fallback (setup: test/helpers/delivery-worker-app.ts).

useDeliveryWorkerApp();

describe("targets", () => {
  it("sends nothing to paused webhooks or to webhooks not subscribed to the type", async () => {
    const provider = await t.createTeam("provider");
    const paused = freshPath("paused");
    const unsubscribed = freshPath("unsubscribed");
    const active = freshPath("active");
    const pausedHook = await register(provider.apiKey, {
      url: receiver.url + paused,
      events: ["order.created"],
      isActive: false,
    });
    await register(provider.apiKey, { url: receiver.url + unsubscribed, events: ["order.cancelled"] });
    await register(provider.apiKey, { url: receiver.url + active, events: ["order.created"] });
    // Paused after creation too: PATCH isActive false.
    const later = await register(provider.apiKey, { url: receiver.url + paused, events: ["order.created"] });
    const patch = await t.request("PATCH", `/provider/webhooks/${later.id}`, {
      key: provider.apiKey,
      body: { isActive: false },
    });
    expect(patch.status).toBe(200);

    await record({ type: "order.created", providerTeamIds: [provider.teamId] });
    await receiver.waitFor(1, { path: active });
    await settle();
    expect(receiver.on(paused)).toEqual([]);
    expect(receiver.on(unsubscribed)).toEqual([]);
    expect(receiver.on(active)).toHaveLength(1);
    expect(await deliveries(provider.apiKey, pausedHook.id)).toEqual([]);

    // Resumed, it receives the next event.
    await t.request("PATCH", `/provider/webhooks/${later.id}`, { key: provider.apiKey, body: { isActive: true } });
    await record({ type: "order.created", providerTeamIds: [provider.teamId] });
    await receiver.waitFor(1, { path: paused });
  });

  it("delivers only to the teams of the event's audience", async () => {
    const inAudience = await t.createTeam("reseller");
    const outsider = await t.createTeam("reseller");
    const mine = freshPath("mine");
    const theirs = freshPath("theirs");
    await register(inAudience.apiKey, { url: receiver.url + mine, events: ["order.created"] }, "reseller");
    await register(outsider.apiKey, { url: receiver.url + theirs, events: ["order.created"] }, "reseller");
    await record({ type: "order.created", resellerTeamIds: [inAudience.teamId] });
    await receiver.waitFor(1, { path: mine });
    await settle();
    expect(receiver.on(theirs)).toEqual([]);
  });

  it("delivers each event once to a hybrid team's webhook, even when the team is in both audiences", async () => {
    const hybrid = await t.createTeam("hybrid");
    const path = freshPath("hybrid");
    const hook = await register(hybrid.apiKey, {
      url: receiver.url + path,
      events: ["order.created", "order.consent_recorded"],
    });
    const event = await record({
      type: "order.created",
      providerTeamIds: [hybrid.teamId],
      resellerTeamIds: [hybrid.teamId],
    });
    const consent = await record({ type: "order.consent_recorded", providerTeamIds: [hybrid.teamId] });
    await receiver.waitFor(2, { path });
    await settle();
    expect(
      receiver
        .on(path)
        .map((r) => envelopeOf(r).id)
        .sort(),
    ).toEqual([event.id, consent.id].sort());
    expect(await deliveries(hybrid.apiKey, hook.id, "reseller")).toHaveLength(2);
  });

  it("marks training deliveries with X-Service-Training: true, and live ones not at all", async () => {
    const reseller = await t.createTeam("reseller");
    const path = freshPath("training");
    await register(reseller.apiKey, { url: receiver.url + path, events: ["order.item.created"] }, "reseller");
    const training = await record({
      type: "order.item.created",
      training: true,
      resellerTeamIds: [reseller.teamId],
    });
    const live = await record({ type: "order.item.created", training: false, resellerTeamIds: [reseller.teamId] });
    const got = await receiver.waitFor(2, { path });
    const byId = new Map(got.map((request) => [envelopeOf(request).id, request]));
    const trainingRequest = byId.get(training.id) as ReceivedRequest;
    const liveRequest = byId.get(live.id) as ReceivedRequest;
    expect(trainingRequest.headers["x-service-training"]).toBe("true");
    expect(envelopeOf(trainingRequest).data.training).toBe(true);
    expect("x-service-training" in liveRequest.headers).toBe(false);
    expect(envelopeOf(liveRequest).data.training).toBe(false);
  });
});

describe("unsigned submissionUrl fallback", () => {
  it("sends order.item.created unsigned to the submissionUrl hint when the provider has no webhook at all", async () => {
    const provider = await t.createTeam("provider");
    const path = freshPath("submission");
    const event = await record({
      type: "order.item.created",
      data: { orderItemId: "i-9", status: "pending" },
      delivery: { submissionUrl: receiver.url + path },
      providerTeamIds: [provider.teamId],
    });
    const [request] = await receiver.waitFor(1, { path });
    expect(request?.headers["x-service-signature"]).toBeUndefined();
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(envelopeOf(request as ReceivedRequest)).toMatchObject({ id: event.id, type: "order.item.created" });
    const rows = await eventually(async () => {
      const found = await t.database.db
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where("event_id", "=", event.id)
        .execute();
      return found.length > 0 ? found : undefined;
    });
    expect(rows).toMatchObject([{ webhook_id: null, team_id: provider.teamId, status_code: 200, success: true }]);

    // Other event types never use the fallback.
    const other = freshPath("submission-other");
    await record({
      type: "order.created",
      delivery: { submissionUrl: receiver.url + other },
      providerTeamIds: [provider.teamId],
    });
    await settle();
    expect(receiver.on(other)).toEqual([]);
  });

  it("does not use the fallback once the team has a webhook, even a paused one", async () => {
    const provider = await t.createTeam("provider");
    const hookPath = freshPath("registered");
    const submission = freshPath("submission-unused");
    await register(provider.apiKey, { url: receiver.url + hookPath, events: ["order.cancelled"], isActive: false });
    await record({
      type: "order.item.created",
      delivery: { submissionUrl: receiver.url + submission },
      providerTeamIds: [provider.teamId],
    });
    await settle();
    expect(receiver.on(submission)).toEqual([]);
    expect(receiver.on(hookPath)).toEqual([]);
  });
});
