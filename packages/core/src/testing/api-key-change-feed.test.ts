import { describe, expect, it } from "vitest";
import { AuthenticationError } from "../errors.ts";
import { createMarketplace } from "../marketplace.ts";
import type { ApiKeyChangeListener } from "../teams/index.ts";
import { InMemoryApiKeyChangeFeed, InMemoryUnitOfWork } from "./index.ts";

/** Records what a feed reports. */
function recorder(): ApiKeyChangeListener & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    changed: (id) => seen.push(`changed ${id}`),
    connected: () => seen.push("connected"),
    disconnected: () => seen.push("disconnected"),
  };
}

describe("InMemoryApiKeyChangeFeed", () => {
  it("says connected at once, reports changes until unsubscribed, and loses them while disconnected", () => {
    const feed = new InMemoryApiKeyChangeFeed();
    const listener = recorder();
    const unsubscribe = feed.subscribe(listener);
    feed.changed("k1");
    feed.disconnect();
    feed.disconnect();
    expect(feed.connected).toBe(false);
    feed.changed("lost");
    const late = recorder();
    feed.subscribe(late);
    feed.connect();
    feed.connect();
    feed.changed("*");
    unsubscribe();
    feed.changed("k2");
    expect(listener.seen).toEqual(["connected", "changed k1", "disconnected", "connected", "changed *"]);
    expect(late.seen).toEqual(["connected", "changed *", "changed k2"]);
  });

  it("tells a listener subscribed twice twice, and each unsubscribe ends one subscription", () => {
    const feed = new InMemoryApiKeyChangeFeed();
    const listener = recorder();
    const first = feed.subscribe(listener);
    feed.subscribe(listener);
    feed.changed("k1");
    first();
    feed.changed("k2");
    expect(listener.seen).toEqual(["connected", "connected", "changed k1", "changed k1", "changed k2"]);
  });

  it("reports a key revoked or expired by a watched unit of work when the transaction commits, once", async () => {
    const feed = new InMemoryApiKeyChangeFeed();
    const unitOfWork = feed.watch(new InMemoryUnitOfWork());
    const listener = recorder();
    feed.subscribe(listener);
    const marketplace = createMarketplace({ unitOfWork });
    const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
    const other = await marketplace.teams.createApiKey(team.id, { name: "CI" });
    expect(listener.seen).toEqual(["connected"]);

    const at = new Date("2030-01-01T00:00:00.000Z");
    await unitOfWork.transaction(async (scope) => {
      await scope.apiKeys.touch(apiKey.id, at);
      await scope.apiKeys.revoke(team.id, apiKey.id, at);
      expect(listener.seen).toEqual(["connected"]);
    });
    expect(listener.seen).toEqual(["connected", `changed ${apiKey.id}`]);

    // Revoked already, a key unknown to the team, a rolled-back change: nothing changes, nothing is said.
    await unitOfWork.transaction((scope) => scope.apiKeys.revoke(team.id, apiKey.id, new Date(at.getTime() + 1)));
    await unitOfWork.transaction((scope) => scope.apiKeys.revoke(crypto.randomUUID(), other.id, at));
    await expect(
      unitOfWork.transaction(async (scope) => {
        await scope.apiKeys.revoke(team.id, other.id, at);
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(listener.seen).toEqual(["connected", `changed ${apiKey.id}`]);

    // An expiry, through the repositories outside a transaction: reported at once; a later one keeps the earlier.
    await unitOfWork.repositories.apiKeys.expire(team.id, other.id, at);
    await unitOfWork.repositories.apiKeys.expire(team.id, other.id, new Date(at.getTime() + 60_000));
    expect(listener.seen).toEqual(["connected", `changed ${apiKey.id}`, `changed ${other.id}`]);
    expect((await unitOfWork.repositories.apiKeys.findById(team.id, other.id))?.expiresAt).toEqual(at);
  });

  describe("behind createMarketplace's key cache, two processes over one in-memory store", () => {
    async function twoProcesses(watched: boolean) {
      const feed = new InMemoryApiKeyChangeFeed();
      const store = new InMemoryUnitOfWork();
      const unitOfWork = watched ? feed.watch(store) : store;
      const cached = createMarketplace({ unitOfWork, apiKeyCache: { changes: feed, ttlMs: 600_000 } });
      const elsewhere = createMarketplace({ unitOfWork });
      const { team, apiKey } = await elsewhere.teams.create({ name: "Acme", role: "provider" });
      return { feed, cached, elsewhere, team, apiKey };
    }

    it("drops a key revoked by the other process at once", async () => {
      const { cached, elsewhere, team, apiKey } = await twoProcesses(true);
      const principal = { teamId: team.id, role: "provider", apiKeyId: apiKey.id };
      expect(await cached.auth.authenticate(apiKey.key)).toEqual(principal);
      expect(await cached.auth.authenticate(apiKey.key)).toEqual(principal);
      await elsewhere.teams.revokeApiKey(team.id, apiKey.id);
      await expect(cached.auth.authenticate(apiKey.key)).rejects.toBeInstanceOf(AuthenticationError);
    });

    it("keeps serving an unreported revocation from memory (what the feed is for)", async () => {
      const { cached, elsewhere, team, apiKey } = await twoProcesses(false);
      await cached.auth.authenticate(apiKey.key);
      await elsewhere.teams.revokeApiKey(team.id, apiKey.id);
      expect((await cached.auth.authenticate(apiKey.key)).apiKeyId).toBe(apiKey.id);
    });

    it("caches nothing while the feed is disconnected, and drops what it held when it reconnects", async () => {
      const { feed, cached, elsewhere, team, apiKey } = await twoProcesses(false);
      await cached.auth.authenticate(apiKey.key);
      feed.disconnect();
      feed.connect();
      await elsewhere.teams.revokeApiKey(team.id, apiKey.id);
      await expect(cached.auth.authenticate(apiKey.key)).rejects.toBeInstanceOf(AuthenticationError);

      const second = await elsewhere.teams.createApiKey(team.id, { name: "CI" });
      feed.disconnect();
      await cached.auth.authenticate(second.key);
      await elsewhere.teams.revokeApiKey(team.id, second.id);
      await expect(cached.auth.authenticate(second.key)).rejects.toBeInstanceOf(AuthenticationError);
    });
  });
});
