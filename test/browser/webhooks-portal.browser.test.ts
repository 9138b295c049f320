import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import {
  createPool,
  PostgresApiKeyChangeFeed,
  PostgresUnitOfWork,
  PostgresWebhookAttemptFeed,
  pingDatabase,
} from "@marketplace/adapters-postgres";
import { createMarketplace, type Marketplace, operatorCaller } from "@marketplace/core";
import { verifySignature } from "@marketplace/core/signing";
import { argon2idPasswordHasher, createDashboard } from "@marketplace/dashboard";
import { createApp } from "@marketplace/http";
import { type DeliveryWorker, runDeliveryWorker } from "@marketplace/worker";
import { type Browser, chromium, type Page } from "@playwright/test";
import { sql } from "kysely";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_FLAGS } from "../helpers/chromium.ts";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";
import { freePort } from "../helpers/free-port.ts";
import { expectAccessible } from "../helpers/page-checks.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

// The webhooks portal (issue 29) in Debian's Chromium over the reference composition: API and
// dashboard on real PostgreSQL, the delivery worker, a real receiver started here. The walk: register
// an endpoint, place an order through the API and see its attempt arrive live, make the receiver
// fail and read the failed attempt, fix it and resend, recover since T (count, progress, arrival),
// rotate the secret (both signatures accepted during the overlap), and a viewer refused every action.
// axe checks each page at WCAG 2.2 AA; screenshots light and dark go to test-results/webhooks-portal/.

const SHOTS = fileURLToPath(new URL("../../test-results/webhooks-portal/", import.meta.url));
const PASSWORD = "tangerine kettle mountain 42";
const ADMIN_TOKEN = "portal-admin-token-0123456789";
const CUSTOMER = { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };

let database: TestDatabase;
let marketplace: Marketplace;
let changes: PostgresApiKeyChangeFeed;
let attempts: PostgresWebhookAttemptFeed;
let workerPool: pg.Pool;
let worker: DeliveryWorker;
let receiver: WebhookReceiver;
let server: ReturnType<typeof serve>;
let base: string;
let browser: Browser;
let provider: { teamId: string; key: string };
let reseller: { key: string };
let offerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  changes = await PostgresApiKeyChangeFeed.start({ pool: database.pool });
  attempts = await PostgresWebhookAttemptFeed.start({ pool: database.pool });
  marketplace = createMarketplace({
    unitOfWork: new PostgresUnitOfWork({ db: database.db }),
    apiKeyCache: { changes },
    members: { passwordHasher: argon2idPasswordHasher({ memorySize: 1024, iterations: 1 }) },
  });
  const api = createApp({
    marketplace,
    checkHealth: () => pingDatabase(database.db),
    allowLoopbackWebhooks: true,
    adminToken: ADMIN_TOKEN,
  });
  const dashboard = createDashboard({
    marketplace,
    basePath: "/dashboard",
    secureCookies: false,
    webhookUrlPolicy: { allowLoopback: true },
    webhookAttempts: attempts,
  });
  workerPool = createPool({ connectionString: database.url, max: 6 });
  // A failed round is retried after a minute: within this walk, only resend and recovery send again.
  worker = await runDeliveryWorker({
    pgPool: workerPool,
    allowLoopback: true,
    concurrency: 4,
    pollIntervalMs: 100,
    relayPollIntervalMs: 50,
    retryDelaysMs: [60_000],
  });
  receiver = await startWebhookReceiver();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = serve({
    fetch: (request) =>
      new URL(request.url).pathname.startsWith("/dashboard") ? dashboard.fetch(request) : api.fetch(request),
    port,
    hostname: "127.0.0.1",
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  await mkdir(SHOTS, { recursive: true });

  const p = await marketplace.teams.create({ name: "Portal Energy", role: "provider" });
  const r = await marketplace.teams.create({ name: "Portal Reseller", role: "reseller" });
  provider = { teamId: p.team.id, key: p.apiKey.key };
  reseller = { key: r.apiKey.key };
  const created = await apiCall(provider.key, "POST", "/provider/offers", {
    name: "Fiber 500",
    sku: "SKU-PORTAL-1",
    serviceType: "internet",
    monthlyPrice: "49.99",
    commission: "30.00",
    internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
  });
  offerId = ((await created.json()) as { id: string }).id;
  expect((await apiCall(provider.key, "POST", `/provider/offers/${offerId}/publish`)).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await worker?.stop();
  await workerPool?.end();
  await receiver?.close();
  await attempts?.close();
  await changes?.close();
  await database?.drop();
});

function apiCall(key: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: { "x-api-key": key, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
}

async function placeOrder(): Promise<string> {
  const res = await apiCall(reseller.key, "POST", "/reseller/orders", {
    items: [{ offerId }],
    customer: CUSTOMER,
    serviceAddress: ADDRESS,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** axe in light (and dark when asked), screenshots in both. */
async function check(page: Page, name: string, options: { axeDark?: boolean } = {}): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (scheme === "light" || options.axeDark) await expectAccessible(page, `${name} (${scheme})`);
    await page.screenshot({ path: `${SHOTS}${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

async function signIn(page: Page, email: string, role: "owner" | "viewer"): Promise<void> {
  const { token } = await marketplace.members.invite(provider.teamId, { email, role }, operatorCaller());
  await page.goto(`${base}/dashboard/invite/${token}`);
  await page.fill("#field-password", PASSWORD);
  await page.fill("#field-confirm", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL(`${base}/dashboard/teams/${provider.teamId}`);
}

const rowsOf = (page: Page) => page.locator("#attempts tbody tr");

describe("the webhooks portal in Chromium", { timeout: 120_000 }, () => {
  it("register, live attempt, failure, resend, recovery, rotation; a viewer changes nothing", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await signIn(page, "owner@portal.example", "owner");
    const portal = `${base}/dashboard/teams/${provider.teamId}/webhooks`;

    // Register: a bad URL is refused beside the field, with what was typed kept.
    await page.click("nav.main >> text=Webhooks");
    await page.fill("#field-url", "ftp://receiver");
    await page.check("input[value='order.item.created']");
    await page.click("text=Add endpoint");
    expect(await page.textContent("#field-url-error")).toContain("must be an https URL");
    expect(await page.inputValue("#field-url")).toBe("ftp://receiver");
    await page.fill("#field-url", `${receiver.url}/hooks`);
    await page.click("text=Add endpoint");
    const firstSecret = (await page.textContent("#new-secret")) as string;
    expect(firstSecret).toMatch(/^whsec_/);
    await check(page, "endpoints", { axeDark: true });

    // Live: the attempt of an order placed through the API appears without a reload.
    await page.click("nav.tabs >> text=Deliveries");
    await expect.poll(() => page.textContent("#live-status")).toContain("Live");
    const firstOrder = await placeOrder();
    await expect.poll(() => rowsOf(page).count(), { timeout: 10_000 }).toBe(1);
    expect(await rowsOf(page).first().textContent()).toContain("Delivered (200)");

    // The receiver fails: the failed attempt arrives live; its page shows the response as recorded.
    receiver.reply(() => ({
      status: 500,
      body: '{"error":"database is down"}',
      headers: { "x-receiver-state": "down", "set-cookie": "session=secret" },
    }));
    await placeOrder();
    await expect.poll(() => rowsOf(page).count(), { timeout: 10_000 }).toBe(2);
    expect(await rowsOf(page).first().textContent()).toContain("Failed (500)");
    await check(page, "deliveries");
    await rowsOf(page).first().locator("a").click();
    await expect.poll(() => page.textContent("h1")).toBe("Delivery attempt");
    const attemptPage = (await page.textContent("main")) as string;
    expect(attemptPage).toContain("database is down");
    expect(attemptPage).toContain("x-receiver-state: down");
    expect(attemptPage).not.toContain("session=secret");
    expect(attemptPage).toContain("X-Service-Signature: t=");
    expect(attemptPage).toContain('"type": "order.item.created"');
    await check(page, "attempt", { axeDark: true });

    // Fixed: resend it.
    receiver.reply(() => ({ status: 200, body: "ok" }));
    const before = receiver.requests.length;
    await page.click("text=Resend this event to this endpoint");
    await expect.poll(() => page.textContent("[role=status]")).toContain("is sent again");
    await receiver.waitFor(before + 1);

    // Recover since T: one order missed while failing; a dry-run count first, then progress until done.
    receiver.reply(() => ({ status: 503, body: "maintenance" }));
    await placeOrder();
    await expect.poll(() => receiver.requests.length, { timeout: 10_000 }).toBe(before + 2);
    receiver.reply(() => ({ status: 200, body: "ok" }));
    await page.goto(portal);
    await page.click(`a[href$="/webhooks/${await endpointId()}"]`);
    const since = new Date(Date.now() - 60 * 60 * 1000).toISOString().slice(0, 16);
    await page.fill("#field-since", "2020-01-01T00:00");
    await page.click("text=Count events");
    expect(await page.textContent("#field-since-error")).toContain("within the retention window of 30 days");
    await page.fill("#field-since", since);
    await page.click("text=Count events");
    await expect.poll(() => page.textContent("form[action$='/recover'] [role=status]")).toContain("1 events since");
    await check(page, "endpoint");
    await page.click("text=Send 1 events again");
    await page.waitForURL(/\/recovery$/);
    await expect.poll(() => page.textContent("main"), { timeout: 10_000 }).toContain("Recovery done: 1 events sent.");
    await check(page, "recovery");
    await receiver.waitFor(before + 3);

    // Rotation: the new secret is shown once; during the overlap the receiver verifies either secret.
    await page.goto(`${portal}/${await endpointId()}`);
    await page.selectOption("#overlap", "86400");
    await page.click("text=Rotate secret");
    const secondSecret = (await page.textContent("#new-secret")) as string;
    expect(secondSecret).toMatch(/^whsec_/);
    expect(secondSecret).not.toBe(firstSecret);
    // A test of any type: an example order.cancelled, marked training.
    const sent = receiver.requests.length;
    await page.selectOption("#test-type", "order.cancelled");
    await page.click("text=Send a test event");
    const [test] = (await receiver.waitFor(sent + 1, { timeoutMs: 30_000 })).slice(-1);
    expect(JSON.parse(test?.body ?? "{}")).toMatchObject({ type: "order.cancelled", data: { training: true } });
    expect(test?.headers["x-service-training"]).toBe("true");
    for (const secret of [firstSecret, secondSecret]) {
      const header = test?.headers["x-service-signature"] as string;
      expect(await verifySignature({ payload: test?.body ?? "", header, secret })).toMatchObject({ ok: true });
    }

    // Showing the secret again: past 10 minutes since sign-in the page asks for the password first.
    await sql`update member_sessions set created_at = now() - interval '11 minutes'
      where member_id = (select id from members where email = 'owner@portal.example')`.execute(database.db);
    await page.click("form[action$='/secret'] button");
    await page.waitForSelector("#field-password");
    await expectAccessible(page, "secret step-up");
    await page.fill("#field-password", PASSWORD);
    await page.click("form[action$='/secret'] button");
    expect(await page.textContent("#shown-secret")).toBe(secondSecret);
    await check(page, "secret-shown");

    // The order's timeline, and the catalog.
    await page.goto(`${portal}/orders/${firstOrder}`);
    expect(await page.textContent("main")).toContain("order.item.created");
    await check(page, "order-timeline");
    await page.click("nav.tabs >> text=Event catalog");
    await check(page, "catalog");

    // The audit log has every action.
    await page.goto(`${base}/dashboard/teams/${provider.teamId}/audit-log`);
    const audit = (await page.textContent("main")) as string;
    for (const label of ["Added a webhook endpoint", "Resent a webhook event", "Started a webhook recovery"]) {
      expect(audit).toContain(label);
    }
    expect(audit).toContain("Rotated a webhook secret");
    expect(audit).toContain("Viewed a webhook's secret again");
    await context.close();

    // A viewer reads, and every action is refused: no form in the page, 403 to a direct POST.
    const viewerContext = await browser.newContext();
    const viewer = await viewerContext.newPage();
    await signIn(viewer, "viewer@portal.example", "viewer");
    await viewer.goto(portal);
    expect(await viewer.textContent("main")).toContain("Your role can see the endpoints but not change them.");
    expect(await viewer.locator("form[method=post]", { hasText: "Add endpoint" }).count()).toBe(0);
    await viewer.goto(`${portal}/${await endpointId()}`);
    expect(await viewer.locator("text=Rotate secret").count()).toBe(0);
    for (const action of ["/delete", "/pause", "/rotate", "/test"]) {
      const refused = await viewer.request.post(`${portal}/${await endpointId()}${action}`, {
        headers: { origin: base },
        form: { overlapSeconds: "0" },
      });
      expect(refused.status(), action).toBe(403);
    }
    expect((await marketplace.webhookPortal.endpoints(provider.teamId, operatorCaller()))[0]?.webhook.isActive).toBe(
      true,
    );
    await viewerContext.close();
  });

  it("a read-only portal link: webhooks pages only, every action refused; reused and expired links refused", async () => {
    const issue = async (body: Record<string, unknown>) => {
      const res = await fetch(`${base}/admin/teams/${provider.teamId}/portal-links`, {
        method: "POST",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { url: string }).url;
    };
    const url = await issue({ capabilities: ["manage_endpoints", "replay"], readOnly: true, sessionLabel: "embed-1" });
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(url);
    const portal = `${base}/dashboard/teams/${provider.teamId}/webhooks`;
    expect(page.url()).toBe(portal);
    expect(await page.locator("nav.main a").allTextContents()).toEqual(["Webhooks"]);
    expect(await page.locator("text=Add endpoint").count()).toBe(0);
    await check(page, "portal-read-only");
    const id = await endpointId();
    await page.goto(`${portal}/${id}`);
    expect(await page.locator("main form[method=post]").count()).toBe(0);
    for (const action of ["/delete", "/pause", "/rotate", "/test", "/recover"]) {
      const refused = await page.request.post(`${portal}/${id}${action}`, {
        headers: { origin: base },
        form: { since: "2026-11-27T00:00", dryRun: "true" },
      });
      expect(refused.status(), action).toBe(403);
    }
    expect((await page.goto(`${base}/dashboard/teams/${provider.teamId}/api-keys`))?.status()).toBe(403);
    await context.close();

    // Used once already: refused in a fresh browser; an expired link too.
    const again = await browser.newContext();
    const second = await again.newPage();
    expect((await second.goto(url))?.status()).toBe(410);
    expect(await second.textContent("h1")).toBe("This portal link cannot be used");
    await check(second, "portal-link-refused");
    const expired = await issue({ sessionLabel: "embed-2", expiresIn: 60 });
    await sql`update portal_links set expires_at = now() - interval '1 second' where session_label = 'embed-2'`.execute(
      database.db,
    );
    expect((await second.goto(expired))?.status()).toBe(410);
    await again.close();
  });
});

async function endpointId(): Promise<string> {
  const [first] = await marketplace.webhookPortal.endpoints(provider.teamId, operatorCaller());
  return first?.webhook.id as string;
}
