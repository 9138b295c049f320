import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";

export let t: TestApp;

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const CUSTOMER = { name: "Ada Lovelace", email: "Ada@Example.com", phone: "+15125550123", kind: "residential" };
export const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };

export interface Setup {
  provider: { apiKey: string; teamId: string };
  reseller: { apiKey: string; teamId: string };
}

export async function setup(): Promise<Setup> {
  return { provider: await t.createTeam("provider", "Fiber Co"), reseller: await t.createTeam("reseller") };
}

export async function activeOffer(key: string, body: Record<string, unknown> = {}) {
  const created = await t.request("POST", "/provider/offers", {
    key,
    body: {
      name: "Fiber 500",
      sku: `SKU-${randomUUID()}`,
      serviceType: "internet",
      monthlyPrice: "49.99",
      commission: "30.00",
      internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
      ...body,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const offer = await created.json();
  const published = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key });
  expect(published.status, await published.clone().text()).toBe(200);
  return published.json();
}

export function place(
  key: string,
  offerIds: string[],
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.request("POST", "/reseller/orders", {
    key,
    headers,
    body: { items: offerIds.map((offerId) => ({ offerId })), customer: CUSTOMER, serviceAddress: ADDRESS, ...extra },
  });
}

export async function eventsOf(orderId: string) {
  const { rows } = await sql<{
    type: string;
    data: Record<string, unknown>;
    provider_team_ids: string[];
    reseller_team_ids: string[];
  }>`
    select type, data, provider_team_ids, reseller_team_ids from events where data->>'orderId' = ${orderId} order by created_at, type
  `.execute(t.database.db);
  return rows;
}

export async function countRows(table: "orders" | "order_items" | "customers" | "events") {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db);
  return Number(rows[0]?.n);
}

/** Registers the hooks of an orders test file: a test app, closed after the file. */
export function setupOrdersApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}
