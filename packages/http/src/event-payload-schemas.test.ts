import { randomUUID } from "node:crypto";
import { EVENT_TYPES } from "@marketplace/core";
import { eventPayloadSchema } from "@marketplace/core/event-payloads";
import type { JsonSchema } from "@marketplace/core/fields";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

// The payload schemas the OpenAPI webhooks and the dashboard's event catalog show are written once
// (core orders/order-event-schemas.ts, consents/consent-event-schemas.ts): real events must match
// them exactly, so a payload change that forgets its schema fails here.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Problems of `value` against the subset of JSON Schema the payload schemas use. */
function problems(schema: JsonSchema, value: unknown, path = "data"): string[] {
  const types = ([] as string[]).concat((schema.type as string | string[] | undefined) ?? []);
  const kind =
    value === null ? "null" : Array.isArray(value) ? "array" : Number.isInteger(value) ? "integer" : typeof value;
  if (types.length > 0 && !types.includes(kind) && !(kind === "integer" && types.includes("number"))) {
    return [`${path} is ${kind}, not ${types.join(" or ")}`];
  }
  if (value === null) return [];
  const out: string[] = [];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) out.push(`${path} ${String(value)} not in enum`);
  if (typeof schema.pattern === "string" && typeof value === "string" && !new RegExp(schema.pattern).test(value)) {
    out.push(`${path} does not match ${schema.pattern}`);
  }
  if (kind === "array" && schema.items) {
    for (const [i, each] of (value as unknown[]).entries()) {
      out.push(...problems(schema.items as JsonSchema, each, `${path}.${i}`));
    }
  }
  if (kind === "object" && schema.properties) {
    const properties = schema.properties as Record<string, JsonSchema>;
    const record = value as Record<string, unknown>;
    for (const name of (schema.required as string[]) ?? []) if (!(name in record)) out.push(`${path}.${name} missing`);
    for (const [name, each] of Object.entries(record)) {
      const property = properties[name];
      if (!property) out.push(`${path}.${name} not in the schema`);
      else out.push(...problems(property, each, `${path}.${name}`));
    }
  }
  return out;
}

describe("event payload schemas", () => {
  it("describe every event an order produces, exactly", async () => {
    const provider = await t.createTeam("provider", "Schema Energy");
    const reseller = await t.createTeam("reseller");
    const created = await t.request("POST", "/provider/offers", {
      key: provider.apiKey,
      body: {
        name: "Fiber 500",
        sku: `SKU-${randomUUID()}`,
        serviceType: "internet",
        monthlyPrice: "49.99",
        commission: "30.00",
        internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
      },
    });
    const offer = (await created.json()) as { id: string };
    await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: provider.apiKey });
    const placed = await t.request("POST", "/reseller/orders", {
      key: reseller.apiKey,
      body: {
        items: [{ offerId: offer.id }, { offerId: offer.id }],
        customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
        serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
      },
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as { id: string; items: { id: string }[] };
    const itemId = order.items[0]?.id as string;
    expect(
      (
        await t.request("PATCH", `/provider/orders/${itemId}/status`, {
          key: provider.apiKey,
          body: { status: "accepted" },
        })
      ).status,
    ).toBe(200);
    expect((await t.request("PATCH", `/reseller/orders/${order.id}/cancel`, { key: reseller.apiKey })).status).toBe(
      200,
    );
    const { rows } = await sql<{ type: string; data: Record<string, unknown>; training: boolean }>`
      select type, data, training from events where data->>'orderId' = ${order.id}
    `.execute(t.database.db);
    expect(new Set(rows.map((row) => row.type))).toEqual(
      new Set(["order.created", "order.item.created", "order.item.status_changed", "order.cancelled"]),
    );
    for (const row of rows) {
      const data = { ...row.data, training: row.training };
      expect(problems(eventPayloadSchema(row.type as (typeof EVENT_TYPES)[number]), data), row.type).toEqual([]);
    }
  });

  it("exist for every event type, with training required", () => {
    for (const type of EVENT_TYPES) {
      const schema = eventPayloadSchema(type);
      expect(schema.type, type).toBe("object");
      expect(schema.required, type).toContain("training");
    }
  });
});
