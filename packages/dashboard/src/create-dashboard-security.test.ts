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
