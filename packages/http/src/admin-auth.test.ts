import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp } from "../../../test/helpers/app.ts";
import { ADMIN_UNAUTHORIZED, setupAdminApp, t } from "../../../test/helpers/http/admin.ts";

setupAdminApp();

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
