import { afterAll, beforeAll, expect } from "vitest";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../app.ts";

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const API_KEY = /^mk_[A-Za-z0-9_-]{43}$/;
export const ADMIN_UNAUTHORIZED = { statusCode: 401, message: "Missing or invalid admin token", error: "Unauthorized" };
export const KEY_UNAUTHORIZED = { statusCode: 401, message: "Missing or invalid API key", error: "Unauthorized" };
export const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });

export interface TeamJson {
  id: string;
  name: string;
  role: string;
  createdAt: string;
  updatedAt: string;
}
export interface CreatedTeamJson extends TeamJson {
  apiKey: { id: string; key: string; prefix: string; name: string | null; createdAt: string };
}
export interface ApiKeyJson {
  id: string;
  teamId: string;
  name: string | null;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export let t: TestApp;

export const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** A request to /admin with the admin token. */
export const adminRequest = (method: string, path: string, body?: unknown) =>
  t.request(method, path, { headers: admin, ...(body === undefined ? {} : { body }) });

export async function createTeam(name: string, role = "provider"): Promise<CreatedTeamJson> {
  const res = await adminRequest("POST", "/admin/teams", { name, role });
  expect(res.status).toBe(201);
  return res.json();
}

/** Registers the hooks of an admin test file: a test app with the admin token, closed after the file. */
export function setupAdminApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}
