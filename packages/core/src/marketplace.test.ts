import { beforeEach, describe, expect, it } from "vitest";
import { AuthenticationError, InvalidInputError, NotFoundError, PermissionError } from "./errors.ts";
import { createMarketplace, type Marketplace } from "./marketplace.ts";
import type { LogFields, Logger, Repositories, TransactionScope, UnitOfWork } from "./ports.ts";
import type { Clock } from "./shared-ports.ts";
import type { ApiKeyChangeFeed, ApiKeyChangeListener, Principal, TeamRole } from "./teams/index.ts";
import { generateApiKey, hashApiKey, LAST_USED_RESOLUTION_MS } from "./teams/index.ts";
import { InMemoryUnitOfWork } from "./testing/index.ts";

// ---------------------------------------------------------------------------------------------
// The use cases over the in-memory adapter users test with (`@marketplace/core/testing`, held to the
// PostgreSQL adapter's contracts), with probes on the calls these tests count.

/** Calls the tests look at, and a switch to make `touch` fail. */
interface Probe {
  findByPrefix: number;
  offerFindById: number;
  touches: { id: string; at: Date }[];
  failTouch: boolean;
  /** Runs inside every `findByPrefix`, between the call and its answer. */
  duringFindByPrefix?: () => void;
}

/** The repositories with the probed calls counted (and `touch` failing on demand). */
function probed<T extends Repositories>(repositories: T, probe: Probe): T {
  const { apiKeys, offers } = repositories;
  return {
    ...repositories,
    apiKeys: {
      ...apiKeys,
      async findByPrefix(prefix) {
        probe.findByPrefix++;
        probe.duringFindByPrefix?.();
        return apiKeys.findByPrefix(prefix);
      },
      async touch(id, at) {
        if (probe.failTouch) throw new Error("database is read-only");
        probe.touches.push({ id, at });
        return apiKeys.touch(id, at);
      },
    },
    offers: {
      ...offers,
      async findById(...args) {
        probe.offerFindById++;
        return offers.findById(...args);
      },
    },
  };
}

class ProbedUnitOfWork extends InMemoryUnitOfWork {
  readonly probe: Probe = { findByPrefix: 0, offerFindById: 0, touches: [], failTouch: false };
  /** The repositories without probes, for the tests' own reads. */
  readonly unprobed: Repositories;

  constructor(clock: Clock) {
    super({ clock });
    this.unprobed = this.repositories;
    (this as { repositories: Repositories }).repositories = probed(this.repositories, this.probe);
  }

  override transaction<T>(work: (scope: TransactionScope) => Promise<T>): Promise<T> {
    return super.transaction((scope) => work(probed(scope, this.probe)));
  }
}

class FakeClock implements Clock {
  constructor(private time: number) {}
  now(): Date {
    return new Date(this.time);
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

class RecordingLogger implements Logger {
  readonly lines: { level: string; message: string; fields?: LogFields | undefined }[] = [];
  debug(message: string, fields?: LogFields) {
    this.lines.push({ level: "debug", message, fields });
  }
  info(message: string, fields?: LogFields) {
    this.lines.push({ level: "info", message, fields });
  }
  warn(message: string, fields?: LogFields) {
    this.lines.push({ level: "warn", message, fields });
  }
  error(message: string, fields?: LogFields) {
    this.lines.push({ level: "error", message, fields });
  }
}

// ---------------------------------------------------------------------------------------------

const START = Date.parse("2026-01-01T00:00:00.000Z");

let uow: ProbedUnitOfWork;
let clock: FakeClock;
let logger: RecordingLogger;
let marketplace: Marketplace;

beforeEach(() => {
  clock = new FakeClock(START);
  uow = new ProbedUnitOfWork(clock);
  logger = new RecordingLogger();
  marketplace = createMarketplace({ unitOfWork: uow, clock, logger });
});

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

describe("createMarketplace", () => {
  it("requires a unit of work", () => {
    expect(() => createMarketplace({} as unknown as { unitOfWork: UnitOfWork })).toThrow(TypeError);
  });
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

describe("auth.authorize", () => {
  const principal = (role: TeamRole): Principal => ({
    teamId: "11111111-1111-4111-8111-111111111111",
    role,
    apiKeyId: "22222222-2222-4222-8222-222222222222",
  });

  it("refuses a reseller on provider endpoints", () => {
    expect(() => marketplace.auth.authorize(principal("reseller"), "provider")).toThrow(PermissionError);
    expect(() => marketplace.auth.authorize(principal("reseller"), "provider")).toThrow(
      "A reseller team cannot call provider endpoints",
    );
  });

  it("refuses a provider on reseller endpoints", () => {
    expect(() => marketplace.auth.authorize(principal("provider"), "reseller")).toThrow(PermissionError);
  });

  it("lets each role call its own endpoints and a hybrid team call both", () => {
    expect(() => marketplace.auth.authorize(principal("provider"), "provider")).not.toThrow();
    expect(() => marketplace.auth.authorize(principal("reseller"), "reseller")).not.toThrow();
    expect(() => marketplace.auth.authorize(principal("hybrid"), "provider")).not.toThrow();
    expect(() => marketplace.auth.authorize(principal("hybrid"), "reseller")).not.toThrow();
  });
});

describe("teams", () => {
  it("creates a team with a first key whose hash alone is stored", async () => {
    const { team, apiKey } = await marketplace.teams.create({ name: "  Acme  ", role: "hybrid" });
    expect(team).toEqual({
      id: expect.any(String),
      name: "Acme",
      role: "hybrid",
      createdAt: new Date(START),
      updatedAt: new Date(START),
    });
    expect(apiKey).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^mk_[A-Za-z0-9_-]{43}$/),
      prefix: apiKey.key.slice(0, 11),
      name: null,
      createdAt: new Date(START),
    });
    const stored = await uow.unprobed.apiKeys.findByPrefix(apiKey.prefix);
    expect(stored.map((key) => key.keyHash)).toEqual([await hashApiKey(apiKey.key)]);
    expect(JSON.stringify(stored)).not.toContain(apiKey.key);
  });

  it.each([
    [{ name: "", role: "provider" }, ["name must not be empty"]],
    [{ name: "   ", role: "provider" }, ["name must not be empty"]],
    [{ name: "Acme", role: "admin" }, ["role must be one of the following values: provider, reseller, hybrid"]],
  ])("rejects %j with InvalidInputError and stores nothing", async (input, problems) => {
    const error = await rejection(marketplace.teams.create(input as { name: string; role: TeamRole }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).problems).toEqual(problems);
    // No team, so no key either (a key needs its team).
    expect(await uow.unprobed.teams.isEmpty()).toBe(true);
  });

  it("treats a non-UUID team id as not found", async () => {
    await expect(marketplace.teams.get("not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
    await expect(marketplace.teams.createApiKey("not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("offers", () => {
  let provider: Principal;

  beforeEach(async () => {
    const { apiKey } = await marketplace.teams.create({ name: "Provider", role: "provider" });
    provider = await marketplace.auth.authenticate(apiKey.key);
  });

  it("creates a draft with a trimmed name and sku and a normalised price", async () => {
    const offer = await marketplace.offers.create(provider, {
      name: " Fiber 500 ",
      sku: " FIB-500 ",
      serviceType: "internet",
      monthlyPrice: "49.9",
    });
    expect(offer).toMatchObject({
      teamId: provider.teamId,
      name: "Fiber 500",
      sku: "FIB-500",
      status: "draft",
      monthlyPrice: "49.90",
      publishedAt: null,
    });
    await expect(marketplace.offers.get(provider, offer.id)).resolves.toEqual(offer);
  });

  it("rejects invalid input with InvalidInputError", async () => {
    const error = await rejection(
      marketplace.offers.create(provider, { name: "", serviceType: "internet", monthlyPrice: "1.234" }),
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).problems).toHaveLength(2);
    expect(await uow.unprobed.offers.list(provider.teamId, { kind: "all" })).toEqual([]);
  });

  it.each(["not-a-uuid", "", "00000000-0000-0000-0000-000000000000", "' or 1=1 --"])(
    "answers NotFoundError for the non-UUID id %j without a lookup",
    async (id) => {
      const error = await rejection(marketplace.offers.get(provider, id));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: "not_found", resource: "Offer", id });
      expect(uow.probe.offerFindById).toBe(0);
    },
  );

  it("answers NotFoundError for another team's offer", async () => {
    const offer = await marketplace.offers.create(provider, { name: "Mine", serviceType: "tv" });
    const { apiKey } = await marketplace.teams.create({ name: "Other", role: "provider" });
    const other = await marketplace.auth.authenticate(apiKey.key);
    const lookups = uow.probe.offerFindById;
    await expect(marketplace.offers.get(other, offer.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(uow.probe.offerFindById - lookups).toBe(1);
  });
});
