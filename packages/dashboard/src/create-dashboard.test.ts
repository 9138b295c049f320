import { createDatabase, createPool, PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { createMarketplace } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDashboardTestApp,
  DASHBOARD_ADMIN_TOKEN,
  type DashboardTestApp,
  FormClient,
} from "../../../test/helpers/dashboard.ts";
import { argon2idPasswordHasher } from "./argon2id-password-hasher.ts";
import { createDashboard } from "./create-dashboard.tsx";

const PASSWORD = "correct horse battery staple";

let t: DashboardTestApp;
beforeAll(async () => {
  t = await createDashboardTestApp();
});
afterAll(() => t?.close());

/** Accepts an invite in a fresh client; the client is signed in afterwards. */
async function join(token: string, password = PASSWORD): Promise<FormClient> {
  const client = new FormClient((request) => t.fetch(request));
  const opened = await client.get(`/dashboard/invite/${token}`);
  expect(opened.status).toBe(303);
  expect(opened.headers.get("location")).toBe("/dashboard/invite");
  const accepted = await client.post("/dashboard/invite", { password, confirm: password });
  expect(accepted.status).toBe(303);
  return client;
}

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

describe("page security", () => {
  it("refuses a form from another origin and changes nothing", async () => {
    const { teamId } = await t.createTeam("provider");
    const owner = await join(await t.invite(teamId, "csrf@example.com"));
    const before = await t.marketplace.apiKeys.list(teamId, {
      actor: { type: "operator", id: null, label: "t" },
      member: null,
      ip: null,
      userAgent: null,
    });
    const forged = await owner.post(
      `/dashboard/teams/${teamId}/api-keys`,
      { name: "evil" },
      { origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("This form was not accepted");
    const after = await t.marketplace.apiKeys.list(teamId, {
      actor: { type: "operator", id: null, label: "t" },
      member: null,
      ip: null,
      userAgent: null,
    });
    expect(after.length).toBe(before.length);
  });

  it("answers 404 for another team's id, and sends a signed-out browser to sign in", async () => {
    const mine = await t.createTeam("provider");
    const theirs = await t.createTeam("provider");
    const owner = await join(await t.invite(mine.teamId, "nosy@example.com"));
    for (const path of ["", "/api-keys", "/members", "/audit-log"]) {
      const response = await owner.get(`/dashboard/teams/${theirs.teamId}${path}`);
      expect(response.status, path).toBe(404);
    }
    const revoke = await owner.post(
      `/dashboard/teams/${theirs.teamId}/api-keys/00000000-0000-4000-8000-000000000000/revoke`,
      {},
    );
    expect(revoke.status).toBe(404);
    const anonymous = new FormClient((request) => t.fetch(request));
    const redirected = await anonymous.get(`/dashboard/teams/${mine.teamId}`);
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get("location")).toBe("/dashboard/sign-in");
  });

  it("serves the assets with long-lived caching under hashed names", async () => {
    const client = new FormClient((request) => t.fetch(request));
    const page = await (await client.get("/dashboard/sign-in")).text();
    const assets = [...page.matchAll(/(?:href|src)="(\/dashboard\/assets\/[^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(assets).toHaveLength(2);
    for (const path of assets) {
      expect(path).toMatch(/dashboard\.[0-9a-f]{12}\.(css|js)$/);
      const asset = await client.get(path);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect(page.length).toBeLessThan(50_000);
  });

  it("shows a 503 'try again' page when the database is down", async () => {
    const pool = createPool({ connectionString: "postgres://nobody@127.0.0.1:1/none", max: 1 });
    const marketplace = createMarketplace({
      unitOfWork: new PostgresUnitOfWork({ db: createDatabase(pool) }),
      members: { passwordHasher: argon2idPasswordHasher({ memorySize: 1024, iterations: 1 }) },
    });
    const dashboard = createDashboard({ marketplace, secureCookies: false });
    const client = new FormClient(async (request) => dashboard.fetch(request));
    const response = await client.post("/sign-in", { email: "a@example.com", password: PASSWORD });
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("Please try again in a moment");
    expect(html).not.toMatch(/at .*\.ts:\d+/);
    await pool.end();
  });

  it("names the session cookie __Host- with Secure by default", async () => {
    const secure = await createDashboardTestApp({ secureCookies: true });
    try {
      const { teamId } = await secure.createTeam("provider");
      const client = new FormClient((request) => secure.fetch(request), "https://127.0.0.1");
      await client.get(`/dashboard/invite/${await secure.invite(teamId, "secure@example.com")}`);
      expect(client.cookies.has("__Host-mk_invite")).toBe(true);
      const accepted = await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD });
      expect(accepted.headers.getSetCookie().join("\n")).toMatch(
        /__Host-mk_session=ms_[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax/,
      );
    } finally {
      await secure.close();
    }
  });
});

describe("API keys", () => {
  it("creates a key shown once, which the API accepts; rolls it; revokes it (401)", async () => {
    const { teamId } = await t.createTeam("provider");
    const owner = await join(await t.invite(teamId, "keys@example.com"));
    const missing = await owner.post(`/dashboard/teams/${teamId}/api-keys`, { name: "  " });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Give the key a name");

    const created = await owner.post(`/dashboard/teams/${teamId}/api-keys`, { name: "production" });
    expect(created.status).toBe(200);
    const key = /<code id="new-key">(mk_[A-Za-z0-9_-]{43})<\/code>/.exec(await created.text())?.[1] as string;
    expect(key).toBeTruthy();
    const api = (k: string) =>
      t.fetch(new Request("http://127.0.0.1/provider/offers", { headers: { "x-api-key": k } }));
    expect((await api(key)).status).toBe(200);

    const list = await (await owner.get(`/dashboard/teams/${teamId}/api-keys`)).text();
    expect(list).not.toContain(key);
    expect(list).toContain(key.slice(0, 11));
    expect(list).toContain("keys@example.com");

    const keys = await t.marketplace.apiKeys.list(teamId, {
      actor: { type: "operator", id: null, label: "t" },
      member: null,
      ip: null,
      userAgent: null,
    });
    const production = keys.find((k) => k.name === "production");
    const rolled = await owner.post(`/dashboard/teams/${teamId}/api-keys/${production?.id}/roll`, { overlap: "1h" });
    expect(rolled.status).toBe(200);
    const rolledHtml = await rolled.text();
    const newKey = /<code id="new-key">(mk_[A-Za-z0-9_-]{43})<\/code>/.exec(rolledHtml)?.[1] as string;
    expect(newKey).not.toBe(key);
    expect(rolledHtml).toContain("keeps working until");
    expect((await api(key)).status).toBe(200);
    expect((await api(newKey)).status).toBe(200);

    const newId = (
      await t.marketplace.apiKeys.list(teamId, {
        actor: { type: "operator", id: null, label: "t" },
        member: null,
        ip: null,
        userAgent: null,
      })
    ).find((k) => k.prefix === newKey.slice(0, 11))?.id;
    const rolledNow = await owner.post(`/dashboard/teams/${teamId}/api-keys/${newId}/roll`, { overlap: "now" });
    const newest = /<code id="new-key">(mk_[A-Za-z0-9_-]{43})<\/code>/.exec(await rolledNow.text())?.[1] as string;
    expect((await api(newKey)).status).toBe(401);
    expect((await api(newest)).status).toBe(200);

    const newestId = (
      await t.marketplace.apiKeys.list(teamId, {
        actor: { type: "operator", id: null, label: "t" },
        member: null,
        ip: null,
        userAgent: null,
      })
    ).find((k) => k.prefix === newest.slice(0, 11))?.id;
    const revoked = await owner.post(`/dashboard/teams/${teamId}/api-keys/${newestId}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain("is revoked");
    expect((await api(newest)).status).toBe(401);

    const audit = await t.fetch(
      new Request("http://127.0.0.1/provider/audit-log?limit=100", { headers: { "x-api-key": key } }),
    );
    expect(audit.status).toBe(200);
    const page = (await audit.json()) as { data: { action: string; actor: { label: string } }[]; hasMore: boolean };
    expect(page.data.map((entry) => entry.action)).toEqual([
      "api_key.revoked",
      "api_key.rolled",
      "api_key.rolled",
      "api_key.created",
      "member.signed_in",
      "member.joined",
      "member.invited",
    ]);
    expect(page.data[0]?.actor.label).toBe("keys@example.com");
    expect(page.data.at(-1)?.actor.label).toBe("operator");
  });

  it("a viewer sees the keys but cannot create one", async () => {
    const { teamId } = await t.createTeam("provider");
    await join(await t.invite(teamId, "own@example.com"));
    const viewer = await join(await t.invite(teamId, "view@example.com", "viewer"));
    const page = await (await viewer.get(`/dashboard/teams/${teamId}/api-keys`)).text();
    expect(page).toContain("Your role can see the keys but not change them");
    const refused = await viewer.post(`/dashboard/teams/${teamId}/api-keys`, { name: "sneaky" });
    expect(refused.status).toBe(403);
    expect((await viewer.get(`/dashboard/teams/${teamId}/audit-log`)).status).toBe(403);
  });
});

describe("members", () => {
  it("invites a member, changes the role, removes them: their session ends at once", async () => {
    const { teamId } = await t.createTeam("hybrid");
    const owner = await join(await t.invite(teamId, "boss@example.com"));
    const bad = await owner.post(`/dashboard/teams/${teamId}/invites`, { email: "not-an-address", role: "developer" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('id="field-email-error">Enter an e-mail address');
    expect(badHtml).toContain('value="not-an-address"');

    const invited = await owner.post(`/dashboard/teams/${teamId}/invites`, {
      email: "dev@example.com",
      role: "developer",
    });
    expect(invited.status).toBe(200);
    const link = /<code id="invite-link">([^<]+)<\/code>/.exec(await invited.text())?.[1] as string;
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1\/dashboard\/invite\/mi_/);
    const dev = await join(link.split("/").at(-1) as string);
    const devMember = (
      await t.marketplace.members.list(teamId, {
        actor: { type: "operator", id: null, label: "t" },
        member: null,
        ip: null,
        userAgent: null,
      })
    ).find((m) => m.email === "dev@example.com");
    expect(devMember?.role).toBe("developer");

    const changed = await owner.post(`/dashboard/teams/${teamId}/members/${devMember?.id}/role`, { role: "viewer" });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("dev@example.com is now viewer");

    const ownerId = (
      await t.marketplace.members.list(teamId, {
        actor: { type: "operator", id: null, label: "t" },
        member: null,
        ip: null,
        userAgent: null,
      })
    ).find((m) => m.email === "boss@example.com")?.id;
    const lastOwner = await owner.post(`/dashboard/teams/${teamId}/members/${ownerId}/role`, { role: "viewer" });
    expect(lastOwner.status).toBe(422);
    expect(await lastOwner.text()).toContain("at least one owner");

    expect((await dev.get(`/dashboard/teams/${teamId}`)).status).toBe(200);
    const removed = await owner.post(`/dashboard/teams/${teamId}/members/${devMember?.id}/remove`, {});
    expect(removed.status).toBe(200);
    const after = await dev.get(`/dashboard/teams/${teamId}`);
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe("/dashboard/sign-in");

    const log = await (await owner.get(`/dashboard/teams/${teamId}/audit-log?action=member.role_changed`)).text();
    expect(log).toContain("role: developer -&gt; viewer");
    expect(log).not.toContain("Removed a member</td>");
  });
});

describe("the audit log in the database", () => {
  it("refuses UPDATE and DELETE", async () => {
    await expect(sql`update audit_log set action = 'x'`.execute(t.database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(t.database.db)).rejects.toThrow(/append-only/);
  });
});
