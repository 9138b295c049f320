import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export let t: TestApp;

export const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });
export const notFound = (id: string, resource = "Market") => ({
  statusCode: 404,
  message: `${resource} ${id} not found`,
  error: "Not Found",
});
export const conflict = (message: string) => ({ statusCode: 409, message, error: "Conflict" });

export interface AreaBody {
  id: string;
  kind: string;
  value: string;
  createdAt: string;
}
export interface MarketBody {
  id: string;
  name: string;
  areas: AreaBody[];
  createdAt: string;
  updatedAt: string;
}

export async function createMarket(key: string, body: unknown): Promise<MarketBody> {
  const res = await t.request("POST", "/provider/markets", { key, body });
  expect(res.status).toBe(201);
  return res.json();
}

export async function addArea(key: string, marketId: string, body: unknown): Promise<AreaBody> {
  const res = await t.request("POST", `/provider/markets/${marketId}/areas`, { key, body });
  expect(res.status).toBe(201);
  return res.json();
}

export async function getMarket(key: string, id: string): Promise<MarketBody> {
  const res = await t.request("GET", `/provider/markets/${id}`, { key });
  expect(res.status).toBe(200);
  return res.json();
}

export async function expectJson(res: Response, status: number, body: unknown): Promise<void> {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await res.json()).toEqual(body);
}

export async function expectEmpty200(res: Response): Promise<void> {
  expect(res.status).toBe(200);
  expect(await res.text()).toBe("");
}

/** An offer of the team linked to the market, written straight to the database (the offer API is not under test). */
export async function insertLinkedOffer(teamId: string, marketId: string, options: { deleted?: boolean } = {}) {
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
  await t.database.db.insertInto("offer_markets").values({ offer_id: id, market_id: marketId }).execute();
  return id;
}

export const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** Registers the hooks of a provider markets test file: a test app, closed after the file. */
export function setupMarketsApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}
