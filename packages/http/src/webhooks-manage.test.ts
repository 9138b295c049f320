import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  badRequest,
  createWebhook,
  FULL_SECRET,
  ISO,
  masked,
  notFound,
  RESELLER_TYPES,
  setupWebhooksApp,
  t,
  URL_A,
  type WebhookJson,
} from "../../../test/helpers/http/webhooks.ts";

setupWebhooksApp();

describe("GET /{side}/webhooks", () => {
  it("lists only the team's own webhooks, newest first, and paginates", async () => {
    const { apiKey } = await t.createTeam("reseller");
    const other = await t.createTeam("reseller");
    await createWebhook(other.apiKey, { url: URL_A, events: ["order.created"] }, "reseller");
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.unshift((await createWebhook(apiKey, { url: `${URL_A}/${i}`, events: ["order.created"] }, "reseller")).id);
    }
    const all = await (await t.request("GET", "/reseller/webhooks", { key: apiKey })).json();
    expect(all.map((w: WebhookJson) => w.id)).toEqual(ids);
    const first = await (await t.request("GET", "/reseller/webhooks?limit=2", { key: apiKey })).json();
    expect(first.data.map((w: WebhookJson) => w.id)).toEqual(ids.slice(0, 2));
    expect(first.hasMore).toBe(true);
    expect(first.data[0].secret).toMatch(/^whsec_••••/);
    const second = await (
      await t.request("GET", `/reseller/webhooks?limit=2&cursor=${first.nextCursor}`, { key: apiKey })
    ).json();
    expect(second).toEqual({ data: [all[2]], hasMore: false, nextCursor: null });
    const unknown = await t.request("GET", "/reseller/webhooks?active=true", { key: apiKey });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual(badRequest("property active should not exist"));
  });
});

describe("PATCH /{side}/webhooks/{id}", () => {
  it("changes only the fields sent, and false pauses without deleting", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const paused = await t.request("PATCH", `/provider/webhooks/${created.id}`, {
      key: apiKey,
      body: { isActive: false },
    });
    expect(paused.status).toBe(200);
    const body = (await paused.json()) as WebhookJson;
    expect(body).toEqual({
      ...created,
      isActive: false,
      secret: masked(created.secret),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const changed = await t.request("PATCH", `/provider/webhooks/${created.id}`, {
      key: apiKey,
      body: { url: "https://other.example/hook", events: ["order.cancelled", "order.consent_revoked"], isActive: true },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({
      id: created.id,
      url: "https://other.example/hook",
      events: ["order.cancelled", "order.consent_revoked"],
      isActive: true,
      secret: masked(created.secret),
    });
    const unchanged = await t.request("PATCH", `/provider/webhooks/${created.id}`, { key: apiKey, body: {} });
    expect(unchanged.status).toBe(200);
    expect(await unchanged.json()).toMatchObject({ url: "https://other.example/hook", isActive: true });
  });

  it("validates like creation and writes nothing on 400", async () => {
    const { apiKey } = await t.createTeam("reseller");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] }, "reseller");
    const cases: Array<[unknown, string[]]> = [
      [{ url: "http://insecure.example" }, ["url must be an https URL"]],
      [{ events: ["order.consent_recorded"] }, [`events.0 must be one of the following values: ${RESELLER_TYPES}`]],
      [{ events: [] }, ["events must contain at least 1 element"]],
      [{ isActive: null }, ["isActive must be a boolean"]],
      [{ secret: "whsec_x" }, ["property secret should not exist"]],
      [{ signatureScheme: "standard" }, ["property signatureScheme should not exist"]],
      [{ id: created.id, url: URL_A }, ["property id should not exist"]],
    ];
    for (const [body, message] of cases) {
      const res = await t.request("PATCH", `/reseller/webhooks/${created.id}`, { key: apiKey, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual(badRequest(...message));
    }
    const after = await (await t.request("GET", `/reseller/webhooks/${created.id}`, { key: apiKey })).json();
    expect(after).toEqual({ ...created, secret: masked(created.secret) });
  });
});

describe("DELETE /{side}/webhooks/{id}", () => {
  it("answers 200 with no body, after which the webhook is gone", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const res = await t.request("DELETE", `/provider/webhooks/${created.id}`, { key: apiKey });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
    const again = await t.request("DELETE", `/provider/webhooks/${created.id}`, { key: apiKey });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual(notFound(created.id));
    expect((await t.request("GET", `/provider/webhooks/${created.id}`, { key: apiKey })).status).toBe(404);
    expect(await (await t.request("GET", "/provider/webhooks", { key: apiKey })).json()).toEqual([]);
  });
});

describe("another team's webhook", () => {
  it("is 404 on every route, with the same body as a missing one, and stays untouched", async () => {
    const owner = await t.createTeam("provider");
    const stranger = await t.createTeam("hybrid");
    const created = await createWebhook(owner.apiKey, { url: URL_A, events: ["order.created"] });
    const missing = randomUUID();
    for (const id of [created.id, missing, "not-a-uuid"]) {
      const calls: Array<[string, string, unknown?]> = [
        ["GET", `/provider/webhooks/${id}`],
        ["GET", `/reseller/webhooks/${id}`],
        ["PATCH", `/provider/webhooks/${id}`, { isActive: false }],
        ["DELETE", `/provider/webhooks/${id}`],
        ["GET", `/provider/webhooks/${id}/deliveries`],
        ["POST", `/provider/webhooks/${id}/rotate-secret`],
        ["POST", `/provider/webhooks/${id}/test`],
        ["POST", `/provider/webhooks/${id}/deliveries/${randomUUID()}/redeliver`],
      ];
      for (const [method, path, body] of calls) {
        const res = await t.request(method, path, { key: stranger.apiKey, ...(body === undefined ? {} : { body }) });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(await res.json()).toEqual(notFound(id));
      }
    }
    const still = await (await t.request("GET", `/provider/webhooks/${created.id}`, { key: owner.apiKey })).json();
    expect(still).toEqual({ ...created, secret: masked(created.secret) });
  });
});

describe("POST /{side}/webhooks/{id}/rotate-secret", () => {
  it("issues a new full secret once and keeps the old one valid for 24 hours by default", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const before = Date.now();
    const res = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, { key: apiKey });
    expect(res.status).toBe(200);
    const rotated = (await res.json()) as WebhookJson;
    expect(rotated).toEqual({
      ...created,
      secret: expect.stringMatching(FULL_SECRET),
      previousSecretExpiresAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    expect(rotated.secret).not.toBe(created.secret);
    const overlapEnd = Date.parse(rotated.previousSecretExpiresAt as string);
    expect(overlapEnd).toBeGreaterThanOrEqual(before + 86_400_000 - 1000);
    expect(overlapEnd).toBeLessThanOrEqual(Date.now() + 86_400_000 + 1000);
    const shown = await (await t.request("GET", `/provider/webhooks/${created.id}`, { key: apiKey })).json();
    expect(shown.secret).toBe(masked(rotated.secret));
    const row = await t.database.db
      .selectFrom("webhooks")
      .select(["secret", "previous_secret"])
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ secret: rotated.secret, previous_secret: created.secret });
  });

  it("takes an optional overlap: 0 ends the old secret at once", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const res = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, {
      key: apiKey,
      body: { overlapSeconds: 0 },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).previousSecretExpiresAt).toBeNull();
    const hour = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, {
      key: apiKey,
      body: { overlapSeconds: 3600 },
    });
    const overlapEnd = Date.parse((await hour.json()).previousSecretExpiresAt);
    expect(Math.abs(overlapEnd - (Date.now() + 3_600_000))).toBeLessThan(5000);
    for (const [body, message] of [
      [{ overlapSeconds: -1 }, "overlapSeconds must not be less than 0"],
      [{ overlapSeconds: 604_801 }, "overlapSeconds must not be greater than 604800"],
      [{ overlapSeconds: 1.5 }, "overlapSeconds must be an integer"],
      [{ overlap: 10 }, "property overlap should not exist"],
    ] as const) {
      const bad = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, { key: apiKey, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(await bad.json()).toEqual(badRequest(message));
    }
  });
});

describe("createApp({ allowLoopbackWebhooks: true })", () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await createTestApp({ allowLoopbackWebhooks: true });
  });
  afterAll(() => local.close());

  it("also accepts http:// to localhost, 127.0.0.1 and [::1], and nothing else over http", async () => {
    const { apiKey } = await local.createTeam("provider");
    for (const url of ["http://127.0.0.1:9000/hook", "http://localhost/hook", "http://[::1]:8080/"]) {
      const res = await local.request("POST", "/provider/webhooks", {
        key: apiKey,
        body: { url, events: ["order.created"] },
      });
      expect(res.status, url).toBe(201);
    }
    for (const url of ["http://example.com/hook", "http://10.0.0.1/hook", "http://127.0.0.1.nip.io/hook"]) {
      const res = await local.request("POST", "/provider/webhooks", {
        key: apiKey,
        body: { url, events: ["order.created"] },
      });
      expect(res.status, url).toBe(400);
      expect(await res.json()).toEqual(badRequest("url must be an https URL"));
    }
  });
});

describe("the OpenAPI document", () => {
  it("documents every webhook operation on both sides with the key, 401, 403 and 404", async () => {
    const doc = await (await t.request("GET", "/openapi.json")).json();
    const operations = Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>)
      .filter(([path]) => /^\/(provider|reseller)\/webhooks/.test(path))
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ label: `${method} ${path}`, op })));
    expect(operations).toHaveLength(20); // 10 operations (recover included) on each side
    for (const { label, op } of operations) {
      expect(op.security, label).toEqual([{ apiKey: [] }]);
      for (const status of ["400", "401", "403", "500"]) expect(op.responses, label).toHaveProperty(status);
      if (label.includes("{")) expect(op.responses, label).toHaveProperty("404");
    }
    for (const path of ["/provider/webhooks", "/reseller/webhooks/{id}/deliveries"]) {
      const names = (doc.paths[path].get.parameters as Array<{ in: string; name: string }>)
        .filter((p) => p.in === "query")
        .map((p) => p.name)
        .sort();
      expect(names, path).toEqual(["cursor", "limit"]);
    }
    const webhook = doc.components.schemas.Webhook;
    const created = await createWebhook((await t.createTeam("provider")).apiKey, {
      url: URL_A,
      events: ["order.created"],
    });
    expect([...webhook.required].sort()).toEqual(Object.keys(created).sort());
    expect(doc.components.schemas.WebhookDelivery.required).toContain("statusCode");
  });
});
