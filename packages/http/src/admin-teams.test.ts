import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  API_KEY,
  admin,
  adminRequest,
  badRequest,
  type CreatedTeamJson,
  createTeam,
  ISO,
  setupAdminApp,
  type TeamJson,
  t,
  UUID_V4,
} from "../../../test/helpers/http/admin.ts";

setupAdminApp();

describe("POST /admin/teams", () => {
  it("creates a team and its first key, which works on /provider/offers", async () => {
    const res = await adminRequest("POST", "/admin/teams", { name: "Acme Fibre", role: "provider" });
    expect(res.status).toBe(201);
    const team: CreatedTeamJson = await res.json();
    expect(team).toEqual({
      id: expect.stringMatching(UUID_V4),
      name: "Acme Fibre",
      role: "provider",
      createdAt: expect.stringMatching(ISO),
      updatedAt: team.createdAt,
      apiKey: {
        id: expect.stringMatching(UUID_V4),
        key: expect.stringMatching(API_KEY),
        prefix: team.apiKey.key.slice(0, 11),
        name: null,
        createdAt: expect.stringMatching(ISO),
      },
    });

    const offers = await t.request("GET", "/provider/offers", { key: team.apiKey.key });
    expect(offers.status).toBe(200);
    expect(await offers.json()).toEqual([]);
  });

  it("gives each role the matching access", async () => {
    const reseller = await createTeam("Resell Co", "reseller");
    const hybrid = await createTeam("Both Co", "hybrid");
    expect(reseller.role).toBe("reseller");
    expect((await t.request("GET", "/provider/offers", { key: reseller.apiKey.key })).status).toBe(403);
    expect((await t.request("GET", "/provider/offers", { key: hybrid.apiKey.key })).status).toBe(200);
  });

  it("trims the name and round-trips unicode", async () => {
    const team = await createTeam("  Énergie Übermäßig ⚡ 株式会社  ");
    expect(team.name).toBe("Énergie Übermäßig ⚡ 株式会社");
    const fetched = await adminRequest("GET", `/admin/teams/${team.id}`);
    expect(fetched.status).toBe(200);
    const { apiKey: _key, ...expected } = team;
    expect(await fetched.json()).toEqual(expected);
  });

  it.each([
    ["an empty body", {}, ["name is required", "role is required"]],
    ["a wrong type", { name: 5, role: "provider" }, ["name must be a string"]],
    ["a blank name", { name: "   ", role: "provider" }, ["name must not be empty"]],
    ["a long name", { name: "n".repeat(201), role: "provider" }, ["name must be at most 200 characters"]],
    ["a NUL character", { name: "a\u0000b", role: "provider" }, ["name must not contain NUL characters"]],
    [
      "an unknown role",
      { name: "x", role: "admin" },
      ["role must be one of the following values: provider, reseller, hybrid"],
    ],
    [
      "unknown properties",
      { name: "x", role: "provider", id: randomUUID(), apiKey: "mk_x", isAdmin: true },
      ["property id should not exist", "property apiKey should not exist", "property isAdmin should not exist"],
    ],
    [
      "several failures",
      { name: "", role: "owner", extra: 1 },
      [
        "name must not be empty",
        "role must be one of the following values: provider, reseller, hybrid",
        "property extra should not exist",
      ],
    ],
  ])("rejects %s with 400", async (_label, body, message) => {
    const res = await adminRequest("POST", "/admin/teams", body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest(...message));
  });

  it("rejects a body that is not a JSON object", async () => {
    for (const body of ["[]", "null", '"team"']) {
      const res = await adminRequest("POST", "/admin/teams", body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(badRequest("body must be an object"));
    }
  });

  it("rejects a non-JSON content type with 415", async () => {
    const res = await t.request("POST", "/admin/teams", {
      headers: { ...admin, "content-type": "application/x-www-form-urlencoded" },
      body: "name=x&role=provider",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      statusCode: 415,
      message: "Unsupported Media Type",
      error: "Unsupported Media Type",
    });
  });
});

describe("GET /admin/teams", () => {
  it("lists every team newest first, and pages through them", async () => {
    for (let i = 0; i < 4; i++) await createTeam(`Listed ${i}`);
    const res = await adminRequest("GET", "/admin/teams");
    expect(res.status).toBe(200);
    const all: TeamJson[] = await res.json();
    expect(Array.isArray(all)).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const team of all) {
      expect(team).toEqual({
        id: expect.stringMatching(UUID_V4),
        name: expect.any(String),
        role: expect.stringMatching(/^(provider|reseller|hybrid)$/),
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
    }
    const sorted = [...all].sort((a, b) =>
      a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : -1,
    );
    expect(all).toEqual(sorted);

    const walked: TeamJson[] = [];
    let query = "limit=3";
    for (;;) {
      const pageRes = await adminRequest("GET", `/admin/teams?${query}`);
      expect(pageRes.status).toBe(200);
      const page: { data: TeamJson[]; hasMore: boolean; nextCursor: string | null } = await pageRes.json();
      walked.push(...page.data);
      if (!page.hasMore) {
        expect(page.nextCursor).toBeNull();
        break;
      }
      query = `limit=3&cursor=${page.nextCursor}`;
    }
    expect(walked).toEqual(all);
  });

  it("rejects a bad limit, a bad cursor and unknown parameters", async () => {
    const limit = await adminRequest("GET", "/admin/teams?limit=0");
    expect(limit.status).toBe(400);
    expect(await limit.json()).toEqual(badRequest("limit must be an integer from 1 to 100"));
    const cursor = await adminRequest("GET", "/admin/teams?cursor=nope");
    expect(cursor.status).toBe(400);
    expect(await cursor.json()).toEqual(
      badRequest("cursor is invalid: pass back nextCursor from a previous response unmodified"),
    );
    const unknown = await adminRequest("GET", "/admin/teams?role=provider");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual(badRequest("property role should not exist"));
  });
});

describe("GET /admin/teams/{id}", () => {
  it("answers the team without its keys", async () => {
    const team = await createTeam("Single");
    const res = await adminRequest("GET", `/admin/teams/${team.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: team.id,
      name: "Single",
      role: "provider",
      createdAt: team.createdAt,
      updatedAt: team.updatedAt,
    });
  });

  it("answers 404 for an unknown or malformed team id", async () => {
    for (const id of [randomUUID(), "not-a-uuid"]) {
      const res = await adminRequest("GET", `/admin/teams/${id}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: `Team ${id} not found`, error: "Not Found" });
    }
  });
});
