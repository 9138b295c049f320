import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_FLAGS } from "../helpers/chromium.ts";
import { createDashboardTestApp, DASHBOARD_ADMIN_TOKEN, type DashboardTestApp } from "../helpers/dashboard.ts";
import { freePort } from "../helpers/free-port.ts";
import { expectAccessible as checkPage } from "../helpers/page-checks.ts";

// The dashboard in Debian's Chromium (driven by Playwright's library, no browser download), over the
// reference composition (API + dashboard at /dashboard) on real PostgreSQL with the production
// settings: argon2id at OWASP's parameters and __Host- Secure cookies (Chromium keeps them on
// loopback over http). axe checks every page at WCAG 2.2 AA; screenshots of the main pages, light
// and dark, go to test-results/dashboard/ (git-ignored).

const SHOTS = fileURLToPath(new URL("../../test-results/dashboard/", import.meta.url));
const PASSWORD = "tangerine kettle mountain 42";

let t: DashboardTestApp;
let server: ReturnType<typeof serve>;
let base: string;
let browser: Browser;
let teamId: string;
let owner: BrowserContext;
let page: Page;
const checked: string[] = [];
/** Asset requests that reached the server. */
let assetHits = 0;

beforeAll(async () => {
  t = await createDashboardTestApp({ secureCookies: true, passwordHasherCost: "owasp" });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = serve({
    fetch: (request) => {
      if (request.url.includes("/dashboard/assets/")) assetHits += 1;
      return t.fetch(request);
    },
    port,
    hostname: "127.0.0.1",
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  await mkdir(SHOTS, { recursive: true });
  ({ teamId } = await t.createTeam("provider", "Lone Star Energy"));
  owner = await browser.newContext();
  page = await owner.newPage();
  page.on("dialog", (dialog) => void dialog.accept());
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

/** No axe violation at WCAG 2.2 AA on the page as it is now. */
async function expectAccessible(target: Page, name: string): Promise<void> {
  if (process.env.DEBUG_BROWSER) console.log(new Date().toISOString(), "axe", name);
  await checkPage(target, name);
  checked.push(name);
}

/**
 * Screenshots of the page in light and dark; axe checks it in light, and in dark too when asked
 * (axe takes seconds a page on a shared 2-core machine, so dark is checked on a few pages).
 */
async function screenshots(target: Page, name: string, options: { axeDark?: boolean } = {}): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await target.emulateMedia({ colorScheme: scheme });
    if (scheme === "light" || options.axeDark) await expectAccessible(target, `${name} (${scheme})`);
    await target.screenshot({ path: `${SHOTS}${name}-${scheme}.png`, fullPage: true });
  }
  await target.emulateMedia({ colorScheme: "light" });
}

async function inviteLink(email: string, role: string): Promise<string> {
  const response = await fetch(`${base}/admin/teams/${teamId}/invites`, {
    method: "POST",
    headers: { authorization: `Bearer ${DASHBOARD_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ email, role }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { inviteUrl: string }).inviteUrl;
}

const api = (key: string, path = "/provider/offers") => fetch(`${base}${path}`, { headers: { "x-api-key": key } });

describe("the dashboard in Chromium", { timeout: 180_000 }, () => {
  it("invite -> accept -> home, then sign out and sign in again", async () => {
    const link = await inviteLink("owner@lonestar.example", "owner");
    await page.goto(link);
    expect(new URL(page.url()).pathname).toBe("/dashboard/invite");
    await expect.poll(() => page.textContent("h1")).toBe("Join Lone Star Energy");
    await screenshots(page, "invite");

    await page.fill("#field-password", "short");
    await page.fill("#field-confirm", "short");
    await page.click("button[type=submit]");
    expect(await page.textContent("#field-password-error")).toContain("at least 12 characters");
    await expectAccessible(page, "invite with an error");

    await page.fill("#field-password", PASSWORD);
    await page.fill("#field-confirm", PASSWORD);
    await page.click("button[type=submit]");
    await page.waitForURL(`${base}/dashboard/teams/${teamId}`);
    expect(await page.textContent("h2")).toBe("What to do next");
    const cookies = await owner.cookies();
    expect(cookies.map((c) => [c.name, c.httpOnly, c.secure, c.sameSite])).toEqual([
      ["__Host-mk_session", true, true, "Lax"],
    ]);
    await screenshots(page, "home", { axeDark: true });

    // Keyboard: the first Tab reaches the skip link, which moves to the content.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");

    // After the first visit, pages cost no asset request (hashed names, cached for a year).
    const before = assetHits;
    await page.goto(`${base}/dashboard/teams/${teamId}/members`);
    await page.goto(`${base}/dashboard/teams/${teamId}`);
    expect(assetHits - before).toBeLessThanOrEqual(2);

    await page.click("header form button[type=submit]"); // Sign out
    await page.waitForURL(`${base}/dashboard/sign-in`);
    await screenshots(page, "sign-in");
    await page.fill("#field-email", "owner@lonestar.example");
    await page.fill("#field-password", "not my password at all");
    await page.click("main button[type=submit]");
    expect(await page.textContent("[role=alert]")).toContain("The e-mail address or the password is not right");
    expect(await page.inputValue("#field-email")).toBe("owner@lonestar.example");
    await expectAccessible(page, "sign-in with an error");
    await page.fill("#field-password", PASSWORD);
    await page.click("main button[type=submit]");
    await page.waitForURL(`${base}/dashboard/teams/${teamId}`);
  });

  it("creates a key, uses it, rolls it, revokes it (the API answers 401)", async () => {
    await page.click("nav >> text=API keys");
    await page.fill("#field-name", "production");
    await page.click("main form.stack button[type=submit]");
    const key = ((await page.textContent("#new-key")) ?? "").trim();
    expect(key).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
    await screenshots(page, "api-key-created");
    expect((await api(key)).status).toBe(200);

    await page.goto(`${base}/dashboard/teams/${teamId}/api-keys`);
    expect(await page.content()).not.toContain(key);
    const row = page.locator("tr", { hasText: key.slice(0, 11) });
    await row.locator("select").selectOption("now");
    await row.locator("button", { hasText: "Roll" }).click();
    const rolled = ((await page.textContent("#new-key")) ?? "").trim();
    expect(rolled).not.toBe(key);
    expect((await api(key)).status).toBe(401);
    expect((await api(rolled)).status).toBe(200);

    await page.goto(`${base}/dashboard/teams/${teamId}/api-keys`);
    await page
      .locator("tr", { hasText: rolled.slice(0, 11) })
      .locator("button", { hasText: "Revoke" })
      .click();
    expect(await page.textContent("[role=status]")).toContain("is revoked");
    expect((await api(rolled)).status).toBe(401);
    await screenshots(page, "api-keys", { axeDark: true });
  });

  it("invites a member, changes their role, removes them: their session ends", async () => {
    await page.goto(`${base}/dashboard/teams/${teamId}/members`);
    await page.fill("#field-email", "dev@lonestar.example");
    await page.selectOption("#invite-role", "developer");
    await page.click("text=Create invite link");
    const link = ((await page.textContent("#invite-link")) ?? "").trim();
    expect(link).toMatch(/\/dashboard\/invite\/mi_/);

    const colleague = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const theirs = await colleague.newPage();
    await theirs.goto(link);
    await theirs.fill("#field-password", "purple walrus umbrella 7");
    await theirs.fill("#field-confirm", "purple walrus umbrella 7");
    await theirs.click("main button[type=submit]");
    await theirs.waitForURL(`${base}/dashboard/teams/${teamId}`);
    // Readable at 360 px: nothing wider than the screen.
    expect(await theirs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshots(theirs, "home-360px");

    await page.goto(`${base}/dashboard/teams/${teamId}/members`);
    const row = page.locator("tr", { hasText: "dev@lonestar.example" });
    await row.locator("select").selectOption("viewer");
    await row.locator("button", { hasText: "Change role" }).click();
    expect(await page.textContent("[role=status]")).toContain("dev@lonestar.example is now viewer");
    await screenshots(page, "members");

    await theirs.goto(`${base}/dashboard/teams/${teamId}/api-keys`);
    expect(await theirs.textContent("main")).toContain("Your role can see the keys but not change them");

    await page.locator("tr", { hasText: "dev@lonestar.example" }).locator("button", { hasText: "Remove" }).click();
    expect(await page.textContent("[role=status]")).toContain("removed");
    await theirs.goto(`${base}/dashboard/teams/${teamId}`);
    expect(new URL(theirs.url()).pathname).toBe("/dashboard/sign-in");
    expect(await theirs.textContent("[role=status]")).toContain("Your session has ended");
    await colleague.close();
  });

  it("shows each step in the audit log, with filters", async () => {
    await page.goto(`${base}/dashboard/teams/${teamId}/audit-log`);
    const text = (await page.textContent("main")) ?? "";
    for (const label of [
      "Invited a member",
      "Joined the team",
      "Signed in",
      "Failed sign-in",
      "Signed out",
      "Created an API key",
      "Rolled an API key",
      "Revoked an API key",
      "Changed a role",
      "Removed a member",
    ]) {
      expect(text, label).toContain(label);
    }
    await screenshots(page, "audit-log");
    await page.selectOption("#filter-action", "member.removed");
    await page.click("text=Filter");
    const rows = await page.locator("tbody tr").count();
    expect(rows).toBe(1);
    expect(await page.textContent("tbody")).toContain("dev@lonestar.example");
  });

  it("lists the member's sessions and signs out everywhere", async () => {
    await page.goto(`${base}/dashboard/account`);
    expect(await page.textContent("main")).toContain("(this browser)");
    await screenshots(page, "account");
    await page.click("text=Sign out everywhere");
    await page.waitForURL(`${base}/dashboard/sign-in`);
    await page.goto(`${base}/dashboard/teams/${teamId}`);
    expect(new URL(page.url()).pathname).toBe("/dashboard/sign-in");
    expect(checked.length).toBeGreaterThanOrEqual(11);
  });
});
