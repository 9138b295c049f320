import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logMailer, smtpMailer } from "../../../examples/server/src/mailer.ts";
import { createDashboardTestApp, type DashboardTestApp, FormClient } from "../../../test/helpers/dashboard.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../../../test/helpers/smtp.ts";

// Password reset by e-mailed link, delivered by nodemailer to a real SMTP server the test starts.

const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new passphrase here";

let t: DashboardTestApp;
let smtp: TestSmtpServer;
/** Every line the dashboard logged, as JSON. */
const logged: string[] = [];
const record =
  (level: string) =>
  (message: string, fields: Record<string, unknown> = {}) => {
    logged.push(JSON.stringify({ level, message, ...fields }));
  };
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createDashboardTestApp({
    mailer: smtpMailer(smtp.url, "Marketplace <no-reply@example.com>"),
    logger: { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

function linkIn(mail: { raw: string }): string {
  const link = /http:\/\/127\.0\.0\.1\/dashboard\/reset-password\/mr_[A-Za-z0-9_-]{43}/.exec(mail.raw)?.[0];
  if (!link) throw new Error(`no reset link in:\n${mail.raw}`);
  return link;
}

describe("password reset", () => {
  it("mails a single-use link; the new password works and every session ends", async () => {
    const { teamId } = await t.createTeam("provider");
    const email = "reset.me@example.com";
    const token = await t.invite(teamId, email);
    const signedIn = new FormClient((request) => t.fetch(request));
    await signedIn.get(`/dashboard/invite/${token}`);
    await signedIn.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD });
    expect((await signedIn.get(`/dashboard/teams/${teamId}`)).status).toBe(200);

    const browser = new FormClient((request) => t.fetch(request));
    const signInPage = await (await browser.get("/dashboard/sign-in")).text();
    expect(signInPage).toContain("Forgot your password?");
    const asked = await browser.post("/dashboard/forgot-password", { email: "Reset.Me@Example.com" });
    expect(asked.status).toBe(200);
    const answer = await asked.text();
    expect(answer).toContain("If an account uses this address");

    // The same answer for an address nobody uses, and no mail for it.
    const unknown = await browser.post("/dashboard/forgot-password", { email: "nobody@example.com" });
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain("If an account uses this address");

    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe("no-reply@example.com");
    expect(mail.subject).toBe("Reset your Marketplace dashboard password");
    const link = linkIn(mail);
    const path = new URL(link).pathname;

    // The token leaves the URL at once, into a short-lived cookie.
    const opened = await browser.get(path);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/dashboard/reset-password");
    expect(browser.cookies.get("mk_reset")).toMatch(/^mr_/);
    const form = await browser.get("/dashboard/reset-password");
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(email);

    const tooShort = await browser.post("/dashboard/reset-password", { password: "short", confirm: "short" });
    expect(tooShort.status).toBe(400);
    expect(await tooShort.text()).toContain("at least 12 characters");
    const done = await browser.post("/dashboard/reset-password", { password: NEW_PASSWORD, confirm: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Your password is changed");

    // The old session ended; the link is used up; the new password signs in, the old one does not.
    expect((await signedIn.get(`/dashboard/teams/${teamId}`)).status).toBe(303);
    const reused = await new FormClient((request) => t.fetch(request)).get(path);
    expect(reused.status).toBe(404);
    const old = await new FormClient((request) => t.fetch(request)).post("/dashboard/sign-in", {
      email,
      password: PASSWORD,
    });
    expect(old.status).toBe(400);
    const fresh = await new FormClient((request) => t.fetch(request)).post("/dashboard/sign-in", {
      email,
      password: NEW_PASSWORD,
    });
    expect(fresh.status).toBe(303);

    const log = await t.marketplace.members.auditLog(teamId, {}, { kind: "all" });
    const actions = (Array.isArray(log) ? log : log.data).map((entry) => entry.action);
    expect(actions).toContain("member.password_reset_requested");
    expect(actions).toContain("member.password_reset");
    expect(smtp.mails.some((m) => m.to.includes("nobody@example.com"))).toBe(false);

    // The log says a reset mail went to whom, and never carries the token (its path is masked).
    expect(logged.some((line) => line.includes('"purpose":"password reset"') && line.includes(email))).toBe(true);
    expect(logged.some((line) => line.includes('"path":"/dashboard/reset-password/…"'))).toBe(true);
    expect(logged.filter((line) => /mr_[A-Za-z0-9_-]{10}/.test(line))).toEqual([]);
  });

  it("an owner's invite is e-mailed too, and the link is still shown once", async () => {
    const { teamId } = await t.createTeam("reseller");
    const token = await t.invite(teamId, "boss.mail@example.com");
    const owner = new FormClient((request) => t.fetch(request));
    await owner.get(`/dashboard/invite/${token}`);
    await owner.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD });
    const page = await owner.post(`/dashboard/teams/${teamId}/invites`, {
      email: "new.hire@example.com",
      role: "developer",
    });
    expect(page.status).toBe(200);
    const shown = /\/dashboard\/invite\/mi_[A-Za-z0-9_-]{43}/.exec(await page.text())?.[0];
    const mail = await smtp.waitFor("new.hire@example.com");
    expect(mail.raw).toContain(`http://127.0.0.1${shown}`);
  });

  it("an address that is not one is refused beside the field, keeping what was typed", async () => {
    const browser = new FormClient((request) => t.fetch(request));
    const bad = await browser.post("/dashboard/forgot-password", { email: "not-an-address" });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Enter an e-mail address such as name@example.com.");
    expect(html).toContain('value="not-an-address"');
  });
});

describe("log mailer", () => {
  it("prints the mail's text (with its link) only outside production", async () => {
    const lines: { message: string; fields: Record<string, unknown> }[] = [];
    const logger = {
      debug() {},
      info: (message: string, fields: Record<string, unknown> = {}) => lines.push({ message, fields }),
      warn() {},
      error() {},
    };
    const mail = { to: "a@example.com", subject: "Reset", text: "open https://x/reset-password/mr_secret" };
    await logMailer(logger, { includeText: true }).send(mail);
    await logMailer(logger, { includeText: false }).send(mail);
    expect(lines[0]?.fields).toMatchObject({ to: "a@example.com", text: mail.text });
    expect(JSON.stringify(lines[1])).not.toContain("mr_secret");
    expect(lines[1]?.fields).toMatchObject({ to: "a@example.com", subject: "Reset" });
  });
});
