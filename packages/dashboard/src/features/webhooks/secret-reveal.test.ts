import { sql } from "kysely";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDashboardTestApp,
  DASHBOARD_ADMIN_TOKEN,
  type DashboardTestApp,
  FormClient,
} from "../../../../../test/helpers/dashboard.ts";

// "Show the secret" (issue 29: viewing the secret again requires recent sign-in) over real
// PostgreSQL: a sign-in within 10 minutes shows it; an older one asks for the password (and a code
// with two-factor) on the same page; every reveal and every wrong password is in the audit log.

const PASSWORD = "correct horse battery staple";
let t: DashboardTestApp;

beforeAll(async () => {
  t = await createDashboardTestApp();
});
afterAll(() => t?.close());

function operator() {
  return { actor: { type: "operator" as const, id: null, label: "operator" }, member: null, ip: null, userAgent: null };
}

async function join(teamId: string, email: string, role: "owner" | "viewer"): Promise<FormClient> {
  const token = await t.invite(teamId, email, role);
  const client = new FormClient((request) => t.fetch(request));
  expect((await client.get(`/dashboard/invite/${token}`)).status).toBe(303);
  expect((await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
  return client;
}

async function endpoint(teamId: string) {
  return t.marketplace.webhookPortal.create(
    teamId,
    { url: "https://hooks.reveal.example/h", events: ["order.created"] },
    operator(),
  );
}

/** Moves every session of the member back `minutes`, as if they signed in that long ago. */
async function age(email: string, minutes: number): Promise<void> {
  await sql`
    update member_sessions set created_at = now() - make_interval(mins => ${minutes}),
      reauthenticated_at = case when reauthenticated_at is null then null else now() - make_interval(mins => ${minutes}) end
    where member_id = (select id from members where email = ${email})
  `.execute(t.database.db);
}

const shown = (html: string) => /<code id="shown-secret">(whsec_[^<]+)<\/code>/.exec(html)?.[1];

async function auditActions(teamId: string): Promise<string[]> {
  const page = await t.marketplace.members.auditLog(teamId, {}, { kind: "all" });
  return (Array.isArray(page) ? page : page.data).map(
    (entry) => `${entry.action}${entry.detail ? ` (${entry.detail})` : ""}`,
  );
}

describe("show the secret", () => {
  it("shows it within 10 minutes of sign-in, asks for the password after, refuses a wrong one, audits", async () => {
    const { teamId } = await t.createTeam("provider", "Reveal Energy");
    const owner = await join(teamId, "owner@reveal.example", "owner");
    const webhook = await endpoint(teamId);
    const path = `/dashboard/teams/${teamId}/webhooks/${webhook.id}`;

    const page = await (await owner.get(path)).text();
    expect(page).toContain("Show the secret");
    expect(page).not.toContain(webhook.secret);

    const now = await owner.post(`${path}/secret`, {});
    expect(now.status).toBe(200);
    expect(now.headers.get("cache-control")).toBe("no-store");
    expect(shown(await now.text())).toBe(webhook.secret);
    expect(await auditActions(teamId)).toContain("webhook.secret_viewed");

    await age("owner@reveal.example", 11);
    const asked = await owner.post(`${path}/secret`, {});
    expect(asked.status).toBe(200);
    const askedHtml = await asked.text();
    expect(askedHtml).toContain("Confirm it is you");
    expect(askedHtml).toContain('id="field-password"');
    expect(askedHtml).not.toContain('id="field-code"');
    expect(askedHtml).not.toContain(webhook.secret);

    const wrong = await owner.post(`${path}/secret`, { password: "not the password at all" });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toMatch(/id="field-password-error">This password is not right\./);
    expect(wrongHtml).not.toContain(webhook.secret);
    expect(await auditActions(teamId)).toContain("member.sign_in_failed (step-up: wrong password)");

    const right = await owner.post(`${path}/secret`, { password: PASSWORD });
    expect(right.status).toBe(200);
    expect(shown(await right.text())).toBe(webhook.secret);
    // The step-up is recorded on the session: the next reveal needs nothing typed.
    expect(shown(await (await owner.post(`${path}/secret`, {})).text())).toBe(webhook.secret);
    expect((await auditActions(teamId)).filter((a) => a === "webhook.secret_viewed")).toHaveLength(3);
  });

  it("asks for a code too when the member has two-factor sign-in", async () => {
    const { teamId } = await t.createTeam("provider", "Code Energy");
    const owner = await join(teamId, "owner@code.example", "owner");
    const webhook = await endpoint(teamId);
    const path = `/dashboard/teams/${teamId}/webhooks/${webhook.id}`;
    const auth = await t.marketplace.members.authenticate(owner.cookies.get("mk_session") ?? "");
    if (!auth) throw new Error("no session");
    const { secret } = await t.marketplace.twoFactor.enrolment(auth);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
    const origin = { ip: "127.0.0.1", userAgent: null };
    await t.marketplace.twoFactor.confirmEnrolment(auth, totp.generate({ timestamp: Date.now() - 30_000 }), origin);

    await age("owner@code.example", 11);
    const asked = await (await owner.post(`${path}/secret`, {})).text();
    expect(asked).toContain('id="field-code"');
    const noCode = await owner.post(`${path}/secret`, { password: PASSWORD, code: "000000" });
    expect(noCode.status).toBe(400);
    const noCodeHtml = await noCode.text();
    expect(noCodeHtml).toMatch(/id="field-code-error">This code is not right/);
    expect(noCodeHtml).not.toContain(webhook.secret);
    expect(await auditActions(teamId)).toContain("member.sign_in_failed (step-up: wrong two-factor code)");
    const ok = await owner.post(`${path}/secret`, { password: PASSWORD, code: totp.generate() });
    expect(ok.status).toBe(200);
    expect(shown(await ok.text())).toBe(webhook.secret);
  });

  it("is 404 for another team's endpoint and 403 for a viewer", async () => {
    const { teamId } = await t.createTeam("provider", "Own Energy");
    const other = await t.createTeam("provider", "Other Energy");
    const owner = await join(teamId, "owner@own.example", "owner");
    const viewer = await join(teamId, "viewer@own.example", "viewer");
    const theirs = await endpoint(other.teamId);
    const mine = await endpoint(teamId);
    const foreign = await owner.post(`/dashboard/teams/${teamId}/webhooks/${theirs.id}/secret`, {});
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).not.toContain(theirs.secret);
    const viewerPage = await (await viewer.get(`/dashboard/teams/${teamId}/webhooks/${mine.id}`)).text();
    expect(viewerPage).not.toContain("Show the secret");
    const refused = await viewer.post(`/dashboard/teams/${teamId}/webhooks/${mine.id}/secret`, {});
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain(mine.secret);
    expect(await auditActions(teamId)).not.toContain("webhook.secret_viewed");
  });

  it("lets a portal session with view_secrets see it only within 10 minutes of opening its link", async () => {
    const { teamId } = await t.createTeam("provider", "Portal Reveal Energy");
    const webhook = await endpoint(teamId);
    const path = `/dashboard/teams/${teamId}/webhooks/${webhook.id}`;
    const open = async (capabilities: string[], sessionLabel: string) => {
      const issued = await t.fetch(
        new Request(`http://127.0.0.1/admin/teams/${teamId}/portal-links`, {
          method: "POST",
          headers: { authorization: `Bearer ${DASHBOARD_ADMIN_TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ capabilities, sessionLabel, expiresIn: 3600 }),
        }),
      );
      expect(issued.status).toBe(201);
      const client = new FormClient((request) => t.fetch(request));
      expect((await client.get(new URL(((await issued.json()) as { url: string }).url).pathname)).status).toBe(303);
      return client;
    };
    const viewOnly = await open(["view"], "view-only");
    expect(await (await viewOnly.get(path)).text()).not.toContain("Show the secret");
    expect((await viewOnly.post(`${path}/secret`, {})).status).toBe(403);

    const secrets = await open(["view", "view_secrets"], "secrets");
    expect(await (await secrets.get(path)).text()).toContain("Show the secret");
    const now = await secrets.post(`${path}/secret`, {});
    expect(now.status).toBe(200);
    expect(shown(await now.text())).toBe(webhook.secret);
    // Nothing else opens up: view_secrets is not manage_endpoints.
    expect((await secrets.post(`${path}/pause`, {})).status).toBe(403);

    await sql`update portal_links set opened_at = now() - interval '11 minutes' where session_label = 'secrets'`.execute(
      t.database.db,
    );
    const late = await secrets.post(`${path}/secret`, {});
    expect(late.status).toBe(403);
    const lateHtml = await late.text();
    expect(lateHtml).toContain("shows secrets only in its first 10 minutes");
    expect(lateHtml).not.toContain(webhook.secret);
  });
});
