import { beforeEach, describe, expect, it } from "vitest";
import {
  type FakeClock,
  freshMarketplace,
  type ProbedUnitOfWork,
  type RecordingLogger,
  START,
} from "../test/marketplace-harness.ts";
import { AuthenticationError } from "./errors.ts";
import { createMarketplace, type Marketplace } from "./marketplace.ts";
import type { ApiKeyChangeFeed, ApiKeyChangeListener } from "./teams/index.ts";
import { generateApiKey, LAST_USED_RESOLUTION_MS } from "./teams/index.ts";

let uow: ProbedUnitOfWork;
let clock: FakeClock;
let logger: RecordingLogger;

beforeEach(() => {
  ({ uow, clock, logger } = freshMarketplace());
});

/** A change feed the test drives by hand, as PostgreSQL's notifications would. */
class ManualChangeFeed implements ApiKeyChangeFeed {
  readonly listeners = new Set<ApiKeyChangeListener>();
  up = true;
  subscribe(listener: ApiKeyChangeListener) {
    this.listeners.add(listener);
    if (this.up) listener.connected();
    return () => this.listeners.delete(listener);
  }
  changed(apiKeyId: string) {
    for (const listener of this.listeners) listener.changed(apiKeyId);
  }
  disconnect() {
    this.up = false;
    for (const listener of this.listeners) listener.disconnected();
  }
  connect() {
    this.up = true;
    for (const listener of this.listeners) listener.connected();
  }
}

describe("auth.authenticate with an API key cache", () => {
  let feed: ManualChangeFeed;
  let cached: Marketplace;
  /** Another process on the same database, without a cache. */
  let elsewhere: Marketplace;

  beforeEach(() => {
    feed = new ManualChangeFeed();
    cached = createMarketplace({ unitOfWork: uow, clock, logger, apiKeyCache: { changes: feed, ttlMs: 30_000 } });
    elsewhere = createMarketplace({ unitOfWork: uow, clock, logger });
  });

  it("looks a valid key up once, then answers from memory", async () => {
    const { team, apiKey } = await cached.teams.create({ name: "Acme", role: "reseller" });
    const expected = { teamId: team.id, role: "reseller", apiKeyId: apiKey.id };
    expect(await cached.auth.authenticate(apiKey.key)).toEqual(expected);
    expect(await cached.auth.authenticate(apiKey.key)).toEqual(expected);
    expect(await cached.auth.authenticate(apiKey.key)).toEqual(expected);
    expect(uow.probe.findByPrefix).toBe(1);
  });

  it("hands out a copy: a caller changing its principal changes nothing for the next request", async () => {
    const { team, apiKey } = await cached.teams.create({ name: "Acme", role: "provider" });
    await cached.auth.authenticate(apiKey.key);
    const principal = await cached.auth.authenticate(apiKey.key);
    principal.teamId = "someone else";
    expect((await cached.auth.authenticate(apiKey.key)).teamId).toBe(team.id);
  });

  it("never caches a failure: an unknown key is looked up every time", async () => {
    await cached.teams.create({ name: "Acme", role: "provider" });
    const { key } = await generateApiKey();
    for (let i = 0; i < 3; i++) {
      await expect(cached.auth.authenticate(key)).rejects.toBeInstanceOf(AuthenticationError);
    }
    expect(uow.probe.findByPrefix).toBe(3);
  });

  it("rejects a key from the next request on when this process revoked it", async () => {
    const { team, apiKey } = await cached.teams.create({ name: "Acme", role: "provider" });
    await cached.auth.authenticate(apiKey.key);
    await cached.teams.revokeApiKey(team.id, apiKey.id);
    await expect(cached.auth.authenticate(apiKey.key)).rejects.toBeInstanceOf(AuthenticationError);
  });

  it("rejects a key revoked elsewhere once the feed reports it (and not before)", async () => {
    const { team, apiKey } = await cached.teams.create({ name: "Acme", role: "provider" });
    const second = await cached.teams.createApiKey(team.id, { name: "CI" });
    await cached.auth.authenticate(apiKey.key);
    await cached.auth.authenticate(second.key);
    await elsewhere.teams.revokeApiKey(team.id, apiKey.id);
    // The window this design accepts: until the notification arrives (milliseconds in practice).
    await expect(cached.auth.authenticate(apiKey.key)).resolves.toMatchObject({ apiKeyId: apiKey.id });
    feed.changed(apiKey.id);
    await expect(cached.auth.authenticate(apiKey.key)).rejects.toBeInstanceOf(AuthenticationError);
    const lookups = uow.probe.findByPrefix;
    await expect(cached.auth.authenticate(second.key)).resolves.toMatchObject({ apiKeyId: second.id });
    expect(uow.probe.findByPrefix).toBe(lookups);
  });

  it('drops every key on a "*" change', async () => {
    const { apiKey } = await cached.teams.create({ name: "Acme", role: "provider" });
    await cached.auth.authenticate(apiKey.key);
    feed.changed("*");
    await cached.auth.authenticate(apiKey.key);
    expect(uow.probe.findByPrefix).toBe(2);
  });

  it("caches nothing while the feed is disconnected, and starts again once it is back", async () => {
    const { apiKey } = await cached.teams.create({ name: "Acme", role: "provider" });
    await cached.auth.authenticate(apiKey.key);
    feed.disconnect();
    await cached.auth.authenticate(apiKey.key);
    await cached.auth.authenticate(apiKey.key);
    expect(uow.probe.findByPrefix).toBe(3);
    feed.connect();
    await cached.auth.authenticate(apiKey.key);
    await cached.auth.authenticate(apiKey.key);
    expect(uow.probe.findByPrefix).toBe(4);
  });

  it("does not cache a lookup that a change overtook", async () => {
    const { team, apiKey } = await cached.teams.create({ name: "Acme", role: "provider" });
    // The lookup reads the key as valid; the revocation commits and is reported before it returns.
    uow.probe.duringFindByPrefix = () => {
      uow.probe.duringFindByPrefix = undefined;
      feed.changed(apiKey.id);
    };
    await expect(cached.auth.authenticate(apiKey.key)).resolves.toMatchObject({ apiKeyId: apiKey.id });
    await elsewhere.teams.revokeApiKey(team.id, apiKey.id);
    await expect(cached.auth.authenticate(apiKey.key)).rejects.toBeInstanceOf(AuthenticationError);
    expect(uow.probe.findByPrefix).toBe(2);
  });

  it("looks the key up again once an entry is older than ttlMs", async () => {
    const { apiKey } = await cached.teams.create({ name: "Acme", role: "provider" });
    await cached.auth.authenticate(apiKey.key);
    clock.advance(29_999);
    await cached.auth.authenticate(apiKey.key);
    expect(uow.probe.findByPrefix).toBe(1);
    clock.advance(1);
    await cached.auth.authenticate(apiKey.key);
    expect(uow.probe.findByPrefix).toBe(2);
  });

  it("keeps at most maxEntries keys, dropping the oldest stored", async () => {
    const small = createMarketplace({ unitOfWork: uow, clock, apiKeyCache: { changes: feed, maxEntries: 2 } });
    const keys = [];
    for (const name of ["A", "B", "C"]) keys.push((await small.teams.create({ name, role: "provider" })).apiKey.key);
    for (const key of keys) await small.auth.authenticate(key);
    expect(uow.probe.findByPrefix).toBe(3);
    await small.auth.authenticate(keys[2] as string);
    await small.auth.authenticate(keys[1] as string);
    expect(uow.probe.findByPrefix).toBe(3);
    await small.auth.authenticate(keys[0] as string);
    expect(uow.probe.findByPrefix).toBe(4);
  });

  it(`still records lastUsedAt at most once per ${LAST_USED_RESOLUTION_MS} ms from memory`, async () => {
    const withLongTtl = createMarketplace({ unitOfWork: uow, clock, apiKeyCache: { changes: feed, ttlMs: 600_000 } });
    const { apiKey } = await withLongTtl.teams.create({ name: "Acme", role: "provider" });
    await withLongTtl.auth.authenticate(apiKey.key);
    clock.advance(LAST_USED_RESOLUTION_MS - 1);
    await withLongTtl.auth.authenticate(apiKey.key);
    clock.advance(1);
    await withLongTtl.auth.authenticate(apiKey.key);
    await withLongTtl.auth.authenticate(apiKey.key);
    expect(uow.probe.findByPrefix).toBe(1);
    expect(uow.probe.touches.map((t) => t.at.getTime() - START)).toEqual([0, LAST_USED_RESOLUTION_MS]);
  });

  it.each([
    [{}, "options.changes"],
    [{ changes: new ManualChangeFeed(), ttlMs: 0 }, "ttlMs must be a positive integer, got 0"],
    [{ changes: new ManualChangeFeed(), maxEntries: 1.5 }, "maxEntries must be a positive integer, got 1.5"],
  ])("refuses bad options (%j)", (apiKeyCache, message) => {
    expect(() =>
      createMarketplace({ unitOfWork: uow, apiKeyCache: apiKeyCache as unknown as { changes: ApiKeyChangeFeed } }),
    ).toThrow(message);
  });
});
