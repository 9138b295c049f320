import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ALL_TYPES,
  badRequest,
  createWebhook,
  FULL_SECRET,
  ISO,
  masked,
  RESELLER_TYPES,
  setupWebhooksApp,
  t,
  URL_A,
  UUID_V4,
  type WebhookJson,
} from "../../../test/helpers/http/webhooks.ts";

setupWebhooksApp();

describe("POST /{side}/webhooks", () => {
  it("registers a webhook and shows the full secret in the 201 response only", async () => {
    const { apiKey } = await t.createTeam("provider");
    const before = Date.now();
    const res = await t.request("POST", "/provider/webhooks", {
      key: apiKey,
      body: { url: URL_A, events: ["order.created", "order.item.created"] },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const created = (await res.json()) as WebhookJson;
    expect(created).toEqual({
      id: expect.stringMatching(UUID_V4),
      url: URL_A,
      events: ["order.created", "order.item.created"],
      isActive: true,
      signatureScheme: "service",
      secret: expect.stringMatching(FULL_SECRET),
      previousSecretExpiresAt: null,
      disabledReason: null,
      disabledAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: created.createdAt,
    });
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const expected = { ...created, secret: masked(created.secret) };
    expect(expected.secret).toMatch(/^whsec_••••[A-Za-z0-9_-]{4}$/);
    const one = await t.request("GET", `/provider/webhooks/${created.id}`, { key: apiKey });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(expected);
    const list = await t.request("GET", "/provider/webhooks", { key: apiKey });
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual([expected]);
    expect(JSON.stringify(await (await t.request("GET", "/provider/webhooks", { key: apiKey })).json())).not.toContain(
      created.secret,
    );
  });

  it("registers a Standard Webhooks webhook: the scheme shown everywhere, a standard base64 secret, rotated in kind", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, { url: URL_A, events: ["order.created"], signatureScheme: "standard" });
    expect(created).toMatchObject({ signatureScheme: "standard", isActive: true });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const one = await t.request("GET", `/provider/webhooks/${created.id}`, { key: apiKey });
    expect(await one.json()).toMatchObject({ signatureScheme: "standard", secret: masked(created.secret) });
    const rotated = await t.request("POST", `/provider/webhooks/${created.id}/rotate-secret`, { key: apiKey });
    expect(rotated.status).toBe(200);
    const body = await rotated.json();
    expect(body.signatureScheme).toBe("standard");
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // Explicitly asking for the default is the default.
    const service = await createWebhook(apiKey, { url: URL_A, events: ["order.created"], signatureScheme: "service" });
    expect(service.signatureScheme).toBe("service");
    expect(service.secret).toMatch(FULL_SECRET);
  });

  it("gives every webhook its own secret", async () => {
    const { apiKey } = await t.createTeam("provider");
    const a = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    const b = await createWebhook(apiKey, { url: URL_A, events: ["order.created"] });
    expect(a.secret).not.toBe(b.secret);
  });

  it("accepts isActive false, removes duplicate event types and trims the url", async () => {
    const { apiKey } = await t.createTeam("provider");
    const created = await createWebhook(apiKey, {
      url: `  ${URL_A}  `,
      events: ["order.cancelled", "order.created", "order.cancelled"],
      isActive: false,
    });
    expect(created).toMatchObject({ url: URL_A, events: ["order.cancelled", "order.created"], isActive: false });
  });

  it("lets providers subscribe to every type, consent types included", async () => {
    const { apiKey } = await t.createTeam("provider");
    const types = ALL_TYPES.split(", ");
    expect((await createWebhook(apiKey, { url: URL_A, events: types })).events).toEqual(types);
  });

  it.each([
    [{ url: "http://hooks.example.com/x", events: ["order.created"] }, ["url must be an https URL"]],
    [{ url: "http://127.0.0.1:8080/x", events: ["order.created"] }, ["url must be an https URL"]],
    [{ url: "ftp://hooks.example.com/x", events: ["order.created"] }, ["url must be an https URL"]],
    [{ url: "not a url", events: ["order.created"] }, ["url must be a valid URL"]],
    [{ url: "https://a.example/\u0000", events: ["order.created"] }, ["url must not contain NUL characters"]],
    [
      { url: `https://a.example/${"x".repeat(2048)}`, events: ["order.created"] },
      ["url must be at most 2048 characters"],
    ],
    [{ events: ["order.created"] }, ["url is required"]],
    [{ url: 5, events: ["order.created"] }, ["url must be a string"]],
    [{ url: URL_A }, ["events is required"]],
    [{ url: URL_A, events: "order.created" }, ["events must be an array"]],
    [{ url: URL_A, events: [] }, ["events must contain at least 1 element"]],
    [{ url: URL_A, events: [7] }, ["events.0 must be a string"]],
    [
      { url: URL_A, events: ["order.created", "order.shipped"] },
      [`events.1 must be one of the following values: ${ALL_TYPES}`],
    ],
    [{ url: URL_A, events: ["webhook.test"] }, [`events.0 must be one of the following values: ${ALL_TYPES}`]],
    [{ url: URL_A, events: ["order.created"], isActive: "yes" }, ["isActive must be a boolean"]],
    [
      { url: URL_A, events: ["order.created"], signatureScheme: "stripe" },
      ["signatureScheme must be one of the following values: service, standard"],
    ],
    [
      { url: URL_A, events: ["order.created"], signatureScheme: null },
      ["signatureScheme must be one of the following values: service, standard"],
    ],
    [
      { url: URL_A, events: ["order.created"], secret: "mine", id: randomUUID() },
      ["property secret should not exist", "property id should not exist"],
    ],
    [
      { url: "http://x.example", events: ["nope"] },
      ["url must be an https URL", `events.0 must be one of the following values: ${ALL_TYPES}`],
    ],
  ])("answers 400 for %j", async (body, message) => {
    const { apiKey } = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/webhooks", { key: apiKey, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest(...message));
    expect(await (await t.request("GET", "/provider/webhooks", { key: apiKey })).json()).toEqual([]);
  });

  it("rejects consent event types for resellers at validation", async () => {
    const { apiKey } = await t.createTeam("reseller");
    for (const type of ["order.consent_recorded", "order.consent_revoked"]) {
      const res = await t.request("POST", "/reseller/webhooks", {
        key: apiKey,
        body: { url: URL_A, events: ["order.created", type] },
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(badRequest(`events.1 must be one of the following values: ${RESELLER_TYPES}`));
    }
    const ok = await createWebhook(apiKey, { url: URL_A, events: RESELLER_TYPES.split(", ") }, "reseller");
    expect(ok.events).toEqual(RESELLER_TYPES.split(", "));
  });

  it("answers 415 for a body that is not JSON and 401/403 before validation", async () => {
    const { apiKey } = await t.createTeam("provider");
    const text = await t.request("POST", "/provider/webhooks", {
      key: apiKey,
      body: "url=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect((await t.request("POST", "/provider/webhooks", { body: { bad: true } })).status).toBe(401);
    const reseller = await t.createTeam("reseller");
    const provider = await t.createTeam("provider");
    const forbidden = await t.request("POST", "/provider/webhooks", { key: reseller.apiKey, body: { bad: true } });
    expect(forbidden.status).toBe(403);
    expect((await t.request("GET", "/reseller/webhooks", { key: provider.apiKey })).status).toBe(403);
  });
});

describe("a hybrid team", () => {
  it("sees the same webhooks under /provider and /reseller and may subscribe to every type on both", async () => {
    const { apiKey } = await t.createTeam("hybrid");
    const viaProvider = await createWebhook(apiKey, { url: URL_A, events: ["order.consent_recorded"] });
    const viaReseller = await createWebhook(
      apiKey,
      { url: URL_A, events: ["order.created", "order.consent_revoked"] },
      "reseller",
    );
    const provider = await (await t.request("GET", "/provider/webhooks", { key: apiKey })).json();
    const reseller = await (await t.request("GET", "/reseller/webhooks", { key: apiKey })).json();
    expect(provider).toEqual(reseller);
    expect(provider.map((w: WebhookJson) => w.id)).toEqual([viaReseller.id, viaProvider.id]);
    const crossed = await t.request("GET", `/reseller/webhooks/${viaProvider.id}`, { key: apiKey });
    expect(crossed.status).toBe(200);
  });
});
