import { createDatabase, createPool, PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { createMarketplace } from "@marketplace/core";
import { describe, expect, it } from "vitest";
import { createDashboardTestApp, FormClient } from "../../../test/helpers/dashboard.ts";
import { join, PASSWORD, setupDashboardApp, t } from "../../../test/helpers/dashboard-support/create-dashboard.ts";
import { argon2idPasswordHasher } from "./argon2id-password-hasher.ts";
import { createDashboard } from "./create-dashboard.tsx";

setupDashboardApp();

describe("page security", () => {
  it("refuses a form from another origin and changes nothing", async () => {
    const { teamId } = await t.createTeam("provider");
    const owner = await join(await t.invite(teamId, "csrf@example.com"));
    const before = await t.marketplace.apiKeys.list(teamId, {
      actor: { type: "operator", id: null, label: "t" },
      member: null,
      ip: null,
      userAgent: null,
    });
    const forged = await owner.post(
      `/dashboard/teams/${teamId}/api-keys`,
      { name: "evil" },
      { origin: "https://evil.example" },
    );
    expect(forged.status).toBe(403);
    expect(await forged.text()).toContain("This form was not accepted");
    const after = await t.marketplace.apiKeys.list(teamId, {
      actor: { type: "operator", id: null, label: "t" },
      member: null,
      ip: null,
      userAgent: null,
    });
    expect(after.length).toBe(before.length);
  });

  it("answers 404 for another team's id, and sends a signed-out browser to sign in", async () => {
    const mine = await t.createTeam("provider");
    const theirs = await t.createTeam("provider");
    const owner = await join(await t.invite(mine.teamId, "nosy@example.com"));
    for (const path of ["", "/api-keys", "/members", "/audit-log"]) {
      const response = await owner.get(`/dashboard/teams/${theirs.teamId}${path}`);
      expect(response.status, path).toBe(404);
    }
    const revoke = await owner.post(
      `/dashboard/teams/${theirs.teamId}/api-keys/00000000-0000-4000-8000-000000000000/revoke`,
      {},
    );
    expect(revoke.status).toBe(404);
    const anonymous = new FormClient((request) => t.fetch(request));
    const redirected = await anonymous.get(`/dashboard/teams/${mine.teamId}`);
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get("location")).toBe("/dashboard/sign-in");
  });

  it("serves the assets with long-lived caching under hashed names", async () => {
    const client = new FormClient((request) => t.fetch(request));
    const page = await (await client.get("/dashboard/sign-in")).text();
    const assets = [...page.matchAll(/(?:href|src)="(\/dashboard\/assets\/[^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(assets).toHaveLength(2);
    for (const path of assets) {
      expect(path).toMatch(/dashboard\.[0-9a-f]{12}\.(css|js)$/);
      const asset = await client.get(path);
      expect(asset.status).toBe(200);
      expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    }
    expect(page.length).toBeLessThan(50_000);
  });

  it("shows a 503 'try again' page when the database is down", async () => {
    const pool = createPool({ connectionString: "postgres://nobody@127.0.0.1:1/none", max: 1 });
    const marketplace = createMarketplace({
      unitOfWork: new PostgresUnitOfWork({ db: createDatabase(pool) }),
      members: { passwordHasher: argon2idPasswordHasher({ memorySize: 1024, iterations: 1 }) },
    });
    const dashboard = createDashboard({ marketplace, secureCookies: false });
    const client = new FormClient(async (request) => dashboard.fetch(request));
    const response = await client.post("/sign-in", { email: "a@example.com", password: PASSWORD });
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("Please try again in a moment");
    expect(html).not.toMatch(/at .*\.ts:\d+/);
    await pool.end();
  });

  it("answers every page with an x-request-id, logged with the request: a proxy's sane one kept, a hostile one replaced", async () => {
    const lines: { message: string; fields: Record<string, unknown> }[] = [];
    const record = (message: string, fields: Record<string, unknown> = {}) => lines.push({ message, fields });
    const logger = { debug: record, info: record, warn: record, error: record };
    const app = await createDashboardTestApp({ logger });
    try {
      const fresh = await app.fetch(new Request("http://127.0.0.1/dashboard/sign-in"));
      expect(fresh.status).toBe(200);
      const id = fresh.headers.get("x-request-id") ?? "";
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(lines.find((line) => line.message === "dashboard request")?.fields).toMatchObject({
        requestId: id,
        path: "/dashboard/sign-in",
        status: 200,
      });
      const kept = await app.fetch(
        new Request("http://127.0.0.1/dashboard/teams/nope", { headers: { "x-request-id": "proxy-7.a:b_c" } }),
      );
      expect(kept.headers.get("x-request-id")).toBe("proxy-7.a:b_c");
      const hostile = await app.fetch(
        new Request("http://127.0.0.1/dashboard/sign-in", { headers: { "x-request-id": "a b\tforged=1" } }),
      );
      expect(hostile.headers.get("x-request-id")).not.toContain("forged");
      expect(hostile.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await app.close();
    }
  });

  it("shows an unexpected failure as a 500 page with the request's reference, logged with its stack", async () => {
    const pool = createPool({ connectionString: "postgres://nobody@127.0.0.1:1/none", max: 1 });
    const marketplace = createMarketplace({
      unitOfWork: new PostgresUnitOfWork({ db: createDatabase(pool) }),
      members: { passwordHasher: argon2idPasswordHasher({ memorySize: 1024, iterations: 1 }) },
    });
    const errors: Record<string, unknown>[] = [];
    const logger = {
      debug: () => {},
      info: () => {},
      warn: () => {},
      error: (_message: string, fields: Record<string, unknown> = {}) => errors.push(fields),
    };
    // The same lost database, not recognised as one: the failure is an unexpected one.
    const dashboard = createDashboard({ marketplace: { ...marketplace, isStoreUnavailable: () => false }, logger });
    const client = new FormClient(async (request) => dashboard.fetch(request));
    const response = await client.post("/sign-in", { email: "a@example.com", password: PASSWORD });
    expect(response.status).toBe(500);
    const id = response.headers.get("x-request-id") ?? "";
    const html = await response.text();
    expect(html).toContain("Something went wrong");
    expect(html).toContain(`Reference for the operator: <code>${id}</code>`);
    expect(html).not.toMatch(/at .*\.(ts|js):\d+/);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ requestId: id });
    expect(String(errors[0]?.stack)).toMatch(/\n\s+at /);
    await pool.end();
  });

  it("names the session cookie __Host- with Secure by default", async () => {
    const secure = await createDashboardTestApp({ secureCookies: true });
    try {
      const { teamId } = await secure.createTeam("provider");
      const client = new FormClient((request) => secure.fetch(request), "https://127.0.0.1");
      await client.get(`/dashboard/invite/${await secure.invite(teamId, "secure@example.com")}`);
      expect(client.cookies.has("__Host-mk_invite")).toBe(true);
      const accepted = await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD });
      expect(accepted.headers.getSetCookie().join("\n")).toMatch(
        /__Host-mk_session=ms_[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax/,
      );
    } finally {
      await secure.close();
    }
  });
});
