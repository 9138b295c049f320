import type { Hono } from "hono";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDashboardTestApp,
  DASHBOARD_ADMIN_TOKEN,
  type DashboardTestApp,
  FormClient,
} from "../../../../../test/helpers/dashboard.ts";
import { capturingLogger } from "../../../../../test/helpers/delivery.ts";
import { createDashboard } from "../../create-dashboard.tsx";

// Portal links (issue 29 item 7) over real PostgreSQL: the admin API issues and revokes them, the
// dashboard opens them once into a session limited to the webhooks pages and its capabilities.

const FRAMER = "https://app.operator.example";
const log = capturingLogger();
let t: DashboardTestApp;
let dashboard: Hono;

beforeAll(async () => {
  t = await createDashboardTestApp();
  dashboard = createDashboard({
    marketplace: t.marketplace,
    basePath: "/dashboard",
    secureCookies: false,
    portalFrameAncestors: [FRAMER],
    portalTheme: { accent: "#7a1fa2" },
    logger: log.logger,
  }) as unknown as Hono;
});
afterAll(() => t?.close());

function operator() {
  return { actor: { type: "operator" as const, id: null, label: "operator" }, member: null, ip: null, userAgent: null };
}

describe("portal links", () => {
  const admin = (method: string, path: string, body?: unknown) =>
    t.fetch(
      new Request(`http://127.0.0.1/admin${path}`, {
        method,
        headers: {
          authorization: `Bearer ${DASHBOARD_ADMIN_TOKEN}`,
          ...(body !== undefined && { "content-type": "application/json" }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );
  const visitor = () =>
    new FormClient((request) => {
      const { pathname } = new URL(request.url);
      return pathname.startsWith("/dashboard") ? Promise.resolve(dashboard.fetch(request)) : t.fetch(request);
    });

  it("opens once a session limited to the webhooks pages and its capabilities, framable by the operator", async () => {
    const { teamId } = await t.createTeam("provider", "Framed Energy");
    const webhook = await t.marketplace.webhookPortal.create(
      teamId,
      { url: "https://hooks.framed.example/h", events: ["order.created"] },
      operator(),
    );
    const bad = await admin("POST", `/teams/${teamId}/portal-links`, { capabilities: ["nope"], sessionLabel: "x" });
    expect(bad.status).toBe(400);
    expect((await admin("POST", `/teams/${crypto.randomUUID()}/portal-links`, { sessionLabel: "x" })).status).toBe(404);

    const issued = await admin("POST", `/teams/${teamId}/portal-links`, {
      capabilities: ["manage_endpoints", "replay"],
      readOnly: true,
      expiresIn: 600,
      sessionLabel: "user-42",
    });
    expect(issued.status).toBe(201);
    const { url, expiresAt } = (await issued.json()) as { url: string; expiresAt: string };
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1\/dashboard\/portal\/mp_[A-Za-z0-9_-]{43}$/);
    expect(Math.round((Date.parse(expiresAt) - Date.now()) / 1000)).toBeGreaterThan(590);

    const client = visitor();
    const opened = await client.get(new URL(url).pathname);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/dashboard/teams/${teamId}/webhooks`);
    const page = await client.get(`/dashboard/teams/${teamId}/webhooks`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain(`frame-ancestors ${FRAMER}`);
    expect(page.headers.get("x-frame-options")).toBeNull();
    const html = await page.text();
    expect(html).toContain("https://hooks.framed.example/h");
    expect(html).not.toContain("API keys");
    expect(html).not.toContain("Add endpoint");
    // The operator's theme: a stylesheet of its own, for portal sessions only.
    const themeHref = /<link rel="stylesheet" href="(\/dashboard\/assets\/portal-theme\.[0-9a-f]{12}\.css)"/.exec(
      html,
    )?.[1];
    expect(themeHref).toBeDefined();
    expect(await (await client.get(themeHref as string)).text()).toContain("--accent:#7a1fa2");

    // Read-only: every action and every other page is refused, and logged.
    for (const [path, fields] of [
      [`/dashboard/teams/${teamId}/webhooks`, { url: "https://x.example/h", events: "order.created" }],
      [`/dashboard/teams/${teamId}/webhooks/${webhook.id}/delete`, {}],
      [`/dashboard/teams/${teamId}/webhooks/${webhook.id}/recover`, { since: "2026-11-27T00:00", dryRun: "true" }],
    ] as const) {
      expect((await client.post(path, fields)).status, path).toBe(403);
    }
    expect((await client.get(`/dashboard/teams/${teamId}/api-keys`)).status).toBe(403);
    expect((await client.get(`/dashboard/teams/${teamId}`)).status).toBe(403);
    expect(log.lines.filter((l) => l.message === "portal request refused").length).toBeGreaterThanOrEqual(5);
    expect(await t.marketplace.webhookPortal.endpoint(teamId, webhook.id, operator())).toBeDefined();

    // Single use: opening it again is refused; so is an expired link.
    expect((await visitor().get(new URL(url).pathname)).status).toBe(410);
    const second = (await (
      await admin("POST", `/teams/${teamId}/portal-links`, { sessionLabel: "user-43" })
    ).json()) as { url: string };
    await sql`update portal_links set expires_at = now() - interval '1 second' where session_label = 'user-43'`.execute(
      t.database.db,
    );
    expect((await visitor().get(new URL(second.url).pathname)).status).toBe(410);

    // Revoked by label: the session ends at once.
    const revoked = await admin("DELETE", `/teams/${teamId}/portal-links?sessionLabel=user-42`);
    expect(await revoked.json()).toEqual({ revoked: 1 });
    const after = await client.get(`/dashboard/teams/${teamId}/webhooks`);
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe("/dashboard/sign-in");
  });

  it("grants exactly its capabilities: replay without manage, secrets hidden without view_secrets", async () => {
    const { teamId } = await t.createTeam("provider", "Replay Energy");
    const webhook = await t.marketplace.webhookPortal.create(
      teamId,
      { url: "https://hooks.replay.example/h", events: ["order.created"] },
      operator(),
    );
    const issued = (await (
      await admin("POST", `/teams/${teamId}/portal-links`, {
        capabilities: ["rotate_secrets", "send_tests"],
        sessionLabel: "ops",
      })
    ).json()) as { url: string };
    const client = visitor();
    await client.get(new URL(issued.url).pathname);
    const endpoint = await (await client.get(`/dashboard/teams/${teamId}/webhooks/${webhook.id}`)).text();
    expect(endpoint).toContain("Rotate secret");
    expect(endpoint).toContain("Send a test event");
    expect(endpoint).not.toContain("Delete endpoint");
    expect(endpoint).not.toContain("Count events");
    const rotated = await client.post(`/dashboard/teams/${teamId}/webhooks/${webhook.id}/rotate`, {
      overlapSeconds: "0",
    });
    expect(rotated.status).toBe(200);
    const rotatedHtml = await rotated.text();
    expect(rotatedHtml).toContain("this session may not see secrets");
    expect(rotatedHtml).not.toMatch(/whsec_[A-Za-z0-9+/_=-]{8}/);
    expect((await client.post(`/dashboard/teams/${teamId}/webhooks/${webhook.id}/test`, {})).status).toBe(200);
    expect((await client.post(`/dashboard/teams/${teamId}/webhooks/${webhook.id}/pause`, {})).status).toBe(403);
    const audit = await t.marketplace.members.auditLog(teamId, {}, { kind: "page", limit: 10, after: null });
    const entries = Array.isArray(audit) ? audit : audit.data;
    expect(entries.map((e) => [e.action, e.actor.label])).toContainEqual([
      "webhook.secret_rotated",
      "portal session ops",
    ]);
  });
});
