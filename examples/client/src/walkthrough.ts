/**
 * The main flows of the marketplace, end to end, through the typed client: teams, an offer created
 * and published, the catalog, an order placed and accepted.
 *
 * @module
 */

import { expectData, marketplaceClient } from "./client.ts";
import type { components } from "./schema.d.ts";

type Schemas = components["schemas"];

/** What the walkthrough made, step by step. */
export interface WalkthroughResult {
  providerTeamId: string;
  resellerTeamId: string;
  /** The offer after publishing. */
  offer: Schemas["Offer"];
  /** The offer as the reseller's catalog shows it. */
  catalogEntry: Schemas["CatalogEntry"];
  /** The order as placed. */
  placedOrder: Schemas["ResellerOrder"];
  /** The item after the provider accepted it. */
  acceptedItem: Schemas["ProviderOrderItem"];
  /** The order as the reseller sees it afterwards. */
  order: Schemas["ResellerOrder"];
}

/** Options of `runWalkthrough`. */
export interface WalkthroughOptions {
  /** e.g. `http://localhost:3000` */
  baseUrl: string;
  /** The server's `MARKETPLACE_ADMIN_TOKEN`, to create the two teams. */
  adminToken: string;
  /** One line per step; default console.log. */
  log?: (line: string) => void;
}

/**
 * Walks the main flows against a running server.
 *
 * @example
 * await runWalkthrough({ baseUrl: "http://localhost:3000", adminToken: process.env.MARKETPLACE_ADMIN_TOKEN });
 */
export async function runWalkthrough(options: WalkthroughOptions): Promise<WalkthroughResult> {
  const log = options.log ?? console.log;
  const run = Date.now().toString(36);

  // 1. Two teams, each with its first API key (admin API; `pnpm marketplace teams create` does the same).
  const admin = marketplaceClient(options.baseUrl, { adminToken: options.adminToken });
  const providerTeam = expectData(
    "create the provider team",
    await admin.POST("/admin/teams", { body: { name: `Walkthrough Fiber ${run}`, role: "provider" } }),
  );
  const resellerTeam = expectData(
    "create the reseller team",
    await admin.POST("/admin/teams", { body: { name: `Walkthrough Resellers ${run}`, role: "reseller" } }),
  );
  log(`1. teams: provider ${providerTeam.id}, reseller ${resellerTeam.id}`);
  const provider = marketplaceClient(options.baseUrl, { apiKey: providerTeam.apiKey.key });
  const reseller = marketplaceClient(options.baseUrl, { apiKey: resellerTeam.apiKey.key });

  // 2. The provider creates an offer (a draft), then publishes it.
  const draft = expectData(
    "create the offer",
    await provider.POST("/provider/offers", {
      body: {
        name: `Fiber 500 ${run}`,
        sku: `FIBER-500-${run}`,
        serviceType: "internet",
        marketingHeadline: "Symmetric 500 Mbps fiber",
        description: "Unlimited data, free installation, no annual contract.",
        monthlyPrice: "49.99",
        promoMonthlyPrice: "39.99",
        promoDurationMonths: 6,
        commission: "40.00",
        internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 500, connectionType: "fiber", dataCapGb: null },
      },
    }),
  );
  const offer = expectData(
    "publish the offer",
    await provider.POST("/provider/offers/{id}/publish", { params: { path: { id: draft.id } } }),
  );
  log(`2. offer ${offer.id} "${offer.name}": ${draft.status} → ${offer.status}`);

  // 3. The reseller finds it in the catalog.
  const catalog = expectData(
    "browse the catalog",
    await reseller.GET("/reseller/catalog", { params: { query: { search: offer.name, limit: 10 } } }),
  );
  // With `limit` (or `cursor`) a list is a page, {data, hasMore, nextCursor}; without, the whole array.
  const entries = Array.isArray(catalog) ? catalog : catalog.data;
  const catalogEntry = entries.find((entry) => entry.id === offer.id);
  if (!catalogEntry) throw new Error(`browse the catalog: offer ${offer.id} is not in it`);
  log(`3. catalog: "${catalogEntry.name}" by ${catalogEntry.providerName}, ${catalogEntry.monthlyPrice}/month`);

  // 4. The reseller places an order for a customer.
  const placedOrder = expectData(
    "place the order",
    await reseller.POST("/reseller/orders", {
      body: {
        items: [{ offerId: offer.id }],
        customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
        serviceAddress: { line1: "500 Congress Ave", city: "Austin", state: "TX", zipCode: "78701" },
      },
    }),
  );
  const [item] = placedOrder.items;
  if (!item) throw new Error("place the order: the order has no item");
  log(
    `4. order ${placedOrder.id}: ${placedOrder.status}, item ${item.id} ${item.status}, ${placedOrder.totalMonthly}/month`,
  );

  // 5. The provider sees the item and accepts it.
  const incoming = expectData("list the provider's items", await provider.GET("/provider/orders", {}));
  const items = Array.isArray(incoming) ? incoming : incoming.data;
  if (!items.some((entry) => entry.id === item.id)) throw new Error(`item ${item.id} is not in the provider's list`);
  const acceptedItem = expectData(
    "accept the item",
    await provider.PATCH("/provider/orders/{itemId}/status", {
      params: { path: { itemId: item.id } },
      body: { status: "accepted" },
    }),
  );
  const order = expectData(
    "read the order",
    await reseller.GET("/reseller/orders/{id}", { params: { path: { id: placedOrder.id } } }),
  );
  log(`5. item ${acceptedItem.id}: ${item.status} → ${acceptedItem.status}; order ${order.id}: ${order.status}`);

  return {
    providerTeamId: providerTeam.id,
    resellerTeamId: resellerTeam.id,
    offer,
    catalogEntry,
    placedOrder,
    acceptedItem,
    order,
  };
}
