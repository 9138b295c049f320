import { PostgresApiKeyChangeFeed, PostgresUnitOfWork, pingDatabase } from "@marketplace/adapters-postgres";
import type { Logger, Mailer } from "@marketplace/core";
import { createMarketplace, type Marketplace, operatorCaller, type TeamRole } from "@marketplace/core";
import { argon2idPasswordHasher, createDashboard, otpauthTotp } from "@marketplace/dashboard";
import { createApp } from "@marketplace/http";
import type { Hono } from "hono";
import { createTestDatabase, type TestDatabase } from "./database.ts";

export const DASHBOARD_ADMIN_TOKEN = "test-admin-token-0123456789";
export const ORIGIN = "http://127.0.0.1";

/** The API and the dashboard (at /dashboard) as the reference host composes them, over real PostgreSQL. */
export interface DashboardTestApp {
  marketplace: Marketplace;
  database: TestDatabase;
  api: ReturnType<typeof createApp>;
  dashboard: Hono;
  /** Routes /dashboard/* to the dashboard, everything else to the API. */
  fetch(request: Request): Promise<Response>;
  createTeam(role: TeamRole, name?: string): Promise<{ teamId: string; apiKey: string }>;
  /** An invite token of the team, as the operator makes it. */
  invite(teamId: string, email: string, role?: "owner" | "developer" | "operations" | "viewer"): Promise<string>;
  close(): Promise<void>;
}

/**
 * Builds the app pair; `secureCookies: false` as in development over loopback (the default here,
 * since `app.request` is plain http), argon2id with small parameters (the real ones are measured
 * by the browser walk and the benchmark, not here).
 */
export async function createDashboardTestApp(
  options: {
    secureCookies?: boolean;
    publicUrl?: string;
    passwordHasherCost?: "owasp" | "small";
    /** Webhooks to http://127.0.0.1 (a receiver started by the test; the worker needs its own flag). */
    allowLoopbackWebhooks?: boolean;
    mailer?: Mailer;
    logger?: Logger;
  } = {},
): Promise<DashboardTestApp> {
  const database = await createTestDatabase();
  const changes = await PostgresApiKeyChangeFeed.start({ pool: database.pool });
  const passwordHasher =
    options.passwordHasherCost === "owasp"
      ? argon2idPasswordHasher()
      : argon2idPasswordHasher({ memorySize: 1024, iterations: 1 });
  const marketplace = createMarketplace({
    unitOfWork: new PostgresUnitOfWork({ db: database.db }),
    apiKeyCache: { changes },
    members: { passwordHasher, totp: otpauthTotp() },
  });
  const api = createApp({
    marketplace,
    checkHealth: () => pingDatabase(database.db),
    adminToken: DASHBOARD_ADMIN_TOKEN,
    ...(options.allowLoopbackWebhooks && { allowLoopbackWebhooks: true }),
    ...(options.publicUrl && { dashboardUrl: `${options.publicUrl}/dashboard` }),
  });
  const dashboard = createDashboard({
    marketplace,
    basePath: "/dashboard",
    secureCookies: options.secureCookies ?? false,
    clientIp: () => "127.0.0.1",
    ...(options.publicUrl && { publicUrl: options.publicUrl }),
    ...(options.mailer && { mailer: options.mailer }),
    ...(options.logger && { logger: options.logger }),
  }) as unknown as Hono;
  let counter = 0;
  return {
    marketplace,
    database,
    api,
    dashboard,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      return pathname === "/dashboard" || pathname.startsWith("/dashboard/")
        ? dashboard.fetch(request)
        : api.fetch(request);
    },
    async createTeam(role, name) {
      counter += 1;
      const { team, apiKey } = await marketplace.teams.create({ name: name ?? `${role} team ${counter}`, role });
      return { teamId: team.id, apiKey: apiKey.key };
    },
    async invite(teamId, email, role = "owner") {
      const { token } = await marketplace.members.invite(teamId, { email, role }, operatorCaller());
      return token;
    },
    async close() {
      await changes.close();
      await database.drop();
    },
  };
}

/** A browser-like client of `app.fetch`: keeps cookies, sends Origin on forms, follows no redirect. */
export class FormClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly fetchApp: (request: Request) => Promise<Response>,
    private readonly origin = ORIGIN,
  ) {}

  async get(path: string): Promise<Response> {
    return this.send(new Request(`${this.origin}${path}`, { headers: this.headers() }));
  }

  async post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.send(
      new Request(`${this.origin}${path}`, {
        method: "POST",
        headers: {
          ...this.headers(),
          "content-type": "application/x-www-form-urlencoded",
          origin: this.origin,
          ...headers,
        },
        body: new URLSearchParams(fields).toString(),
      }),
    );
  }

  private headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    return cookie ? { cookie, "user-agent": "vitest FormClient" } : { "user-agent": "vitest FormClient" };
  }

  private async send(request: Request): Promise<Response> {
    const response = await this.fetchApp(request);
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, ...rest] = (pair ?? "").split("=");
      const value = rest.join("=");
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (!name) continue;
      if (expired || value === "") this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }
}
