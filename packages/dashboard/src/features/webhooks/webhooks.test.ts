import { PostgresUnitOfWork, PostgresWebhookAttemptFeed } from "@marketplace/adapters-postgres";
import type { WebhookTransport } from "@marketplace/core";
import { type AttemptNotice, deliverEvent, type WebhookAttemptFeed } from "@marketplace/core/webhooks";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardTestApp, type DashboardTestApp, FormClient } from "../../../../../test/helpers/dashboard.ts";
import { capturingLogger } from "../../../../../test/helpers/delivery.ts";
import {
  recordEvent,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../../../test/helpers/webhook-receiver.ts";
import { createDashboard } from "../../create-dashboard.tsx";

const PASSWORD = "correct horse battery staple";

let t: DashboardTestApp;
let dashboard: Hono;
let receiver: WebhookReceiver;
let feed: PostgresWebhookAttemptFeed;
let subscriptions = 0;
const log = capturingLogger();

/** A real HTTP transport (fetch) to the receiver started by the test. */
const transport: WebhookTransport = {
  async send(request) {
    try {
      const response = await fetch(request.url, { method: "POST", headers: request.headers, body: request.body });
      return { kind: "response", statusCode: response.status, body: await response.text() };
    } catch (error) {
      return { kind: "error", error: String(error) };
    }
  },
};

beforeAll(async () => {
  t = await createDashboardTestApp();
  feed = await PostgresWebhookAttemptFeed.start({ pool: t.database.pool });
  const counted: WebhookAttemptFeed = {
    subscribe(listener: (attempt: AttemptNotice) => void) {
      subscriptions += 1;
      return feed.subscribe(listener);
    },
  };
  // The same marketplace, with the development URL policy so that endpoints may be the loopback receiver.
  dashboard = createDashboard({
    marketplace: t.marketplace,
    basePath: "/dashboard",
    secureCookies: false,
    webhookUrlPolicy: { allowLoopback: true },
    webhookAttempts: counted,
    portalTheme: { accent: "#7a1fa2" },
    logger: log.logger,
    // A worker configured to retry for 61 minutes and disable after 12 hours: the pages say so.
    webhookDelivery: { retryDelaysMs: [60_000, 3_600_000], disableFailingAfterMs: 12 * 3_600_000 },
  }) as unknown as Hono;
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await feed?.close();
  await receiver?.close();
  await t?.close();
});

async function join(teamId: string, email: string, role: "owner" | "viewer"): Promise<FormClient> {
  const token = await t.invite(teamId, email, role);
  const client = new FormClient((request) => {
    const { pathname } = new URL(request.url);
    return pathname.startsWith("/dashboard") ? Promise.resolve(dashboard.fetch(request)) : t.fetch(request);
  });
  expect((await client.get(`/dashboard/invite/${token}`)).status).toBe(303);
  expect((await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
  return client;
}

function cookieOf(client: FormClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

async function postRaw(client: FormClient, path: string, body: string): Promise<Response> {
  const cookie = [...client.cookies].map(([n, v]) => `${n}=${v}`).join("; ");
  return dashboard.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method: "POST",
      headers: { cookie, origin: "http://127.0.0.1", "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
  );
}

describe("the webhooks portal", () => {
  it("states the delivery worker's retry window and disabling time as configured, the defaults on another app", async () => {
    const { teamId } = await t.createTeam("provider", "Settings Energy");
    const owner = await join(teamId, "owner@settings.example", "owner");
    const base = `/dashboard/teams/${teamId}/webhooks`;
    expect(await (await owner.get(base)).text()).toContain("retried for 61 minutes until");
    const created = await t.marketplace.webhooks.create(
      { teamId, role: "provider", apiKeyId: "00000000-0000-4000-8000-000000000000" },
      { url: "https://hooks.example.com/settings", events: ["order.created"] },
    );
    await t.database.pool.query(
      "update webhooks set is_active = false, disabled_reason = 'failing', disabled_at = now() where id = $1",
      [created.id],
    );
    expect(await (await owner.get(base)).text()).toContain("Disabled: every attempt failed for 12 hours");

    const defaults = await t.fetch(new Request(`http://127.0.0.1${base}`, { headers: { cookie: cookieOf(owner) } }));
    expect(await defaults.text()).toContain("retried for 3 days until");
  });

  it("registers, shows the secret once, refuses bad input beside the field, and audits", async () => {
    const { teamId } = await t.createTeam("provider", "Portal Energy");
    const owner = await join(teamId, "owner@portal.example", "owner");
    const base = `/dashboard/teams/${teamId}/webhooks`;

    const empty = await owner.get(base);
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("No endpoint yet.");

    const bad = await postRaw(owner, base, "url=ftp%3A%2F%2Fnope&events=order.created");
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/id="field-url-error">Url must be an https URL/);
    expect(badHtml).toContain('value="ftp://nope"');
    const unknown = await postRaw(owner, base, `url=${encodeURIComponent(`${receiver.url}/hook`)}&events=order.nope`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Choose one or more of the listed events.");
    expect(await t.marketplace.webhookPortal.endpoints(teamId, operator())).toHaveLength(0);

    const created = await postRaw(
      owner,
      base,
      `url=${encodeURIComponent(`${receiver.url}/hook`)}&events=order.created&events=order.item.created`,
    );
    expect(created.status).toBe(200);
    const createdHtml = await created.text();
    const secret = /<code id="new-secret">(whsec_[^<]+)<\/code>/.exec(createdHtml)?.[1];
    expect(secret).toBeDefined();
    const list = await (await owner.get(base)).text();
    expect(list).toContain(`${receiver.url}/hook`);
    expect(list).not.toContain(secret as string);
    expect(list).not.toContain("portal-theme");

    const catalog = await owner.get(`${base}/event-catalog`);
    expect(catalog.status).toBe(200);
    const catalogHtml = await catalog.text();
    for (const type of ["order.created", "order.consent_revoked", "webhook.test"]) expect(catalogHtml).toContain(type);
    expect(catalogHtml).toContain("JSON Schema of data");
    expect(catalogHtml).toContain("&quot;revokedVia&quot;");

    const audit = await (await owner.get(`/dashboard/teams/${teamId}/audit-log`)).text();
    expect(audit).toContain("Added a webhook endpoint");
  });

  it("logs attempts with filters, opens one, resends it, shows the order's timeline; viewers only read", async () => {
    const { teamId } = await t.createTeam("provider", "Log Energy");
    const owner = await join(teamId, "owner@log.example", "owner");
    const viewer = await join(teamId, "viewer@log.example", "viewer");
    const webhook = await t.marketplace.webhookPortal.create(
      teamId,
      { url: `${receiver.url}/log`, events: ["order.item.created"] },
      operator(),
      { allowLoopback: true },
    );
    const orderId = crypto.randomUUID();
    const event = await recordEvent(t.database, {
      type: "order.item.created",
      data: { orderId, orderItemId: crypto.randomUUID() },
      providerTeamIds: [teamId],
    });
    const repositories = new PostgresUnitOfWork({ db: t.database.db }).repositories;
    receiver.reply((request) =>
      request.path === "/log" ? { status: 500, body: '{"error":"down"}' } : { status: 200 },
    );
    await deliverEvent(
      { eventId: event.id, attempt: 1, trigger: "event" },
      { webhooks: repositories.webhooks, deliveries: repositories.webhookDeliveries, transport },
    );
    const base = `/dashboard/teams/${teamId}/webhooks`;

    const failed = await owner.get(`${base}/deliveries?outcome=failed&statusCode=500&trigger=automatic`);
    expect(failed.status).toBe(200);
    const failedHtml = await failed.text();
    const attemptId = new RegExp(`${base}/deliveries/([0-9a-f-]{36})`).exec(failedHtml)?.[1] as string;
    expect(attemptId).toBeDefined();
    expect(await (await owner.get(`${base}/deliveries?outcome=succeeded`)).text()).toContain("No attempt matches.");
    const badFilter = await owner.get(`${base}/deliveries?statusCode=abc&orderId=42`);
    expect(badFilter.status).toBe(400);
    expect(await badFilter.text()).toContain("Must be an HTTP status from 100 to 599");

    const page = await (await owner.get(`${base}/deliveries/${attemptId}`)).text();
    expect(page).toContain("Failed (500)");
    expect(page).toContain("X-Service-Signature: t=");
    expect(page).toContain(`&quot;orderId&quot;: &quot;${orderId}&quot;`);
    expect(page).toContain("Next retry");

    receiver.reply(() => ({ status: 200, body: "ok" }));
    const resent = await owner.post(`${base}/deliveries/${attemptId}/resend`, {});
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain("is sent again");
    expect(await viewer.post(`${base}/deliveries/${attemptId}/resend`, {}).then((r) => r.status)).toBe(403);
    expect(
      await viewer.post(base, { url: "https://example.com/h", events: "order.created" }).then((r) => r.status),
    ).toBe(403);
    const viewerList = await (await viewer.get(base)).text();
    expect(viewerList).toContain("Your role can see the endpoints but not change them.");

    // A test of any type: an example payload of the type, marked training, to this endpoint alone.
    const sample = await owner.post(`${base}/${webhook.id}/test`, { eventType: "order.cancelled" });
    expect(await sample.text()).toContain("A test order.cancelled event");
    expect((await owner.post(`${base}/${webhook.id}/test`, { eventType: "order.nope" })).status).toBe(400);
    const tests = await t.marketplace.webhookPortal.attempts(
      teamId,
      { trigger: "test" },
      { kind: "page", limit: 5, after: null },
      operator(),
    );
    expect(Array.isArray(tests) ? tests : tests.data).toHaveLength(0); // queued only: no worker runs here

    const timeline = await (await owner.get(`${base}/orders/${orderId}`)).text();
    expect(timeline).toContain("order.item.created");
    expect(timeline).toContain(`${base}/deliveries/${attemptId}`);

    // Another team's attempt and endpoint are not found.
    const { teamId: otherTeam } = await t.createTeam("provider", "Other Energy");
    const other = await join(otherTeam, "owner@other.example", "owner");
    expect((await other.get(`/dashboard/teams/${otherTeam}/webhooks/deliveries/${attemptId}`)).status).toBe(404);
    expect((await other.get(`/dashboard/teams/${otherTeam}/webhooks/${webhook.id}`)).status).toBe(404);
    expect((await other.post(`/dashboard/teams/${otherTeam}/webhooks/${webhook.id}/delete`, {})).status).toBe(404);
    expect(await t.marketplace.webhookPortal.endpoint(teamId, webhook.id, operator())).toBeDefined();

    // Recovery: a window older than 30 days is refused beside the field; a dry run counts first.
    const old = await owner.post(`${base}/${webhook.id}/recover`, { since: "2020-01-01T00:00", dryRun: "true" });
    expect(old.status).toBe(400);
    expect(await old.text()).toMatch(/id="field-since-error">Since must be within the retention window of 30 days/);
    // No worker runs here: the recovery stays in progress, and a second one is refused.
    const since = new Date(Date.now() - 60 * 60 * 1000).toISOString().slice(0, 16);
    const counted = await owner.post(`${base}/${webhook.id}/recover`, { since, dryRun: "true" });
    expect(await counted.text()).toContain("1 events since");
    const started = await owner.post(`${base}/${webhook.id}/recover`, { since: `${since}:00.000Z` });
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe(`${base}/${webhook.id}/recovery`);
    const progress = await (await owner.get(`${base}/${webhook.id}/recovery`)).text();
    expect(progress).toContain("Recovering: 0 of 1 events sent.");
    expect(progress).toContain('<meta http-equiv="refresh" content="2"/>');
    const twice = await owner.post(`${base}/${webhook.id}/recover`, { since: `${since}:00.000Z` });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("A recovery of this endpoint is still running");
  });
});

describe("the live tail", () => {
  it("streams a new attempt to every viewer of the team through one feed subscription", async () => {
    const { teamId } = await t.createTeam("provider", "Live Energy");
    const owner = await join(teamId, "owner@live.example", "owner");
    const viewer = await join(teamId, "viewer@live.example", "viewer");
    await t.marketplace.webhookPortal.create(
      teamId,
      { url: `${receiver.url}/live`, events: ["order.created"] },
      operator(),
      { allowLoopback: true },
    );
    const base = `/dashboard/teams/${teamId}/webhooks/deliveries`;
    const pageHtml = await (await owner.get(base)).text();
    expect(pageHtml).toContain(`data-live="${base}/live"`);
    const streams = await Promise.all([owner.get(`${base}/live`), viewer.get(`${base}/live`)]);
    for (const stream of streams) {
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toContain("text/event-stream");
    }
    const readers = streams.map((s) => (s.body as ReadableStream<Uint8Array>).getReader());
    const received = readers.map((reader) => readUntil(reader, "event: attempt"));
    receiver.reply(() => ({ status: 200, body: "ok" }));
    const event = await recordEvent(t.database, { type: "order.created", providerTeamIds: [teamId] });
    const repositories = new PostgresUnitOfWork({ db: t.database.db }).repositories;
    await deliverEvent(
      { eventId: event.id, attempt: 1, trigger: "event" },
      { webhooks: repositories.webhooks, deliveries: repositories.webhookDeliveries, transport },
    );
    const texts = await Promise.all(received);
    for (const text of texts) {
      expect(text).toContain("event: attempt");
      expect(text).toContain("Delivered (200)");
      expect(text).toContain(`${receiver.url}/live`);
    }
    for (const reader of readers) await reader.cancel();
    expect(subscriptions).toBe(1);
  });
});

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, marker: string): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 10_000;
  while (!text.includes(marker) || !text.slice(text.indexOf(marker)).includes("\n\n")) {
    if (Date.now() > deadline) throw new Error(`no ${marker} in: ${text}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  return text;
}

function operator() {
  return { actor: { type: "operator" as const, id: null, label: "operator" }, member: null, ip: null, userAgent: null };
}
