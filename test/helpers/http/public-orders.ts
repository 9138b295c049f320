import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";
import { createPublicApp, type PublicApp, publishOffer } from "../public-app.ts";

export let t: TestApp;
export let pub: PublicApp;

export const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const CUSTOMER = { name: "Ada Lovelace", email: "Ada@Example.com", phone: "+15125550123", kind: "residential" };
export const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
export const ORDER_CONTACT = { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" };
export const MARKETING_DECLINED = {
  kind: "marketing_calls_texts",
  granted: false,
  disclosureVersion: "marketing_calls_texts.v1",
};
export const UA = "Mozilla/5.0 (Storefront test)";

export let storefronts = 0;
export async function setup() {
  const fiber = await t.createTeam("provider", "Fiber Co");
  const volt = await t.createTeam("provider", "Volt Energy");
  const reseller = await t.createTeam("reseller");
  storefronts += 1;
  const slug = `shop-${storefronts}-${randomUUID().slice(0, 8)}`;
  const put = await t.request("PUT", "/reseller/storefront", { key: reseller.apiKey, body: { slug } });
  expect(put.status).toBe(201);
  const internet = await publishOffer(t, fiber.apiKey, { name: "Fiber 500", monthlyPrice: "49.99" });
  const power = await publishOffer(t, volt.apiKey, {
    name: "Green 12",
    serviceType: "electricity",
    monthlyPrice: "80.00",
    internet: undefined,
    electricity: { ratePerKwh: "0.1425", rateType: "fixed", termMonths: 12 },
  });
  return { fiber, volt, reseller, slug, internet, power };
}

export function shopOrder(body: Record<string, unknown>, peer?: string) {
  return pub.request("POST", "/public/shop/orders", { body, peer, headers: { "user-agent": UA } });
}

export async function eventsOf(orderId: string) {
  const { rows } = await sql<{
    type: string;
    data: Record<string, unknown>;
    provider_team_ids: string[];
    reseller_team_ids: string[];
  }>`select type, data, provider_team_ids, reseller_team_ids from events where data->>'orderId' = ${orderId}
     order by created_at, type, data->>'providerTeamId', data->>'disclosureVersion'`.execute(t.database.db);
  return rows;
}

export async function count(table: "orders" | "consent_records" | "events") {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db);
  return Number(rows[0]?.n);
}

/** Registers the hooks of a public orders test file: a test app and its public app, closed after the file. */
export function setupPublicOrdersApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    pub = createPublicApp(t);
  });
  afterAll(async () => {
    await pub.close();
    await t.close();
  });
}
