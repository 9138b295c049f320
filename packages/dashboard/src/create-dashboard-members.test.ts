import { randomUUID } from "node:crypto";
import { encodeCursor } from "@marketplace/core";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { join, setupDashboardApp, t } from "../../../test/helpers/dashboard-support/create-dashboard.ts";
import { inviteMail, lifetimeWords } from "./features/members.tsx";

setupDashboardApp();

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
    const invitedHtml = await invited.text();
    // From the invite's own times (the default lifetime here), not a sentence written once.
    expect(invitedHtml).toContain("It works once, for 72 hours.");
    const link = /<code id="invite-link">([^<]+)<\/code>/.exec(invitedHtml)?.[1] as string;
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

  it("pages through one millisecond's entries in write order; a bad or unknown cursor never fails the page", async () => {
    const { teamId } = await t.createTeam("provider");
    const owner = await join(await t.invite(teamId, "pages@example.com"));
    // 55 entries of one millisecond, a day back, written one after another (#0 first).
    const at = new Date(Date.now() - 86_400_000);
    for (let i = 0; i < 55; i += 1) {
      await sql`
        insert into audit_log (id, team_id, created_at, actor_type, actor_label, action, detail)
        values (gen_random_uuid(), ${teamId}, ${at}, 'operator', 'operator', 'member.signed_out', ${`entry #${i}`})
      `.execute(t.database.db);
    }
    const numbers = (html: string) => [...html.matchAll(/entry #(\d+)/g)].map((m) => Number(m[1]));
    const base = `/dashboard/teams/${teamId}/audit-log`;
    const first = await (await owner.get(base)).text();
    // 50 a page: the invite, the join and the sign-in, then #54 down to #8, the last written first.
    expect(numbers(first)).toEqual(Array.from({ length: 47 }, (_, k) => 54 - k));
    const older = /href="([^"]*audit-log\?cursor=[^"]+)"/.exec(first)?.[1]?.replaceAll("&amp;", "&") as string;
    expect(older).toBeTruthy();
    expect(numbers(await (await owner.get(older)).text())).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);

    // A cursor that is not one restarts at the first page; one of an entry not in this team's log
    // (a stale cursor) ends the walk: an empty page, not an error.
    const tampered = await owner.get(`${base}?cursor=not-a-cursor`);
    expect(tampered.status).toBe(200);
    expect(numbers(await tampered.text())).toEqual(numbers(first));
    const unknown = await owner.get(`${base}?cursor=${encodeCursor("audit_log", randomUUID())}`);
    expect(unknown.status).toBe(200);
    expect(numbers(await unknown.text())).toEqual([]);
  });
});

describe("an invite's lifetime in words", () => {
  it("says hours from two hours up, else minutes, as the invite's times give it", () => {
    expect(lifetimeWords(72 * 3_600_000)).toBe("72 hours");
    expect(lifetimeWords(2 * 3_600_000)).toBe("2 hours");
    expect(lifetimeWords(90 * 60_000)).toBe("90 minutes");
    expect(lifetimeWords(60_000)).toBe("1 minute");
    expect(lifetimeWords(10)).toBe("1 minute");
  });

  it("puts a configured lifetime in the invite e-mail", () => {
    const mail = inviteMail(
      "Acme",
      "developer",
      "https://example.com/dashboard/invite/mi_x",
      lifetimeWords(90 * 60_000),
    );
    expect(mail.text).toContain("(it works once, for 90 minutes)");
    expect(mail.text).not.toContain("72 hours");
  });
});
