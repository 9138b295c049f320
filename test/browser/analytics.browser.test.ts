import { mkdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_FLAGS } from "../helpers/chromium.ts";
import { createDashboardTestApp, DASHBOARD_ADMIN_TOKEN, type DashboardTestApp } from "../helpers/dashboard.ts";
import { freePort } from "../helpers/free-port.ts";
import { expectAccessible as checkPage } from "../helpers/page-checks.ts";

// The analytics pages in Debian's Chromium (issue 31): a hybrid team places live and training orders
// through the API, a member opens the analytics pages, and every figure shown equals the API's; the
// training view shows the training counts; the CSV download holds the same figures; axe finds no
// violation at WCAG 2.2 AA. Screenshots light and dark at 1280 and 360 px go to
// test-results/analytics/ (git-ignored).

const SHOTS = fileURLToPath(new URL("../../test-results/analytics/", import.meta.url));
const PASSWORD = "tangerine kettle mountain 42";
const CUSTOMER = { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };

let t: DashboardTestApp;
let server: ReturnType<typeof serve>;
let base: string;
let browser: Browser;
let page: Page;
let teamId: string;
let apiKey: string;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { "x-api-key": apiKey, ...(body !== undefined && { "content-type": "application/json" }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return JSON.parse(text);
}

beforeAll(async () => {
  t = await createDashboardTestApp({ secureCookies: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = serve({ fetch: (request) => t.fetch(request), port, hostname: "127.0.0.1" });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  await mkdir(SHOTS, { recursive: true });
  ({ teamId, apiKey } = await t.createTeam("hybrid", "Prairie Power"));

  // Two offers of the team; three live orders (one accepted, one rejected) and two training orders.
  const offer = async (name: string, monthlyPrice: string) => {
    const created = await api("POST", "/provider/offers", {
      name,
      sku: `SKU-${crypto.randomUUID()}`,
      serviceType: "internet",
      monthlyPrice,
      commission: "20.00",
      internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
    });
    return (await api("POST", `/provider/offers/${created.id}/publish`)).id as string;
  };
  const fiber = await offer("Fiber 500", "49.99");
  const cable = await offer("Cable 200", "35.00");
  const place = (offerIds: string[], isTraining: boolean) =>
    api("POST", "/reseller/orders", {
      items: offerIds.map((offerId) => ({ offerId })),
      customer: CUSTOMER,
      serviceAddress: ADDRESS,
      isTraining,
    });
  const first = await place([fiber, cable], false);
  await place([fiber], false);
  await api("PATCH", `/provider/orders/${first.items[0].id}/status`, { status: "accepted" });
  await api("PATCH", `/provider/orders/${first.items[1].id}/status`, { status: "rejected" });
  const training = await place([fiber], true);
  await place([cable], true);
  await api("PATCH", `/provider/orders/${training.items[0].id}/status`, { status: "accepted" });

  // An owner signs in through an invite.
  const invite = await fetch(`${base}/admin/teams/${teamId}/invites`, {
    method: "POST",
    headers: { authorization: `Bearer ${DASHBOARD_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ email: "owner@prairie.example", role: "owner" }),
  });
  const { inviteUrl } = (await invite.json()) as { inviteUrl: string };
  const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await page.goto(inviteUrl);
  await page.fill("#field-password", PASSWORD);
  await page.fill("#field-confirm", PASSWORD);
  await page.click("button[type=submit]");
  await page.waitForURL(`${base}/dashboard/teams/${teamId}`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

async function expectAccessible(name: string): Promise<void> {
  await checkPage(page, name);
}

/** Screenshots light and dark at 1280 and 360 px wide. */
async function screenshots(name: string): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: `${SHOTS}${name}-${width}-${scheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: "light" });
}

/** Every `data-figure` on the page: its `data-value`, else its text. */
async function shownFigures(): Promise<Record<string, string>> {
  return page.$$eval("[data-figure]", (nodes) =>
    Object.fromEntries(
      nodes.map((node) => [node.getAttribute("data-figure"), node.getAttribute("data-value") ?? node.textContent]),
    ),
  );
}

/** The range the page shows (its form), as the API's query. */
async function shownRange(): Promise<string> {
  const from = await page.inputValue("#field-from");
  const to = await page.inputValue("#field-to");
  return `from=${from}&to=${to}&timeZone=UTC`;
}

const text = (value: number | string | null) => (value === null ? "null" : String(value));

describe("analytics pages in Chromium", { timeout: 60_000 }, () => {
  it("shows the provider's figures as the API answers them, live and training apart, and as CSV", async () => {
    await page.click("nav.main >> text=Analytics");
    await page.waitForURL(`${base}/dashboard/teams/${teamId}/analytics`);
    expect(await page.textContent("h1")).toBe("Analytics: provider figures");
    const range = await shownRange();
    const live = await api("GET", `/provider/analytics?${range}`);
    expect(live.totals.itemsReceived).toBe(3);
    const shown = await shownFigures();
    for (const name of ["itemsReceived", "itemsAccepted", "itemsRejected", "itemsCompleted", "itemsCancelled"]) {
      expect(shown[name], name).toBe(text(live.totals[name]));
    }
    expect(shown.acceptanceRate).toBe(text(live.totals.acceptanceRate));
    expect(shown.medianSeconds).toBe(text(live.totals.timeToAccept.medianSeconds));
    expect(shown.totalMonthlyAccepted).toBe(live.totals.totalMonthlyAccepted);
    expect(shown.commissionAccrued).toBe(live.totals.commissionAccrued);
    expect(await page.locator("svg[role=img]").count()).toBe(2);
    await expectAccessible("provider (light)");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible("provider (dark)");
    await page.emulateMedia({ colorScheme: "light" });
    await screenshots("provider");

    // The CSV holds the same totals.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click("text=Download these figures as CSV"),
    ]);
    expect(download.suggestedFilename()).toMatch(/^provider-analytics-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    const total =
      csv
        .split("\r\n")
        .find((line) => line.startsWith("Total,"))
        ?.split(",") ?? [];
    expect(total.slice(2, 8)).toEqual(
      ["itemsReceived", "itemsAccepted", "itemsRejected", "itemsCompleted", "itemsCancelled", "acceptanceRate"].map(
        (name) => text(live.totals[name]),
      ),
    );
    expect(total.slice(8)).toEqual([live.totals.totalMonthlyAccepted, live.totals.commissionAccrued]);

    // The training view counts the training orders alone.
    await page.click("text=Training orders");
    await page.waitForURL(/training=only/);
    const training = await api("GET", `/provider/analytics?${range}&training=only`);
    expect(training.totals).toMatchObject({ itemsReceived: 2, itemsAccepted: 1 });
    const trainingShown = await shownFigures();
    expect(trainingShown.itemsReceived).toBe("2");
    expect(trainingShown.itemsAccepted).toBe("1");
    expect(await page.textContent("[data-view=training]")).toContain("training orders");
    await expectAccessible("provider training (light)");
    await screenshots("provider-training");

    // This year by day (more than 92 days): the charts keep every day, the table lists months.
    await page.click("text=Live orders");
    await page.click("text=This year");
    await page.waitForURL(/from=\d{4}-01-01/);
    const year = await api("GET", `/provider/analytics?${await shownRange()}`);
    if (year.series.length > 92) {
      expect(await page.textContent("[data-table=month]")).toContain(`these ${year.series.length} days as`);
      const months = await api("GET", `/provider/analytics?${await shownRange()}&granularity=month`);
      expect(await page.locator("#series tbody tr").count()).toBe(months.series.length);
    }
    expect(await page.textContent("#chart-items-desc")).toContain(`${year.series.length} periods from`);
    await expectAccessible("provider, this year by day (light)");
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible("provider, this year by day (dark)");
    await page.emulateMedia({ colorScheme: "light" });
    await screenshots("provider-year-by-day");
  });

  it("shows the reseller's figures as the API answers them, and a bad field beside it", async () => {
    await page.click("text=As a reseller");
    await page.waitForURL(/\/analytics\/reseller/);
    await page.click("text=Live orders");
    const range = await shownRange();
    const live = await api("GET", `/reseller/analytics?${range}`);
    const shown = await shownFigures();
    expect(shown.ordersPlaced).toBe("2");
    expect(shown.ordersPlaced).toBe(text(live.totals.ordersPlaced));
    for (const [status, count] of Object.entries(live.totals.itemsByStatus)) {
      expect(shown[`items.${status}`], status).toBe(text(count as number));
    }
    expect(shown.totalMonthlyOrdered).toBe(live.totals.totalMonthlyOrdered);
    expect(shown.commissionEarned).toBe(live.totals.commissionEarned);
    expect(shown.clicks).toBe(text(live.totals.clicks));
    await expectAccessible("reseller (light)");
    await screenshots("reseller");

    await page.fill("#field-timeZone", "Mars/Olympus");
    await page.click("button[type=submit] >> text=Show figures");
    await page.waitForURL(/timeZone=Mars/);
    expect(await page.textContent("#field-timeZone-error")).toContain("Enter a time zone name");
    expect(await page.inputValue("#field-timeZone")).toBe("Mars/Olympus");
    await expectAccessible("reseller with an error (light)");
  });
});
