import { PostgresApiKeyChangeFeed, PostgresUnitOfWork, pingDatabase } from "@marketplace/adapters-postgres";
import { createMarketplace, type Logger, type Marketplace, type TeamRole } from "@marketplace/core";
import { createApp } from "@marketplace/http";
import { createTestDatabase, type TestDatabase } from "./database.ts";

/** The HTTP app over a fresh database of the test file's own. */
export interface TestApp {
  app: ReturnType<typeof createApp>;
  marketplace: Marketplace;
  database: TestDatabase;
  /** Creates a team and returns its id and first API key. */
  createTeam(role: TeamRole, name?: string): Promise<{ teamId: string; apiKey: string; apiKeyId: string }>;
  /** `app.request` with JSON body and headers made easy. */
  request(
    method: string,
    path: string,
    options?: { key?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

export const ADMIN_TOKEN = "test-admin-token-0123456789";

/** Builds the app as a host would, over real PostgreSQL. */
export async function createTestApp(
  options: {
    adminToken?: string | null;
    checkHealth?: () => Promise<void>;
    allowLoopbackWebhooks?: boolean;
    logger?: Logger;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  // As the reference server runs: authenticated keys cached, revocations through LISTEN/NOTIFY.
  const changes = await PostgresApiKeyChangeFeed.start({ pool: database.pool });
  const marketplace = createMarketplace({
    unitOfWork: new PostgresUnitOfWork({ db: database.db }),
    apiKeyCache: { changes },
    ...(options.logger && { logger: options.logger }),
  });
  const app = createApp({
    marketplace,
    checkHealth: options.checkHealth ?? (() => pingDatabase(database.db)),
    adminToken: options.adminToken === undefined ? ADMIN_TOKEN : options.adminToken,
    allowLoopbackWebhooks: options.allowLoopbackWebhooks,
    ...(options.logger && { logger: options.logger }),
  });
  let counter = 0;
  return {
    app,
    marketplace,
    database,
    async createTeam(role, name) {
      counter += 1;
      const { team, apiKey } = await marketplace.teams.create({ name: name ?? `${role} team ${counter}`, role });
      return { teamId: team.id, apiKey: apiKey.key, apiKeyId: apiKey.id };
    },
    async request(method, path, { key, body, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { ...headers } };
      if (key !== undefined) (init.headers as Record<string, string>)["x-api-key"] = key;
      if (body !== undefined) {
        (init.headers as Record<string, string>)["content-type"] ??= "application/json";
        init.body = typeof body === "string" ? body : JSON.stringify(body);
      }
      return app.request(path, init);
    },
    async close() {
      await changes.close();
      await database.drop();
    },
  };
}
