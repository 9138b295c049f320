import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardTestApp, type DashboardTestApp, FormClient } from "../../../test/helpers/dashboard.ts";
import { otpauthTotp } from "./otpauth-totp.ts";

const PASSWORD = "correct horse battery staple";

let t: DashboardTestApp;
beforeAll(async () => {
  t = await createDashboardTestApp();
});
afterAll(() => t?.close());

function codeAt(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: at,
  });
}

async function join(teamId: string, email: string, role: "owner" | "developer" = "owner"): Promise<FormClient> {
  const token = await t.invite(teamId, email, role);
  const client = new FormClient((request) => t.fetch(request));
  expect((await client.get(`/dashboard/invite/${token}`)).status).toBe(303);
  expect((await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
  return client;
}

/** Enrols the signed-in client; the secret and the recovery codes. */
async function enrol(client: FormClient): Promise<{ secret: string; codes: string[] }> {
  const page = await (await client.get("/dashboard/account/two-factor")).text();
  expect(page).toContain("<svg");
  const secret = /data-secret="([A-Z2-7]+)"/.exec(page)?.[1] as string;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // A wrong code: refused beside the field, nothing enabled.
  const wrong = await client.post("/dashboard/account/two-factor", {
    code: "000000" === codeAt(secret, Date.now()) ? "111111" : "000000",
  });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Code is not right");
  // The code of the previous step (clock drift) is accepted; the page shows the recovery codes once.
  const done = await client.post("/dashboard/account/two-factor", { code: codeAt(secret, Date.now() - 30_000) });
  expect(done.status).toBe(200);
  const html = await done.text();
  const codes = [...html.matchAll(/<li>([a-z0-9]{5}-[a-z0-9]{5})<\/li>/g)].map((m) => m[1] as string);
  expect(codes).toHaveLength(10);
  return { secret, codes };
}

async function signIn(email: string): Promise<{ client: FormClient; response: Response }> {
  const client = new FormClient((request) => t.fetch(request));
  const response = await client.post("/dashboard/sign-in", { email, password: PASSWORD });
  return { client, response };
}

describe("TOTP", () => {
  it("matches the current step and one either side, and nothing else", () => {
    const totp = otpauthTotp();
    const secret = totp.newSecret();
    const now = Date.UTC(2026, 0, 1, 12, 0, 15);
    const step = Math.floor(now / 30_000);
    expect(totp.match(secret, codeAt(secret, now), new Date(now))).toBe(step);
    expect(totp.match(secret, codeAt(secret, now - 30_000), new Date(now))).toBe(step - 1);
    expect(totp.match(secret, codeAt(secret, now + 30_000), new Date(now))).toBe(step + 1);
    expect(totp.match(secret, codeAt(secret, now - 90_000), new Date(now))).toBeNull();
    expect(totp.match(secret, "12345", new Date(now))).toBeNull();
    expect(totp.uri(secret, { issuer: "Marketplace", account: "a@example.com" })).toMatch(
      /^otpauth:\/\/totp\/Marketplace:a%40example\.com\?issuer=Marketplace&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/,
    );
  });
});

describe("two-factor sign-in", () => {
  it("enrols with a QR code, then asks for a code after the password; a wrong or reused code is refused", async () => {
    const { teamId } = await t.createTeam("provider");
    const email = "ada.2fa@example.com";
    const client = await join(teamId, email);
    const account = await (await client.get("/dashboard/account")).text();
    expect(account).toContain("Set up two-factor sign-in");
    const { secret } = await enrol(client);
    expect(await (await client.get("/dashboard/account")).text()).toContain("You have 10 recovery codes left");

    const { client: second, response } = await signIn(email);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/dashboard/sign-in/code");
    expect(second.cookies.has("mk_session")).toBe(false);
    expect(second.cookies.get("mk_sign_in")).toMatch(/^mc_/);
    // Not signed in yet: a team page sends to sign-in.
    expect((await second.get(`/dashboard/teams/${teamId}`)).headers.get("location")).toBe("/dashboard/sign-in");
    expect((await second.get("/dashboard/sign-in/code")).status).toBe(200);

    const wrong = await second.post("/dashboard/sign-in/code", { code: "12345x" });
    expect(wrong.status).toBe(400);
    const wrongCode = codeAt(secret, Date.now() - 120_000);
    const refused = await second.post("/dashboard/sign-in/code", { code: wrongCode });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This code is not right");

    const code = codeAt(secret, Date.now());
    const ok = await second.post("/dashboard/sign-in/code", { code });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe(`/dashboard/teams/${teamId}`);
    expect((await second.get(`/dashboard/teams/${teamId}`)).status).toBe(200);
    expect(second.cookies.has("mk_sign_in")).toBe(false);

    // The same code again, in a new sign-in: refused (replay).
    const { client: third } = await signIn(email);
    const replay = await third.post("/dashboard/sign-in/code", { code });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("used already");

    const log = await t.marketplace.members.auditLog(teamId, {}, { kind: "all" });
    const actions = entries(log).map((entry) => `${entry.action}${entry.detail ? ` (${entry.detail})` : ""}`);
    expect(actions).toContain("member.2fa_enabled (10 recovery codes)");
    expect(actions).toContain("member.sign_in_failed (wrong two-factor code)");
    expect(actions).toContain("member.sign_in_failed (reused two-factor code)");
    expect(actions).toContain("member.signed_in (with an authenticator code)");
  });

  it("a recovery code signs in once; turning it off needs the password", async () => {
    const { teamId } = await t.createTeam("reseller");
    const email = "rex.2fa@example.com";
    const client = await join(teamId, email);
    const { codes } = await enrol(client);
    const recovery = codes[3] as string;

    const { client: lost } = await signIn(email);
    const used = await lost.post("/dashboard/sign-in/code", { code: recovery.toUpperCase() });
    expect(used.status).toBe(303);
    const again = await signIn(email);
    const reused = await again.client.post("/dashboard/sign-in/code", { code: recovery });
    expect(reused.status).toBe(400);
    expect(await (await lost.get("/dashboard/account")).text()).toContain("You have 9 recovery codes left");
    expect(await (await lost.get("/dashboard/account")).text()).toContain("Get new recovery codes");

    // New recovery codes (password checked): the old ones stop working, the new ones work.
    const refusedCodes = await lost.post("/dashboard/account/two-factor/recovery-codes", {
      password: "nope nope nope",
    });
    expect(refusedCodes.status).toBe(400);
    const replaced = await lost.post("/dashboard/account/two-factor/recovery-codes", { password: PASSWORD });
    expect(replaced.status).toBe(200);
    const fresh = [...(await replaced.text()).matchAll(/<li>([a-z0-9]{5}-[a-z0-9]{5})<\/li>/g)].map(
      (m) => m[1] as string,
    );
    expect(fresh).toHaveLength(10);
    const old = await signIn(email);
    expect((await old.client.post("/dashboard/sign-in/code", { code: codes[5] as string })).status).toBe(400);
    expect((await old.client.post("/dashboard/sign-in/code", { code: fresh[0] as string })).status).toBe(303);

    const badPassword = await lost.post("/dashboard/account/two-factor/disable", { password: "not my password!" });
    expect(badPassword.status).toBe(400);
    expect(await badPassword.text()).toContain("This password is not right");
    const off = await lost.post("/dashboard/account/two-factor/disable", { password: PASSWORD });
    expect(off.status).toBe(200);
    expect(await off.text()).toContain("Two-factor sign-in is off");
    const plain = await signIn(email);
    expect(plain.response.headers.get("location")).toBe(`/dashboard/teams/${teamId}`);

    const log = await t.marketplace.members.auditLog(teamId, {}, { kind: "all" });
    const actions = entries(log).map((entry) => entry.action);
    expect(actions).toContain("member.2fa_recovery_code_used");
    // The sign-in the code made, written after it in the same transaction, lists right above it.
    const codeUsed = actions.indexOf("member.2fa_recovery_code_used");
    expect(entries(log)[codeUsed - 1]).toMatchObject({ action: "member.signed_in", detail: "with a recovery code" });
    expect(actions).toContain("member.2fa_disabled");
    expect(actions).toContain("member.2fa_recovery_codes_replaced");
  });

  it("a team that requires it sends a member without it to enrolment, and nowhere else", async () => {
    const { teamId } = await t.createTeam("provider");
    const owner = await join(teamId, "owner.policy@example.com");
    const dev = await join(teamId, "dev.policy@example.com", "developer");
    const set = await owner.post(`/dashboard/teams/${teamId}/two-factor-policy`, { require: "on" });
    expect(set.status).toBe(200);
    expect(await set.text()).toContain("Two-factor sign-in is now required");

    for (const path of [`/dashboard/teams/${teamId}`, `/dashboard/teams/${teamId}/api-keys`, "/dashboard/account"]) {
      const sent = await dev.get(path);
      expect(sent.status, path).toBe(303);
      expect(sent.headers.get("location")).toBe("/dashboard/account/two-factor");
    }
    const enrolment = await dev.get("/dashboard/account/two-factor");
    expect(await enrolment.text()).toContain("Your team requires two-factor sign-in");
    await enrol(dev);
    expect((await dev.get(`/dashboard/teams/${teamId}/api-keys`)).status).toBe(200);

    // A developer cannot change the policy; the owner's change is on the log.
    expect((await dev.post(`/dashboard/teams/${teamId}/two-factor-policy`, { require: "" })).status).toBe(403);
    const log = await t.marketplace.members.auditLog(teamId, { action: "team.2fa_policy_changed" }, { kind: "all" });
    expect(entries(log).map((entry) => entry.detail)).toEqual(["required of every member"]);
  });
});

function entries<T>(list: T[] | { data: T[] }): T[] {
  return Array.isArray(list) ? list : list.data;
}
