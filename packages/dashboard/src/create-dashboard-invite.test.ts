import { describe, expect, it } from "vitest";
import { DASHBOARD_ADMIN_TOKEN, FormClient } from "../../../test/helpers/dashboard.ts";
import { join, PASSWORD, setupDashboardApp, t } from "../../../test/helpers/dashboard-support/create-dashboard.ts";

setupDashboardApp();

describe("invite, accept, sign in", () => {
  it("an operator's invite link lets the owner choose a password and lands on the team's home", async () => {
    const { teamId } = await t.createTeam("provider", "Acme Energy");
    const admin = await t.fetch(
      new Request(`http://127.0.0.1/admin/teams/${teamId}/invites`, {
        method: "POST",
        headers: { authorization: `Bearer ${DASHBOARD_ADMIN_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify({ email: "Owner@Example.com", role: "owner" }),
      }),
    );
    expect(admin.status).toBe(201);
    const { inviteUrl, expiresAt } = (await admin.json()) as { inviteUrl: string; expiresAt: string };
    expect(inviteUrl).toMatch(/^http:\/\/127\.0\.0\.1\/dashboard\/invite\/mi_[A-Za-z0-9_-]{43}$/);
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    const client = new FormClient((request) => t.fetch(request));
    const opened = await client.get(new URL(inviteUrl).pathname);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/dashboard/invite");
    const form = await client.get("/dashboard/invite");
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain("Join Acme Energy");
    expect(formHtml).toContain("owner@example.com");
    expect(formHtml).not.toContain(new URL(inviteUrl).pathname.split("/").at(-1));

    const weak = await client.post("/dashboard/invite", { password: "password1234", confirm: "password1234" });
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    expect(weakHtml).toMatch(/id="field-password-error">Password is too common/);
    expect(weakHtml).toContain('aria-invalid="true"');

    const mismatch = await client.post("/dashboard/invite", { password: PASSWORD, confirm: `${PASSWORD}!` });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("The two passwords are not the same");

    const accepted = await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe(`/dashboard/teams/${teamId}`);
    expect(client.cookies.get("mk_session")).toMatch(/^ms_/);
    expect(client.cookies.has("mk_invite")).toBe(false);

    const home = await client.get(`/dashboard/teams/${teamId}`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain("What to do next");
    expect(html).toContain("Publish an offer");
    const csp = home.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(html).toContain(`nonce="${nonce}"`);
    expect(home.headers.get("cache-control")).toBe("no-store");

    // The link is single use.
    const again = new FormClient((request) => t.fetch(request));
    const reused = await again.get(new URL(inviteUrl).pathname);
    expect(reused.status).toBe(404);
    expect(await reused.text()).toContain("This invite link does not work");
  });

  it("signs in with the password; an unknown e-mail and a wrong password get the same answer", async () => {
    const { teamId } = await t.createTeam("reseller");
    await join(await t.invite(teamId, "rita@example.com"));
    const client = new FormClient((request) => t.fetch(request));
    const wrong = await client.post("/dashboard/sign-in", { email: "rita@example.com", password: "not the password" });
    const unknown = await client.post("/dashboard/sign-in", {
      email: "nobody@example.com",
      password: "not the password",
    });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    const strip = (html: string) => html.replace(/nonce="[^"]+"/g, "").replace(/value="[^"]*"/g, "");
    expect(strip(await wrong.text())).toBe(strip(await unknown.text()));
    expect(client.cookies.size).toBe(0);

    const kept = await client.post("/dashboard/sign-in", { email: "rita@example.com", password: "" });
    expect(kept.status).toBe(400);
    const keptHtml = await kept.text();
    expect(keptHtml).toContain('value="rita@example.com"');
    expect(keptHtml).toContain('id="field-password-error">Password is required.');

    const ok = await client.post("/dashboard/sign-in", { email: "RITA@example.com", password: PASSWORD });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/dashboard/teams/${teamId}`);
    const cookie = ok.headers.getSetCookie().join("\n");
    expect(cookie).toMatch(/mk_session=ms_[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const failed = await t.marketplace.members.auditLog(teamId, { action: "member.sign_in_failed" }, { kind: "all" });
    expect(Array.isArray(failed) && failed.map((entry) => entry.actor.label)).toEqual(["rita@example.com"]);
  });

  it("gives a new session id at each sign-in and ends it at sign-out", async () => {
    const { teamId } = await t.createTeam("provider");
    const first = await join(await t.invite(teamId, "sam@example.com"));
    const firstToken = first.cookies.get("mk_session");
    const second = new FormClient((request) => t.fetch(request));
    await second.post("/dashboard/sign-in", { email: "sam@example.com", password: PASSWORD });
    expect(second.cookies.get("mk_session")).not.toBe(firstToken);
    const out = await first.post("/dashboard/sign-out", {});
    expect(out.status).toBe(303);
    expect(first.cookies.has("mk_session")).toBe(false);
    expect(await t.marketplace.members.authenticate(firstToken)).toBeNull();
    expect((await second.get(`/dashboard/teams/${teamId}`)).status).toBe(200);
  });

  it("throttles sign-in per account", async () => {
    const { teamId } = await t.createTeam("provider");
    await join(await t.invite(teamId, "tom@example.com"));
    const client = new FormClient((request) => t.fetch(request));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await client.post("/dashboard/sign-in", { email: "tom@example.com", password: "wrong guess" })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
    const right = await client.post("/dashboard/sign-in", { email: "tom@example.com", password: PASSWORD });
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many sign-in attempts");
  });
});
