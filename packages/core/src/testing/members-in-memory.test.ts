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

    const log = await marketplace.members.auditLog(team.id, {}, { kind: "page", limit: 2, after: null });
    expect(log).toMatchObject({ hasMore: true, data: [{ action: "member.signed_in" }, { action: "member.joined" }] });

    await marketplace.members.remove(team.id, joined.member.id, operator);
    expect(await marketplace.members.authenticate(joined.token)).toBeNull();
    expect(await marketplace.members.list(team.id, operator)).toEqual([]);
  });
});
