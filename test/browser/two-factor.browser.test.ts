import { mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { type Browser, type BrowserContext, chromium, type Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpMailer } from "../../examples/server/src/mailer.ts";
import { CHROMIUM, CHROMIUM_FLAGS } from "../helpers/chromium.ts";
import { createDashboardTestApp, DASHBOARD_ADMIN_TOKEN, type DashboardTestApp } from "../helpers/dashboard.ts";
import { freePort } from "../helpers/free-port.ts";
import { expectAccessible } from "../helpers/page-checks.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp.ts";

// Two-factor sign-in and password reset in Debian's Chromium, over the reference composition on real
// PostgreSQL, with __Host- Secure cookies and mail delivered by nodemailer to a real SMTP server the
// test starts. axe checks the new pages at WCAG 2.2 AA; screenshots light and dark go to
// test-results/two-factor/ (git-ignored). argon2id runs with small parameters here: the OWASP cost
// is walked by dashboard.browser.test.ts and measured by bench/sign-in.mjs.

const SHOTS = fileURLToPath(new URL("../../test-results/two-factor/", import.meta.url));
const PASSWORD = "plum orchard lantern 77";
const NEW_PASSWORD = "quiet harbour violin 19";
const OWNER = "owner@twofactor.example";

let t: DashboardTestApp;
let smtp: TestSmtpServer;
let server: ReturnType<typeof serve>;
let base: string;
let browser: Browser;
let teamId: string;
let owner: BrowserContext;
let page: Page;
let secret = "";
let recoveryCodes: string[] = [];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await createDashboardTestApp({
    secureCookies: true,
    publicUrl: base,
    mailer: smtpMailer(smtp.url, "Marketplace <no-reply@twofactor.example>"),
  });
  server = serve({ fetch: (request) => t.fetch(request), port, hostname: "127.0.0.1" });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  await mkdir(SHOTS, { recursive: true });
  ({ teamId } = await t.createTeam("provider", "Two Factor Power"));
  owner = await browser.newContext();
  page = await owner.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  await smtp?.close();
});

/** Screenshots light and dark; axe in light (and in dark when asked). */
async function screenshots(target: Page, name: string, options: { axeDark?: boolean } = {}): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await target.emulateMedia({ colorScheme: scheme });
    if (scheme === "light" || options.axeDark) await expectAccessible(target, `${name} (${scheme})`);
    await target.screenshot({ path: `${SHOTS}${name}-${scheme}.png`, fullPage: true });
  }
  await target.emulateMedia({ colorScheme: "light" });
}

/** The app's code now, with the same library the dashboard uses. */
function codeNow(offsetMs = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + offsetMs,
  });
}

async function signOut(target: Page): Promise<void> {
  await target.click("header form button[type=submit]");
  await target.waitForURL(`${base}/dashboard/sign-in`);
}

async function password(target: Page, email: string, typed: string): Promise<void> {
  await target.goto(`${base}/dashboard/sign-in`);
  await target.fill("#field-email", email);
  await target.fill("#field-password", typed);
  await target.click("main button[type=submit]");
}

describe("two-factor sign-in and password reset in Chromium", { timeout: 120_000 }, () => {
  it("invite -> accept -> enrol with the QR page -> sign in with password and code", async () => {
    const response = await fetch(`${base}/admin/teams/${teamId}/invites`, {
      method: "POST",
      headers: { authorization: `Bearer ${DASHBOARD_ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ email: OWNER, role: "owner" }),
    });
    const { inviteUrl } = (await response.json()) as { inviteUrl: string };
    await page.goto(inviteUrl);
    await page.fill("#field-password", PASSWORD);
    await page.fill("#field-confirm", PASSWORD);
    await page.click("main button[type=submit]");
    await page.waitForURL(`${base}/dashboard/teams/${teamId}`);

    await page.goto(`${base}/dashboard/account`);
    await page.click("text=Set up two-factor sign-in");
    await page.waitForURL(`${base}/dashboard/account/two-factor`);
    expect(await page.locator("svg[role=img]").count()).toBe(1);
    secret = (await page.getAttribute("#totp-secret", "data-secret")) ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshots(page, "enrol", { axeDark: true });

    const wrong = codeNow() === "000000" ? "111111" : "000000";
    await page.fill("#field-code", wrong);
    await page.click("main form button[type=submit]");
    expect(await page.textContent("#field-code-error")).toContain("Code is not right");
    await expectAccessible(page, "enrol with an error");

    await page.fill("#field-code", codeNow());
    await page.click("main form button[type=submit]");
    await expect.poll(() => page.textContent("h1")).toBe("Two-factor sign-in is on");
    recoveryCodes = await page.locator("#recovery-codes li").allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await screenshots(page, "recovery-codes");

    await signOut(page);
    await password(page, OWNER, PASSWORD);
    await page.waitForURL(`${base}/dashboard/sign-in/code`);
    expect((await owner.cookies()).map((c) => c.name)).toEqual(["__Host-mk_sign_in"]);
    await screenshots(page, "sign-in-code", { axeDark: true });
    await page.fill("#field-code", codeNow(-120_000));
    await page.click("main button[type=submit]");
    expect(await page.textContent("#field-code-error")).toContain("This code is not right");
    await expectAccessible(page, "sign-in code with an error");
    // The enrolment used this step's code; the next step's (accepted for clock drift) passes.
    await page.fill("#field-code", codeNow(30_000));
    await page.click("main button[type=submit]");
    await page.waitForURL(`${base}/dashboard/teams/${teamId}`);
  });

  it("a recovery code signs in once", async () => {
    await signOut(page);
    const code = recoveryCodes[0] as string;
    await password(page, OWNER, PASSWORD);
    await page.waitForURL(`${base}/dashboard/sign-in/code`);
    await page.fill("#field-code", code);
    await page.click("main button[type=submit]");
    await page.waitForURL(`${base}/dashboard/teams/${teamId}`);
    await page.goto(`${base}/dashboard/account`);
    expect(await page.textContent("#two-factor-title + p")).toContain("You have 9 recovery codes left");
    await screenshots(page, "account-two-factor-on");
    await signOut(page);
    await password(page, OWNER, PASSWORD);
    await page.waitForURL(`${base}/dashboard/sign-in/code`);
    await page.fill("#field-code", code);
    await page.click("main button[type=submit]");
    expect(await page.textContent("#field-code-error")).toContain("This code is not right");
  });

  it("password reset through the mailed link, then sign-in with the new password and a code", async () => {
    await page.goto(`${base}/dashboard/sign-in`);
    await page.click("text=Forgot your password?");
    await page.waitForURL(`${base}/dashboard/forgot-password`);
    await screenshots(page, "forgot-password");
    await page.fill("#field-email", OWNER);
    await page.click("main button[type=submit]");
    await expect.poll(() => page.textContent("h1")).toBe("Check your e-mail");
    await expectAccessible(page, "reset sent");

    const mail = await smtp.waitFor(OWNER);
    const link = /http:\/\/127\.0\.0\.1:\d+\/dashboard\/reset-password\/mr_[A-Za-z0-9_-]{43}/.exec(mail.raw)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link as string);
    // The token left the address bar at once.
    expect(page.url()).toBe(`${base}/dashboard/reset-password`);
    await screenshots(page, "reset-password");
    await page.fill("#field-password", NEW_PASSWORD);
    await page.fill("#field-confirm", NEW_PASSWORD);
    await page.click("main button[type=submit]");
    await expect.poll(() => page.textContent("h1")).toBe("Your password is changed");

    await password(page, OWNER, NEW_PASSWORD);
    await page.waitForURL(`${base}/dashboard/sign-in/code`);
    await page.fill("#field-code", recoveryCodes[1] as string);
    await page.click("main button[type=submit]");
    await page.waitForURL(`${base}/dashboard/teams/${teamId}`);
  });

  it("the owner requires two-factor sign-in: a new member is sent to enrolment and nowhere else", async () => {
    await page.goto(`${base}/dashboard/teams/${teamId}/members`);
    await page.check("#require-two-factor");
    await page.click("text=Save policy");
    expect(await page.textContent("[role=status]")).toContain("Two-factor sign-in is now required");
    await page.fill("#field-email", "dev@twofactor.example");
    await page.selectOption("#invite-role", "developer");
    await page.click("text=Create invite link");
    const inviteUrl = ((await page.textContent("#invite-link")) ?? "").trim();
    expect((await smtp.waitFor("dev@twofactor.example")).raw).toContain(inviteUrl);
    await screenshots(page, "members-policy");

    const dev = await browser.newContext();
    const devPage = await dev.newPage();
    await devPage.goto(inviteUrl);
    await devPage.fill("#field-password", PASSWORD);
    await devPage.fill("#field-confirm", PASSWORD);
    await devPage.click("main button[type=submit]");
    await devPage.waitForURL(`${base}/dashboard/account/two-factor`);
    expect(await devPage.textContent("[role=alert]")).toContain("Your team requires two-factor sign-in");
    await devPage.goto(`${base}/dashboard/teams/${teamId}/api-keys`);
    expect(devPage.url()).toBe(`${base}/dashboard/account/two-factor`);
    await screenshots(devPage, "enrol-required");
    // Readable at 360 px: nothing wider than the screen (the QR code and the key fit).
    await devPage.setViewportSize({ width: 360, height: 800 });
    expect(await devPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await devPage.screenshot({ path: `${SHOTS}enrol-required-360.png`, fullPage: true });
    await dev.close();
  });
});
