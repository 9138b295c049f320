import { describe, expect, it } from "vitest";
import { createMarketplace } from "../marketplace.ts";
import { operatorCaller } from "../members/index.ts";
import { InMemoryUnitOfWork } from "./index.ts";

// The members feature's use cases over the in-memory adapter: what an embedder's unit test does.
const passwordHasher = {
  hash: async (password: string) => `plain:${password}`,
  verify: async (hash: string, password: string) => hash === `plain:${password}`,
};

describe("members over InMemoryUnitOfWork", () => {
  it("invites, joins with a session, lists the log newest first, and removes the member with its sessions", async () => {
    let now = new Date("2030-01-01T00:00:00.000Z");
    const clock = { now: () => new Date(now) };
    const unitOfWork = new InMemoryUnitOfWork({ clock });
    const marketplace = createMarketplace({ unitOfWork, clock, members: { passwordHasher } });
    const { team } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    const operator = operatorCaller();
    const origin = { ip: "203.0.113.9", userAgent: "Firefox" };

    const { invite, token } = await marketplace.members.invite(
      team.id,
      { email: "Dev@Example.com", role: "developer" },
      operator,
    );
    expect(await marketplace.members.listInvites(team.id, operator)).toEqual([invite]);
    now = new Date(now.getTime() + 1000);
    const joined = await marketplace.members.acceptInvite(token, "a long enough passphrase", origin);
    expect(joined.member).toMatchObject({ teamId: team.id, email: "dev@example.com", role: "developer" });
    expect(await marketplace.members.listInvites(team.id, operator)).toEqual([]);

    const session = await marketplace.members.authenticate(joined.token);
    expect(session?.member).toEqual(joined.member);
    expect(session?.twoFactor).toEqual({ enabled: false, required: false });

    // The join and its sign-in share the instant (the clock stands still): both keep it, and the
    // sign-in, written second, lists first.
    const log = await marketplace.members.auditLog(team.id, {}, { kind: "page", limit: 2, after: null });
    expect(log).toMatchObject({
      hasMore: true,
      data: [
        { action: "member.signed_in", createdAt: now },
        { action: "member.joined", createdAt: now },
      ],
    });

    await marketplace.members.remove(team.id, joined.member.id, operator);
    expect(await marketplace.members.authenticate(joined.token)).toBeNull();
    expect(await marketplace.members.list(team.id, operator)).toEqual([]);
  });

  it("records a recovery-code sign-in at its real time, listed above the code it used (write order)", async () => {
    const now = new Date("2030-01-01T00:00:00.000Z");
    const clock = { now: () => new Date(now) };
    const unitOfWork = new InMemoryUnitOfWork({ clock });
    const totp = {
      newSecret: () => "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
      uri: () => "otpauth://totp/bench",
      match: (_secret: string, code: string) => (code === "123456" ? 1 : null),
    };
    const marketplace = createMarketplace({ unitOfWork, clock, members: { passwordHasher, totp } });
    const { team } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    const origin = { ip: "203.0.113.9", userAgent: "Firefox" };
    const password = "a long enough passphrase";
    const { token } = await marketplace.members.invite(
      team.id,
      { email: "ana@example.com", role: "owner" },
      operatorCaller(),
    );
    const joined = await marketplace.members.acceptInvite(token, password, origin);
    const auth = await marketplace.members.authenticate(joined.token);
    if (!auth) throw new Error("no session");
    await marketplace.twoFactor.enrolment(auth);
    const codes = await marketplace.twoFactor.confirmEnrolment(auth, "123456", origin);
    const started = await marketplace.members.signIn({ email: "ana@example.com", password }, origin);
    if (!("secondStep" in started)) throw new Error("no second step");
    await marketplace.twoFactor.completeSignIn(started.secondStep.token, codes[0] as string, origin);

    const log = await marketplace.members.auditLog(team.id, {}, { kind: "all" });
    const entries = Array.isArray(log) ? log : log.data;
    expect(entries.map((entry) => entry.action)).toEqual([
      "member.signed_in",
      "member.2fa_recovery_code_used",
      "member.2fa_enabled",
      "member.signed_in",
      "member.joined",
      "member.invited",
    ]);
    expect(entries.map((entry) => entry.createdAt.toISOString())).toEqual(entries.map(() => now.toISOString()));
  });
});
