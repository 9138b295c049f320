import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";

// Each test gets a database of its own: the catalog spans every provider, so exact bodies need a
// catalog holding only what the test created.
export let t: TestApp;

export type Json = Record<string, unknown>;
export interface OfferJson extends Json {
  id: string;
  createdAt: string;
}
export interface PageJson {
  data: OfferJson[];
  hasMore: boolean;
  nextCursor: string | null;
}

export const CATEGORIES = "internet, electricity, natural_gas, tv, mobile, home_security";
export const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });
export const notFound = (id: string) => ({ statusCode: 404, message: `Offer ${id} not found`, error: "Not Found" });

export const INTERNET = { serviceType: "internet", internet: { downloadSpeedMbps: 500, connectionType: "fiber" } };
export const ELECTRICITY = { serviceType: "electricity", electricity: { ratePerKwh: "0.1425", rateType: "variable" } };
export const TV = { serviceType: "tv" };

/** Creates a draft offer through the API; returns it as the provider sees it. */
export async function draft(key: string, body: Json = {}): Promise<OfferJson> {
  const res = await t.request("POST", "/provider/offers", {
    key,
    body: {
      name: "Fiber 500",
      sku: `SKU-${randomUUID()}`,
      monthlyPrice: "49.99",
      commission: "30.00",
      ...INTERNET,
      ...body,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

/** Creates and publishes an offer through the API; returns it as the provider sees it. */
export async function active(key: string, body: Json = {}): Promise<OfferJson> {
  const offer = await draft(key, body);
  const res = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

export async function remove(key: string, id: string) {
  expect((await t.request("DELETE", `/provider/offers/${id}`, { key })).status).toBe(200);
}

/** The catalog entry expected for a provider's offer: provider-internal fields gone, provider named. */
export function entryOf(offer: OfferJson, providerName: string): OfferJson {
  const { sku: _sku, status: _status, brandId: _brandId, marketIds: _marketIds, submissionUrl: _url, ...shown } = offer;
  const signup = offer.partnerSignup as { kind: string } | null;
  return { ...shown, providerName, partnerSignup: signup ? { kind: signup.kind } : null };
}

/** Newest first, id as the tie-break: the catalog's order. */
export function newestFirst<T extends { id: unknown; createdAt: unknown }>(items: T[]): T[] {
  return [...items].sort((a, b) =>
    a.createdAt === b.createdAt
      ? String(b.id).localeCompare(String(a.id))
      : String(b.createdAt).localeCompare(String(a.createdAt)),
  );
}

export function catalog(key: string, query: Record<string, string> | string = {}) {
  const search = typeof query === "string" ? query : new URLSearchParams(query).toString();
  return t.request("GET", `/reseller/catalog${search ? `?${search}` : ""}`, { key });
}

/** The complete filtered catalog (200 asserted), as the ids listed. */
export async function ids(key: string, query: Record<string, string> | string = {}): Promise<string[]> {
  const res = await catalog(key, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as OfferJson[]).map((entry) => entry.id);
}

export const idsOf = (...offers: OfferJson[]) => newestFirst(offers).map((offer) => offer.id);

export async function brand(key: string, name: string, logoUrl: string | null = null): Promise<{ id: string }> {
  const res = await t.request("POST", "/provider/brands", { key, body: { name, logoUrl } });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json();
}

export async function market(key: string, name: string, zips: string[]): Promise<{ id: string }> {
  const res = await t.request("POST", "/provider/markets", { key, body: { name } });
  expect(res.status, await res.clone().text()).toBe(201);
  const created = await res.json();
  for (const value of zips) {
    const area = await t.request("POST", `/provider/markets/${created.id}/areas`, { key, body: { value } });
    expect(area.status, await area.clone().text()).toBe(201);
  }
  return created;
}

/** Walks the catalog page by page; every page but the last is full. */
export async function walk(key: string, query: Record<string, string>, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const res = await catalog(key, { ...query, limit: String(limit), ...(cursor ? { cursor } : {}) });
    expect(res.status, await res.clone().text()).toBe(200);
    const page = (await res.json()) as PageJson;
    seen.push(...page.data.map((entry) => entry.id));
    if (!page.hasMore) {
      expect(page.nextCursor).toBeNull();
      return seen;
    }
    expect(page.data).toHaveLength(limit);
    cursor = page.nextCursor;
  }
  throw new Error("the walk did not end");
}

/** Registers the hooks of a reseller catalog test file: a fresh test app for each test. */
export function setupCatalogApp(): void {
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());
}
