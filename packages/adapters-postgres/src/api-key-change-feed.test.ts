import { createMarketplace, type Marketplace } from "@marketplace/core";
import type { ApiKeyChangeListener } from "@marketplace/core/teams";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { API_KEY_CHANGES_CHANNEL, PostgresApiKeyChangeFeed } from "./api-key-change-feed.ts";
import { createDatabase, createPool } from "./database.ts";
import { PostgresUnitOfWork } from "./postgres-unit-of-work.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

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

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function keyRow(prefix: string) {
  return sql<{ id: string; team_id: string }>`select id, team_id from api_keys where prefix = ${prefix}`
    .execute(database.db)
    .then((result) => result.rows[0] as { id: string; team_id: string });
}

describe("PostgresApiKeyChangeFeed", () => {
  it("reports revocations, deletions and role changes made by plain SQL, and nothing for lastUsedAt", async () => {
    const feed = await PostgresApiKeyChangeFeed.start({ pool: database.pool });
    const listener = recorder();
    feed.subscribe(listener);
    try {
      expect(listener.seen).toEqual(["connected"]);
      const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }) });
      const { team, apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
      const other = await marketplace.teams.createApiKey(team.id, { name: "CI" });

      await sql`update api_keys set last_used_at = now() where id = ${apiKey.id}`.execute(database.db);
      await sql`update api_keys set revoked_at = now() where id = ${apiKey.id}`.execute(database.db);
      await sql`update api_keys set revoked_at = now() where id = ${apiKey.id}`.execute(database.db);
      await sql`delete from api_keys where id = ${other.id}`.execute(database.db);
      await sql`update teams set role = 'hybrid' where id = ${team.id}`.execute(database.db);
      await sql`update teams set name = 'Renamed' where id = ${team.id}`.execute(database.db);
      await sql`select pg_notify(${API_KEY_CHANGES_CHANNEL}, 'marker')`.execute(database.db);
      await until(() => listener.seen.includes("changed marker"), "the marker");
      // A second revocation changes revoked_at again (now() moved on), so it is reported too.
      expect(listener.seen).toEqual([
        "connected",
        `changed ${apiKey.id}`,
        `changed ${apiKey.id}`,
        `changed ${other.id}`,
        "changed *",
        "changed marker",
      ]);
    } finally {
      await feed.close();
    }
    expect(listener.seen.at(-1)).toBe("disconnected");
  });

  it("reports nothing for a change rolled back", async () => {
    const feed = await PostgresApiKeyChangeFeed.start({ pool: database.pool });
    const listener = recorder();
    feed.subscribe(listener);
    try {
      const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }) });
      const { apiKey } = await marketplace.teams.create({ name: "Acme", role: "provider" });
      await database.db
        .transaction()
        .execute(async (tx) => {
          await sql`update api_keys set revoked_at = now() where id = ${apiKey.id}`.execute(tx);
          throw new Error("roll back");
        })
        .catch(() => {});
      await sql`select pg_notify(${API_KEY_CHANGES_CHANNEL}, 'marker')`.execute(database.db);
      await until(() => listener.seen.includes("changed marker"), "the marker");
      expect(listener.seen).toEqual(["connected", "changed marker"]);
    } finally {
      await feed.close();
    }
  });

  it("says disconnected when its connection dies, then reconnects and says connected", async () => {
    const feed = await PostgresApiKeyChangeFeed.start({ pool: database.pool, reconnectDelayMs: { min: 10, max: 50 } });
    const listener = recorder();
    feed.subscribe(listener);
    try {
      await sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()
      `.execute(database.db);
      await until(() => listener.seen.length >= 3, "disconnected, then connected");
      expect(listener.seen).toEqual(["connected", "disconnected", "connected"]);
      expect(feed.connected).toBe(true);
      await sql`select pg_notify(${API_KEY_CHANGES_CHANNEL}, 'after')`.execute(database.db);
      await until(() => listener.seen.includes("changed after"), "a change after reconnecting");
    } finally {
      await feed.close();
    }
  });

  it("stays disconnected while the database cannot be reached, and says so", async () => {
    const url = new URL(database.url);
    url.port = "1"; // nothing listens there
    const pool = createPool({ connectionString: url.toString() });
    const warnings: string[] = [];
    const logger = { debug() {}, info() {}, error() {}, warn: (message: string) => warnings.push(message) };
    const feed = await PostgresApiKeyChangeFeed.start({ pool, logger, reconnectDelayMs: { min: 1_000, max: 1_000 } });
    const listener = recorder();
    feed.subscribe(listener);
    try {
      expect(feed.connected).toBe(false);
      expect(listener.seen).toEqual([]);
      expect(warnings[0]).toMatch(/keys are looked up on every request until it is back/);
    } finally {
      await feed.close();
      await pool.end();
    }
  });

  describe("behind the authenticated-key cache of two server processes", () => {
    let nodes: { marketplace: Marketplace; feed: PostgresApiKeyChangeFeed; close(): Promise<void> }[];

    beforeAll(async () => {
      nodes = [];
      for (let i = 0; i < 2; i++) {
        const pool = createPool({ connectionString: database.url, max: 3 });
        const db = createDatabase(pool);
        const feed = await PostgresApiKeyChangeFeed.start({ pool });
        const marketplace = createMarketplace({
          unitOfWork: new PostgresUnitOfWork({ db }),
          apiKeyCache: { changes: feed },
        });
        nodes.push({
          marketplace,
          feed,
          close: async () => {
            await feed.close();
            await db.destroy();
          },
        });
      }
    });
    afterAll(async () => {
      for (const node of nodes) await node.close();
    });

    it("a key revoked on one node is refused on the other as soon as the notification lands", async () => {
      const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
      const { team, apiKey } = await a.marketplace.teams.create({ name: "Acme", role: "reseller" });
      await a.marketplace.auth.authenticate(apiKey.key);
      await b.marketplace.auth.authenticate(apiKey.key);
      // Cached on b: even with the row changed behind its back without a notification…
      await sql`alter table api_keys disable trigger api_keys_changed`.execute(database.db);
      await sql`update api_keys set revoked_at = now() where id = ${apiKey.id}`.execute(database.db);
      await sql`alter table api_keys enable trigger api_keys_changed`.execute(database.db);
      await expect(b.marketplace.auth.authenticate(apiKey.key)).resolves.toMatchObject({ teamId: team.id });
      await sql`update api_keys set revoked_at = null where id = ${apiKey.id}`.execute(database.db);

      // …the real path: revoked through node a, refused at once on a, and on b once notified.
      await a.marketplace.teams.revokeApiKey(team.id, apiKey.id);
      await expect(a.marketplace.auth.authenticate(apiKey.key)).rejects.toThrow("Missing or invalid API key");
      await until(
        () =>
          b.marketplace.auth.authenticate(apiKey.key).then(
            () => false,
            () => true,
          ),
        "node b to refuse the revoked key",
      );
      const { prefix } = apiKey;
      expect((await keyRow(prefix)).id).toBe(apiKey.id);
    });
  });
});
