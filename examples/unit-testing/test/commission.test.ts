// A user's unit test of their own code (src/commission.ts) against the real use cases of
// createMarketplace over the in-memory adapter of @marketplace/core/testing: no database, no
// server, milliseconds; the same file runs under Node (vitest) and Deno (`deno test`).
import { createMarketplace, type Marketplace, type Principal } from "@marketplace/core";
import { InMemoryUnitOfWork } from "@marketplace/core/testing";
import { beforeEach, describe, expect, it } from "vitest";
import { commissionStatement } from "../src/commission.ts";

const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
const CUSTOMER = {
  name: "Grace Hopper",
  email: "grace@example.com",
  phone: "+15125550199",
  kind: "residential" as const,
};

let marketplace: Marketplace;
let provider: Principal;
let offerId: string;

async function team(role: "provider" | "reseller", name: string): Promise<Principal> {
  const { apiKey } = await marketplace.teams.create({ name, role });
  return marketplace.auth.authenticate(apiKey.key);
}

async function order(reseller: Principal, isTraining = false): Promise<string> {
  const placed = await marketplace.orders.place(reseller, {
    items: [{ offerId }],
    customer: CUSTOMER,
    serviceAddress: ADDRESS,
    isTraining,
  });
  return placed.items[0]?.id as string;
}

beforeEach(async () => {
  marketplace = createMarketplace({ unitOfWork: new InMemoryUnitOfWork() });
  provider = await team("provider", "Lone Star Fiber");
  const offer = await marketplace.offers.create(provider, {
    name: "Fiber 1000",
    sku: "FIBER-1000",
    serviceType: "internet",
    monthlyPrice: "59.99",
    commission: "40.00",
    internet: { downloadSpeedMbps: 1000, connectionType: "fiber" },
  });
  offerId = offer.id;
  await marketplace.offers.publish(provider, offerId);
});

describe("commissionStatement", () => {
  it("sums the commission of accepted items per reseller, largest first", async () => {
    const [north, south] = [await team("reseller", "North"), await team("reseller", "South")];
    for (const itemId of [await order(north), await order(south), await order(south)]) {
      await marketplace.orders.updateItemStatus(provider, itemId, { status: "accepted" });
    }
    await order(north); // still pending: no commission yet

    expect(await commissionStatement(marketplace, provider)).toEqual([
      { resellerTeamId: south.teamId, items: 2, amount: "80.00" },
      { resellerTeamId: north.teamId, items: 1, amount: "40.00" },
    ]);
  });

  it("leaves out training orders, which never accrue commission, and rejected items", async () => {
    const reseller = await team("reseller", "Trainees");
    await marketplace.orders.updateItemStatus(provider, await order(reseller, true), { status: "accepted" });
    await marketplace.orders.updateItemStatus(provider, await order(reseller), {
      status: "rejected",
      reason: "Address not serviceable",
    });

    expect(await commissionStatement(marketplace, provider)).toEqual([]);
  });

  it("reads every page of a long list", async () => {
    const reseller = await team("reseller", "Busy");
    for (let index = 0; index < 105; index += 1) {
      await marketplace.orders.updateItemStatus(provider, await order(reseller), { status: "accepted" });
    }
    expect(await commissionStatement(marketplace, provider)).toEqual([
      { resellerTeamId: reseller.teamId, items: 105, amount: "4200.00" },
    ]);
  });
});
