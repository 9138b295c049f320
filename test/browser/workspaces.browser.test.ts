import { randomUUID } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createPool } from "@marketplace/adapters-postgres";
import { verifyConsentEvidence } from "@marketplace/core/consent-evidence";
import { type DeliveryWorker, runDeliveryWorker } from "@marketplace/worker";
import { type Browser, chromium, type Page } from "@playwright/test";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_FLAGS } from "../helpers/chromium.ts";
import { createDashboardTestApp, type DashboardTestApp } from "../helpers/dashboard.ts";
import { freePort } from "../helpers/free-port.ts";
import { expectAccessible } from "../helpers/page-checks.ts";
import { eventually, startWebhookReceiver, type WebhookReceiver } from "../helpers/webhook-receiver.ts";

// The workspaces in Debian's Chromium over the reference composition (API + dashboard) on real
// PostgreSQL, with the real delivery worker sending to a receiver this test starts: a reseller places
// a training order through the API, the provider accepts, schedules and completes its item in the
// dashboard, the reseller deletes the order (no webhook arrives; the API answers 404), finds the offer
// in the catalog and is refused deleting an open live order; the provider records a STOP report and
// downloads evidence that the offline verifier accepts. axe checks every page at WCAG 2.2 AA; screenshots go to
// test-results/workspaces/ (light and dark).

const SHOTS = fileURLToPath(new URL("../../test-results/workspaces/", import.meta.url));
const PASSWORD = "tangerine kettle mountain 42";
const ORDER_EVENTS = ["order.created", "order.item.created", "order.item.status_changed", "order.cancelled"];
const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
const CUSTOMER = { name: "Grace Hopper", email: "grace@example.com", phone: "+15125550199", kind: "residential" };

let t: DashboardTestApp;
let server: ReturnType<typeof serve>;
let base: string;
let pool: pg.Pool;
let worker: DeliveryWorker;
let receiver: WebhookReceiver;
let browser: Browser;
let provider: { teamId: string; apiKey: string };
let reseller: { teamId: string; apiKey: string };
let offerId: string;
let asProvider: Page;
let asReseller: Page;
let trainingOrder: { id: string; items: { id: string }[] };

async function call(method: string, path: string, key: string | null, body?: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    headers: { ...(key && { "x-api-key": key }), ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
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

/** A member of the team signed in, in a context of its own. */
async function signedIn(teamId: string, email: string): Promise<Page> {
  const token = await t.invite(teamId, email, "owner");
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
  await page.goto(`${base}/dashboard/invite/${token}`);
  await page.fill("#field-password", PASSWORD);
  await page.fill("#field-confirm", PASSWORD);
  await page.click("main button[type=submit]");
  await page.waitForURL(`${base}/dashboard/teams/${teamId}`);
  return page;
}

beforeAll(async () => {
  t = await createDashboardTestApp({ secureCookies: true, allowLoopbackWebhooks: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = serve({ fetch: (request) => t.fetch(request), port, hostname: "127.0.0.1" });
  pool = createPool({ connectionString: t.database.url, max: 4 });
  [worker, receiver, browser] = await Promise.all([
    runDeliveryWorker({ pgPool: pool, allowLoopback: true, pollIntervalMs: 100, relayPollIntervalMs: 50 }),
    startWebhookReceiver(),
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS }),
    mkdir(SHOTS, { recursive: true }),
  ]);
  provider = await t.createTeam("provider", "Lone Star Fiber");
  reseller = await t.createTeam("reseller", "Hill Country Deals");
  const created = await call("POST", "/provider/offers", provider.apiKey, {
    name: "Fiber 1000",
    sku: `SKU-${randomUUID()}`,
    serviceType: "internet",
    monthlyPrice: "59.99",
    commission: "40.00",
    internet: { downloadSpeedMbps: 1000, connectionType: "fiber" },
  });
  offerId = ((await created.json()) as { id: string }).id;
  expect((await call("POST", `/provider/offers/${offerId}/publish`, provider.apiKey)).status).toBe(200);
  for (const [key, side] of [
    [reseller.apiKey, "reseller"],
    [provider.apiKey, "provider"],
  ] as const) {
    const hook = await call("POST", `/${side}/webhooks`, key, { url: `${receiver.url}/${side}`, events: ORDER_EVENTS });
    expect(hook.status).toBe(201);
  }
  [asReseller, asProvider] = await Promise.all([
    signedIn(reseller.teamId, "ops@hillcountry.example"),
    signedIn(provider.teamId, "ops@lonestar.example"),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  await receiver?.close();
  await pool?.end();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

const eventTypes = (path: string) => receiver.on(path).map((request) => JSON.parse(request.body).type as string);

describe("the workspaces in Chromium", { timeout: 60_000 }, () => {
  it("a training order placed through the API is fulfilled by the provider in the dashboard", async () => {
    const placed = await call("POST", "/reseller/orders", reseller.apiKey, {
      items: [{ offerId }],
      customer: CUSTOMER,
      serviceAddress: ADDRESS,
      isTraining: true,
    });
    expect(placed.status).toBe(201);
    trainingOrder = (await placed.json()) as typeof trainingOrder;
    const itemId = trainingOrder.items[0]?.id as string;
    await receiver.waitFor(2, { path: "/reseller" });

    await asProvider.click("nav >> text=Fulfilment");
    expect(await asProvider.textContent("tbody")).toContain("Training");
    await check(asProvider, "fulfilment", { axeDark: true });
    await asProvider.click(`a[aria-label="Item ${itemId.slice(0, 8)}"]`);
    expect(await asProvider.locator("main button", { hasText: "Complete" }).count()).toBe(0);
    await check(asProvider, "item-pending");
    await asProvider.click("main button:text-is('Accept')");
    expect(await asProvider.textContent("[role=status]")).toContain("The item is accepted");
    await asProvider.fill("#field-scheduledDate", "2026-12-15");
    await asProvider.click("main button:text-is('Schedule')");
    expect(await asProvider.textContent("main dl")).toContain("for 2026-12-15");
    await check(asProvider, "item-scheduled");
    await asProvider.click("main button:text-is('Complete')");
    expect(await asProvider.textContent("main")).toContain("nothing more can be done with it");
    // Both sides got every event so far (created, item created, three moves): the pipe works.
    await eventually(async () =>
      eventTypes("/reseller").length >= 5 && eventTypes("/provider").length >= 5 ? true : undefined,
    );
    expect(eventTypes("/reseller").filter((type) => type === "order.item.status_changed")).toHaveLength(3);
  });

  it("the reseller deletes the training order: no webhook arrives, the API and the page answer 404", async () => {
    await asReseller.click("nav >> text=Orders");
    await asReseller.selectOption("#training", "training");
    await asReseller.click("main button:text-is('Filter')");
    expect(await asReseller.textContent("tbody")).toContain("Training");
    await check(asReseller, "orders");
    await asReseller.click(`a[aria-label="Order ${trainingOrder.id.slice(0, 8)}"]`);
    expect(await asReseller.textContent("tbody")).toContain("Completed");
    await check(asReseller, "order");
    await asReseller.click("text=Delete order…");
    await check(asReseller, "order-delete-confirm");
    const before = { reseller: receiver.on("/reseller").length, provider: receiver.on("/provider").length };
    await asReseller.click("main button:text-is('Delete this order')");
    expect(await asReseller.textContent("[role=status]")).toContain("No webhook was sent");
    expect((await call("GET", `/reseller/orders/${trainingOrder.id}`, reseller.apiKey)).status).toBe(404);
    const gone = await asReseller.goto(
      `${base}/dashboard/teams/${reseller.teamId}/reseller/orders/${trainingOrder.id}`,
    );
    expect(gone?.status()).toBe(404);
    // The worker relays every 50 ms and delivered each event above within a second: a second and a
    // half with nothing new means nothing was sent.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect({ reseller: receiver.on("/reseller").length, provider: receiver.on("/provider").length }).toEqual(before);
  });

  it("the reseller finds the provider's offer in the catalog by ZIP code and search, and opens its page", async () => {
    await asReseller.click("nav >> text=Catalog");
    await asReseller.fill("#field-zipCode", "78701");
    await asReseller.fill("#field-search", "fiber 1000");
    await asReseller.click("main button:text-is('Filter')");
    const row = asReseller.locator("tbody tr", { hasText: "Fiber 1000" });
    expect(await row.textContent()).toContain("Lone Star Fiber");
    expect(await asReseller.inputValue("#field-zipCode")).toBe("78701");
    await check(asReseller, "catalog");
    await row.locator("a").click();
    expect(await asReseller.textContent("main h1")).toBe("Fiber 1000");
    expect(await asReseller.textContent("main dl.facts")).toContain("$40.00 per accepted item");
    await check(asReseller, "catalog-offer");
  });

  it("an open live order cannot be deleted: the page says to cancel it first", async () => {
    await asReseller.goto(`${base}/dashboard/teams/${reseller.teamId}/reseller/storefront`);
    await asReseller.fill("#field-name", "Spring fiber");
    await asReseller.fill("#field-offerIds", offerId);
    await asReseller.click("main button:text-is('Create link')");
    const url = ((await asReseller.textContent("code.url")) ?? "").trim();
    expect(url).toMatch(/\/public\/links\/[a-z0-9]+$/);
    await check(asReseller, "storefront");
    const ordered = await fetch(`${url}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ offerId }],
        customer: CUSTOMER,
        serviceAddress: ADDRESS,
        consents: [
          { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" },
          { kind: "marketing_calls_texts", granted: true, disclosureVersion: "marketing_calls_texts.v1" },
        ],
      }),
    });
    expect(ordered.status, await ordered.clone().text()).toBe(201);
    const live = (await ordered.json()) as { id: string };
    await asReseller.goto(`${base}/dashboard/teams/${reseller.teamId}/reseller/orders/${live.id}/delete`);
    expect(await asReseller.textContent("[role=alert]")).toContain("cannot be deleted yet");
    expect(await asReseller.locator("button", { hasText: "Delete this order" }).count()).toBe(0);
    await check(asReseller, "order-delete-refused");
    expect((await call("GET", `/reseller/orders/${live.id}`, reseller.apiKey)).status).toBe(200);
  });

  it("the provider records a STOP report and downloads evidence the offline verifier accepts", async () => {
    await asProvider.click("nav >> text=Customers and consent");
    const row = asProvider.locator("tr", { hasText: CUSTOMER.name });
    expect(await row.locator(".badge").allTextContents()).toEqual(["Granted", "Granted"]);
    await check(asProvider, "customers");
    // Readable at 360 px: wide tables scroll inside their frame, the page does not.
    await asProvider.setViewportSize({ width: 360, height: 780 });
    expect(await asProvider.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await asProvider.screenshot({ path: `${SHOTS}customers-360px.png`, fullPage: true });
    await asProvider.setViewportSize({ width: 1280, height: 720 });
    await asProvider.click(`text=${CUSTOMER.name}`);
    expect(await asProvider.textContent("main dl.facts:nth-of-type(2)")).toContain("Granted");
    await asProvider.click("text=Record a STOP or do-not-call report");
    expect(await asProvider.textContent("[role=status]")).toContain("report is recorded");
    expect(await asProvider.textContent("main")).toContain("Unsubscribed");
    expect(await asProvider.textContent("#evidence-result")).toContain("Verified");
    await check(asProvider, "customer", { axeDark: true });

    const [download] = await Promise.all([
      asProvider.waitForEvent("download"),
      asProvider.click("text=Download the evidence bundle"),
    ]);
    const bundle = JSON.parse(await readFile((await download.path()) as string, "utf8"));
    const keys = await (await fetch(`${base}/.well-known/consent-keys.json`)).json();
    const verified = await verifyConsentEvidence(bundle, keys);
    expect(verified).toMatchObject({ valid: true, records: 2 });
    expect(bundle.records.every((record: { revocations: unknown[] }) => record.revocations.length === 1)).toBe(true);
  });
});
