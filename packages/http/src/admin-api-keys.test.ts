import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  API_KEY,
  type ApiKeyJson,
  admin,
  adminRequest,
  badRequest,
  createTeam,
  ISO,
  KEY_UNAUTHORIZED,
  setupAdminApp,
  t,
  UUID_V4,
} from "../../../test/helpers/http/admin.ts";

setupAdminApp();

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
