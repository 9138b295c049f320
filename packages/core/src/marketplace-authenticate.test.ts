import { beforeEach, describe, expect, it } from "vitest";
import {
  type FakeClock,
  freshMarketplace,
  type ProbedUnitOfWork,
  type RecordingLogger,
  rejection,
  START,
} from "../test/marketplace-harness.ts";
import { AuthenticationError } from "./errors.ts";
import type { Marketplace } from "./marketplace.ts";
import { generateApiKey, LAST_USED_RESOLUTION_MS } from "./teams/index.ts";

let uow: ProbedUnitOfWork;
let clock: FakeClock;
let logger: RecordingLogger;
let marketplace: Marketplace;

beforeEach(() => {
  ({ uow, clock, logger, marketplace } = freshMarketplace());
});

describe("auth.authenticate", () => {
  it.each([undefined, null, ""])("rejects a missing key (%j) without a lookup", async (key) => {
    const error = await rejection(marketplace.auth.authenticate(key));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).code).toBe("unauthenticated");
    expect(uow.probe.findByPrefix).toBe(0);
  });

  it.each([
    ["too short", "mk_abc"],
    ["a wrong prefix", `sk_${"a".repeat(43)}`],
    ["a Bearer scheme", `Bearer mk_${"a".repeat(43)}`],
    ["surrounding space", ` mk_${"a".repeat(43)} `],
    ["a bad character", `mk_${"a".repeat(42)}+`],
  ])("rejects a malformed key (%s) without a lookup", async (_, key) => {
    await expect(marketplace.auth.authenticate(key)).rejects.toBeInstanceOf(AuthenticationError);
    expect(uow.probe.findByPrefix).toBe(0);
  });

  it("rejects a well-formed key that was never issued", async () => {
    await marketplace.teams.create({ name: "Acme", role: "provider" });
    const { key } = await generateApiKey();
    await expect(marketplace.auth.authenticate(key)).rejects.toBeInstanceOf(AuthenticationError);
    expect(uow.probe.findByPrefix).toBe(1);
  });

  it("rejects a key that shares an issued key's prefix but not its secret", async () => {
    const { apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    const last = apiKey.key.at(-1) === "A" ? "B" : "A";
    const forged = apiKey.key.slice(0, -1) + last;
    expect(forged.slice(0, 11)).toBe(apiKey.prefix);
    await expect(marketplace.auth.authenticate(forged)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("rejects a revoked key, while the team's other key keeps working", async () => {
    const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "reseller" });
    const second = await marketplace.teams.createApiKey(team.id, { name: "CI" });
    await marketplace.auth.authenticate(apiKey.key);
    await marketplace.teams.revokeApiKey(team.id, apiKey.id);
    await expect(marketplace.auth.authenticate(apiKey.key)).rejects.toBeInstanceOf(AuthenticationError);
    await expect(marketplace.auth.authenticate(second.key)).resolves.toEqual({
      teamId: team.id,
      role: "reseller",
      apiKeyId: second.id,
    });
  });

  it("gives the same message for every failure", async () => {
    const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    await marketplace.teams.revokeApiKey(team.id, apiKey.id);
    const unknown = (await generateApiKey()).key;
    const messages = await Promise.all(
      [undefined, "mk_bad", unknown, apiKey.key].map(
        async (key) => ((await rejection(marketplace.auth.authenticate(key))) as Error).message,
      ),
    );
    expect(new Set(messages)).toEqual(new Set(["Missing or invalid API key"]));
  });

  it.each(["provider", "reseller", "hybrid"] as const)("returns the principal of a valid %s key", async (role) => {
    const { team, apiKey } = await marketplace.teams.create({ name: `${role} team`, role });
    const principal = await marketplace.auth.authenticate(apiKey.key);
    expect(principal).toEqual({ teamId: team.id, role, apiKeyId: apiKey.id });
  });

  it("tells apart keys of different teams", async () => {
    const a = await marketplace.teams.create({ name: "A", role: "provider" });
    const b = await marketplace.teams.create({ name: "B", role: "reseller" });
    expect((await marketplace.auth.authenticate(a.apiKey.key)).teamId).toBe(a.team.id);
    expect((await marketplace.auth.authenticate(b.apiKey.key)).teamId).toBe(b.team.id);
  });

  it(`records lastUsedAt at most once per ${LAST_USED_RESOLUTION_MS} ms`, async () => {
    expect(LAST_USED_RESOLUTION_MS).toBe(60_000);
    const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    const lastUsed = async () => (await marketplace.teams.listApiKeys(team.id))[0]?.lastUsedAt;
    expect(await lastUsed()).toBeNull();

    await marketplace.auth.authenticate(apiKey.key);
    expect(uow.probe.touches).toEqual([{ id: apiKey.id, at: new Date(START) }]);
    expect(await lastUsed()).toEqual(new Date(START));

    for (const step of [1, 30_000, 29_998]) {
      clock.advance(step); // up to START + 59,999 ms
      await marketplace.auth.authenticate(apiKey.key);
    }
    expect(uow.probe.touches).toHaveLength(1);

    clock.advance(1); // START + 60,000 ms
    await marketplace.auth.authenticate(apiKey.key);
    expect(uow.probe.touches).toHaveLength(2);
    expect(await lastUsed()).toEqual(new Date(START + 60_000));

    clock.advance(59_999);
    await marketplace.auth.authenticate(apiKey.key);
    expect(uow.probe.touches).toHaveLength(2);

    clock.advance(1);
    await marketplace.auth.authenticate(apiKey.key);
    expect(uow.probe.touches.map((t) => t.at.getTime() - START)).toEqual([0, 60_000, 120_000]);
  });

  it("does not touch a key when the clock goes backwards", async () => {
    const { apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    await marketplace.auth.authenticate(apiKey.key);
    clock.advance(-10 * LAST_USED_RESOLUTION_MS);
    await marketplace.auth.authenticate(apiKey.key);
    expect(uow.probe.touches).toHaveLength(1);
  });

  it("still authenticates when recording the use fails, and logs a warning", async () => {
    const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    uow.probe.failTouch = true;
    await expect(marketplace.auth.authenticate(apiKey.key)).resolves.toEqual({
      teamId: team.id,
      role: "provider",
      apiKeyId: apiKey.id,
    });
    expect(logger.lines).toEqual([
      {
        level: "warn",
        message: "could not record API key use",
        fields: { apiKeyId: apiKey.id, error: "Error: database is read-only" },
      },
    ]);
  });
});
