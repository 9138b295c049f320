import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const LOGO = "https://cdn.example.com/acme.png";

export let t: TestApp;

export const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });
export const notFound = (id: string) => ({ statusCode: 404, message: `Brand ${id} not found`, error: "Not Found" });
export const conflict = (message: string) => ({ statusCode: 409, message, error: "Conflict" });

export interface BrandBody {
  id: string;
  name: string;
  logoUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export async function createBrand(key: string, body: unknown): Promise<BrandBody> {
  const res = await t.request("POST", "/provider/brands", { key, body });
  expect(res.status).toBe(201);
  return res.json();
}

/** Sends a request and checks status and the exact JSON body. */
export async function expectJson(res: Response, status: number, body: unknown): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual(body);
}

/** An offer of the team written straight to the database (the offer API is not under test here). */
export async function insertOffer(teamId: string, brandId: string | null, options: { deleted?: boolean } = {}) {
  const id = randomUUID();
  const now = new Date();
  await t.database.db
    .insertInto("offers")
    .values({
      id,
      team_id: teamId,
      name: "Fiber 500",
      status: "draft",
      service_type: "internet",
      created_at: now,
      updated_at: now,
      deleted_at: options.deleted ? now : null,
    })
    .execute();
  if (brandId !== null) {
    await t.database.db.updateTable("offers").set({ brand_id: brandId }).where("id", "=", id).execute();
  }
  return id;
}

/** Registers the hooks of a provider brands test file: a test app, closed after the file. */
export function setupBrandsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}
