import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../../../test/helpers/app.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const API_KEY = /^mk_[A-Za-z0-9_-]{43}$/;
const ADMIN_UNAUTHORIZED = { statusCode: 401, message: "Missing or invalid admin token", error: "Unauthorized" };
const KEY_UNAUTHORIZED = { statusCode: 401, message: "Missing or invalid API key", error: "Unauthorized" };
const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });

interface TeamJson {
  id: string;
  name: string;
  role: string;
  createdAt: string;
  updatedAt: string;
}
interface CreatedTeamJson extends TeamJson {
  apiKey: { id: string; key: string; prefix: string; name: string | null; createdAt: string };
}
interface ApiKeyJson {
  id: string;
  teamId: string;
  name: string | null;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A request to /admin with the admin token. */
const adminRequest = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { headers: admin, ...(body === undefined ? {} : { body }) });

async function createTeam(name: string, role = "provider"): Promise<CreatedTeamJson> {
  const res = await adminRequest("POST", "/admin/teams", { name, role });
  expect(res.status).toBe(201);
  return res.json();
}

describe("admin disabled", () => {
  it.each([null, ""])("answers 404 on every /admin route when the admin token is %j", async (adminToken) => {
    const local = await createTestApp({ adminToken });
    try {
      const id = randomUUID();
      const routes: Array<[string, string, unknown?]> = [
        ["POST", "/admin/teams", { name: "x", role: "provider" }],
        ["GET", "/admin/teams"],
        ["GET", `/admin/teams/${id}`],
        ["GET", `/admin/teams/${id}/api-keys`],
        ["POST", `/admin/teams/${id}/api-keys`, {}],
        ["DELETE", `/admin/teams/${id}/api-keys/${randomUUID()}`],
      ];
      for (const [method, path, body] of routes) {
        const attempts: Array<Record<string, string>> = [
          {},
          { authorization: "Bearer " },
          { authorization: `Bearer ${ADMIN_TOKEN}` },
        ];
        for (const headers of attempts) {
          const res = await local.request(method, path, { headers, ...(body === undefined ? {} : { body }) });
          expect(res.status, `${method} ${path}`).toBe(404);
          expect(await res.json()).toEqual({
            statusCode: 404,
            message: `Cannot ${method} ${path}`,
            error: "Not Found",
          });
        }
      }
    } finally {
      await local.close();
    }
  });
});

describe("admin authentication", () => {
  it.each([
    ["no header", {}],
    ["a wrong token", { authorization: "Bearer wrong-token" }],
    ["the token with a different case", { authorization: `Bearer ${ADMIN_TOKEN.toUpperCase()}` }],
    ["a prefix of the token", { authorization: `Bearer ${ADMIN_TOKEN.slice(0, -1)}` }],
    ["the token with a suffix", { authorization: `Bearer ${ADMIN_TOKEN}x` }],
    ["an empty bearer", { authorization: "Bearer " }],
    ["the bare token", { authorization: ADMIN_TOKEN }],
    ["another scheme", { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString("base64")}` }],
    ["the token as an API key", { "x-api-key": ADMIN_TOKEN }],
  ])("answers 401 with %s", async (_label, headers) => {
    for (const [method, path] of [
      ["GET", "/admin/teams"],
      ["GET", `/admin/teams/${randomUUID()}/api-keys`],
      ["DELETE", `/admin/teams/${randomUUID()}/api-keys/${randomUUID()}`],
    ] as const) {
      const res = await t.request(method, path, { headers });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(await res.json()).toEqual(ADMIN_UNAUTHORIZED);
    }
  });

  it("does not accept a team API key as the admin token", async () => {
    const { apiKey } = await t.createTeam("hybrid");
    const res = await t.request("GET", "/admin/teams", { headers: { authorization: `Bearer ${apiKey}` } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(ADMIN_UNAUTHORIZED);
  });

  it("answers 401 before validating the body", async () => {
    const res = await t.request("POST", "/admin/teams", { body: { foo: 1 } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(ADMIN_UNAUTHORIZED);
  });
});

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

describe("team API keys", () => {
  it("issues another key, shown once, that works alongside the first", async () => {
    const team = await createTeam("Keys");
    const res = await adminRequest("POST", `/admin/teams/${team.id}/api-keys`, { name: "  CI  " });
    expect(res.status).toBe(201);
    const issued = await res.json();
    expect(issued).toEqual({
      id: expect.stringMatching(UUID_V4),
      key: expect.stringMatching(API_KEY),
      prefix: issued.key.slice(0, 11),
      name: "CI",
      createdAt: expect.stringMatching(ISO),
    });
    expect(issued.key).not.toBe(team.apiKey.key);
    expect((await t.request("GET", "/provider/offers", { key: issued.key })).status).toBe(200);
    expect((await t.request("GET", "/provider/offers", { key: team.apiKey.key })).status).toBe(200);
  });

  it("issues a key without a body or with an empty object, named null", async () => {
    const team = await createTeam("Unnamed keys");
    const bare = await t.app.request(`/admin/teams/${team.id}/api-keys`, { method: "POST", headers: admin });
    expect(bare.status).toBe(201);
    expect((await bare.json()).name).toBeNull();
    const empty = await adminRequest("POST", `/admin/teams/${team.id}/api-keys`, {});
    expect(empty.status).toBe(201);
    expect((await empty.json()).name).toBeNull();
    const nulled = await adminRequest("POST", `/admin/teams/${team.id}/api-keys`, { name: null });
    expect(nulled.status).toBe(201);
    expect((await nulled.json()).name).toBeNull();
  });

  it("rejects a bad key body with 400", async () => {
    const team = await createTeam("Bad key body");
    const cases: Array<[unknown, string[]]> = [
      [{ name: 5 }, ["name must be a string"]],
      [{ name: "n".repeat(101) }, ["name must be at most 100 characters"]],
      [
        { name: "ok", scope: "all", expiresAt: "2030-01-01" },
        ["property scope should not exist", "property expiresAt should not exist"],
      ],
    ];
    for (const [body, message] of cases) {
      const res = await adminRequest("POST", `/admin/teams/${team.id}/api-keys`, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(badRequest(...message));
    }
  });

  it("answers 404 when issuing a key for an unknown team", async () => {
    for (const id of [randomUUID(), "nope"]) {
      const res = await adminRequest("POST", `/admin/teams/${id}/api-keys`, {});
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: `Team ${id} not found`, error: "Not Found" });
    }
  });

  it("lists a team's keys newest first with prefixes, never the key itself", async () => {
    const team = await createTeam("Listing keys");
    const second = await (await adminRequest("POST", `/admin/teams/${team.id}/api-keys`, { name: "second" })).json();
    const res = await adminRequest("GET", `/admin/teams/${team.id}/api-keys`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(team.apiKey.key);
    expect(text).not.toContain(second.key);
    const keys: ApiKeyJson[] = JSON.parse(text);
    const expected = [
      {
        id: second.id,
        teamId: team.id,
        name: "second",
        prefix: second.prefix,
        createdAt: second.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
      {
        id: team.apiKey.id,
        teamId: team.id,
        name: null,
        prefix: team.apiKey.prefix,
        createdAt: team.apiKey.createdAt,
        lastUsedAt: null,
        revokedAt: null,
      },
    ];
    // Same-millisecond creation falls back to id order.
    if (second.createdAt === team.apiKey.createdAt && second.id < team.apiKey.id) expected.reverse();
    expect(keys).toEqual(expected);
    for (const key of keys) expect(Object.keys(key)).not.toContain("key");
  });

  it("shows lastUsedAt once a key was used", async () => {
    const team = await createTeam("Used key");
    expect((await t.request("GET", "/provider/offers", { key: team.apiKey.key })).status).toBe(200);
    const keys: ApiKeyJson[] = await (await adminRequest("GET", `/admin/teams/${team.id}/api-keys`)).json();
    expect(keys).toEqual([expect.objectContaining({ id: team.apiKey.id, lastUsedAt: expect.stringMatching(ISO) })]);
  });

  it("answers 404 when listing the keys of an unknown team", async () => {
    const id = randomUUID();
    const res = await adminRequest("GET", `/admin/teams/${id}/api-keys`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: `Team ${id} not found`, error: "Not Found" });
  });

  it("revokes a key at once; revoking again is 200 and keeps the first revokedAt", async () => {
    const team = await createTeam("Revoking");
    const spare = await (await adminRequest("POST", `/admin/teams/${team.id}/api-keys`, { name: "spare" })).json();
    const path = `/admin/teams/${team.id}/api-keys/${team.apiKey.id}`;

    const first = await adminRequest("DELETE", path);
    expect(first.status).toBe(200);
    const revoked: ApiKeyJson = await first.json();
    expect(revoked).toEqual({
      id: team.apiKey.id,
      teamId: team.id,
      name: null,
      prefix: team.apiKey.prefix,
      createdAt: team.apiKey.createdAt,
      lastUsedAt: null,
      revokedAt: expect.stringMatching(ISO),
    });

    const denied = await t.request("GET", "/provider/offers", { key: team.apiKey.key });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual(KEY_UNAUTHORIZED);
    expect((await t.request("GET", "/provider/offers", { key: spare.key })).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await adminRequest("DELETE", path);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(revoked);

    const keys: ApiKeyJson[] = await (await adminRequest("GET", `/admin/teams/${team.id}/api-keys`)).json();
    expect(keys.find((key) => key.id === team.apiKey.id)).toEqual(revoked);
    expect(keys.find((key) => key.id === spare.id)?.revokedAt).toBeNull();
  });

  it("answers 404 when revoking an unknown key, a key of another team, or under an unknown team", async () => {
    const team = await createTeam("Owner of keys");
    const other = await createTeam("Other team");
    const cases: Array<[string, string]> = [
      [team.id, randomUUID()],
      [other.id, team.apiKey.id],
      [randomUUID(), team.apiKey.id],
      [team.id, "not-a-uuid"],
    ];
    for (const [teamId, keyId] of cases) {
      const res = await adminRequest("DELETE", `/admin/teams/${teamId}/api-keys/${keyId}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ statusCode: 404, message: `API key ${keyId} not found`, error: "Not Found" });
    }
    // None of that touched the key.
    expect((await t.request("GET", "/provider/offers", { key: team.apiKey.key })).status).toBe(200);
  });
});
