import { PostgresUnitOfWork, pingDatabase } from "@marketplace/adapters-postgres";
import { createMarketplace, type Offer, type TransactionScope, type UnitOfWork } from "@marketplace/core";
import type { OfferRepository } from "@marketplace/core/offers";
import { describe, expect, it } from "vitest";
import {
  asValidation,
  bySku,
  created,
  invalid,
  lines,
  offersOf,
  postCsv,
  provider,
  setupBulkApp,
  t,
  valid,
} from "../../../test/helpers/http/provider-offers-bulk.ts";
import { createApp } from "./app.ts";

setupBulkApp();

describe("POST /provider/offers/bulk-update", () => {
  async function seed(key: string) {
    const csv = lines(
      "sku,name,serviceType,description,monthlyPrice,promoMonthlyPrice,promoDurationMonths,marketNames,internet.downloadSpeedMbps,internet.connectionType",
      "U-1,Fiber,internet,Original,50.00,40.00,6,Austin,500,fiber",
      "U-2,Cable,internet,Second,30.00,,,,,",
      "U-3,TV,tv,Third,20.00,,,,,",
    );
    const res = await postCsv("/provider/offers/bulk-upload", key, csv);
    expect((await res.json()).summary.created).toBe(3);
    const offers = bySku(await offersOf(key));
    const publish = await t.request("POST", `/provider/offers/${offers.get("U-1")?.id}/publish`, { key });
    expect(publish.status).toBe(200);
    return bySku(await offersOf(key));
  }

  it("updates offers found by SKU: empty cells leave fields unchanged, NULL clears them", async () => {
    const { key, principal } = await provider();
    await t.marketplace.markets.create(principal, { name: "Austin" });
    const dallas = await t.marketplace.markets.create(principal, { name: "Dallas" });
    const before = await seed(key);
    const csv = lines(
      "sku,name,description,monthlyPrice,promoMonthlyPrice,promoDurationMonths,marketNames,internet.uploadSpeedMbps",
      "U-1,,,55,,,Dallas,100",
      "U-2,Cable Plus,NULL,,,,,",
      "U-3,,,,,,NULL,",
    );
    const check = await (await postCsv("/provider/offers/bulk-update/validate", key, csv, "csv")).json();
    expect(bySku(await offersOf(key))).toEqual(before);

    const res = await postCsv("/provider/offers/bulk-update", key, csv, "csv");
    expect(res.status).toBe(200);
    const body = await res.json();
    const updated = (row: number, sku: string) => ({
      row,
      line: row + 1,
      status: "updated",
      offerId: before.get(sku)?.id,
      errors: [],
    });
    expect(body).toEqual({
      summary: { rows: 3, valid: 3, invalid: 0, updated: 3 },
      results: [updated(1, "U-1"), updated(2, "U-2"), updated(3, "U-3")],
    });
    expect(check).toEqual(asValidation(body));
    expect(check.results[0]).toEqual(valid(1, 2, before.get("U-1")?.id));

    const after = bySku(await offersOf(key));
    const { updatedAt: _1, ...u1 } = after.get("U-1") as Record<string, unknown>;
    const { updatedAt: _2, ...u1Before } = before.get("U-1") as Record<string, unknown>;
    expect(u1).toEqual({
      ...u1Before,
      monthlyPrice: "55.00",
      marketIds: [dallas.id],
      internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 100, connectionType: "fiber", dataCapGb: null },
    });
    expect(after.get("U-1")?.status).toBe("active");
    expect(after.get("U-2")).toMatchObject({ name: "Cable Plus", description: null, monthlyPrice: "30.00" });
    expect(after.get("U-3")).toMatchObject({ name: "TV", description: "Third", marketIds: [] });
  });

  it("keeps an active offer publishable: a row that breaks readiness fails with the publish problems", async () => {
    const { key, principal } = await provider();
    await t.marketplace.markets.create(principal, { name: "Austin" });
    const before = await seed(key);
    const csv = lines(
      "sku,monthlyPrice,promoMonthlyPrice,internet.connectionType,internet.downloadSpeedMbps",
      "U-1,NULL,,NULL,",
      "U-2,NULL,,NULL,",
      "U-1,45,,,",
    );
    const res = await postCsv("/provider/offers/bulk-update", key, csv);
    expect(await res.json()).toEqual({
      summary: { rows: 3, valid: 1, invalid: 2, updated: 1 },
      results: [
        invalid(
          1,
          2,
          ["monthlyPrice", "monthlyPrice is required to publish"],
          ["internet.connectionType", "internet.connectionType is required to publish"],
        ),
        { row: 2, line: 3, status: "updated", offerId: before.get("U-2")?.id, errors: [] },
        invalid(3, 4, ["sku", "sku U-1 is also used by row 1 of this file"]),
      ],
    });
    const after = bySku(await offersOf(key));
    expect(after.get("U-1")).toEqual(before.get("U-1"));
    expect(after.get("U-2")).toMatchObject({ status: "draft", monthlyPrice: null, internet: { connectionType: null } });
  });

  it("reports a SKU matching no offer of the team, an empty SKU, and field problems on the row", async () => {
    const { key, principal } = await provider();
    await t.marketplace.markets.create(principal, { name: "Austin" });
    await seed(key);
    const other = await provider();
    await t.request("POST", "/provider/offers", {
      key: other.key,
      body: { name: "X", sku: "THEIRS", serviceType: "tv" },
    });
    const csv = lines(
      "sku,name,serviceType,monthlyPrice,marketNames",
      "THEIRS,Mine now,,,",
      ",No sku,,,",
      "U-3,,radio,-1,Nowhere",
    );
    const res = await postCsv("/provider/offers/bulk-update", key, csv);
    expect(await res.json()).toEqual({
      summary: { rows: 3, valid: 0, invalid: 3, updated: 0 },
      results: [
        invalid(1, 2, ["sku", "sku THEIRS matches none of the team's offers"]),
        invalid(2, 3, ["sku", "sku must not be empty"]),
        invalid(
          3,
          4,
          ["marketNames", "marketNames contains Nowhere, which is not one of the team's markets"],
          [
            "serviceType",
            "serviceType must be one of the following values: internet, electricity, natural_gas, tv, mobile, home_security",
          ],
          ["monthlyPrice", 'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"'],
        ),
      ],
    });
  });
});

describe("a concurrent writer taking a SKU between the check and the write", () => {
  it("fails only the colliding rows: the batch is retried row by row", async () => {
    const { key, principal } = await provider();
    // Another writer commits an offer with the next SKU in the queue right after each SKU check.
    const racing: string[] = [];
    const plain = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: t.database.db }) });
    const inner = new PostgresUnitOfWork({ db: t.database.db });
    const unitOfWork: UnitOfWork = {
      repositories: inner.repositories,
      transaction: (work) =>
        inner.transaction((scope: TransactionScope) => {
          const offers: OfferRepository = Object.create(scope.offers);
          offers.findBySkus = async (teamId: string, skus: readonly string[]): Promise<Offer[]> => {
            const found = await scope.offers.findBySkus(teamId, skus);
            const sku = racing.shift();
            if (sku) await plain.offers.create(principal, { name: "Racer", sku, serviceType: "tv" });
            return found;
          };
          return work({ ...scope, offers });
        }),
    };
    const app = createApp({
      marketplace: createMarketplace({ unitOfWork }),
      checkHealth: () => pingDatabase(t.database.db),
    });
    // Batch check: RACE-2 taken; row 1 and row 2 re-checks: nothing; row 3 re-check: RACE-3 taken.
    racing.push("RACE-2", "", "", "RACE-3");
    const res = await app.request("/provider/offers/bulk-upload", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "text/csv" },
      body: lines("sku,name,serviceType", "RACE-1,One,tv", "RACE-2,Two,tv", "RACE-3,Three,tv", "RACE-4,Four,tv"),
    });
    expect(res.status).toBe(200);
    // RACE-2 is seen by the row's own re-check; RACE-3 is taken again between that check and its insert.
    expect(await res.json()).toEqual({
      summary: { rows: 4, valid: 2, invalid: 2, created: 2 },
      results: [
        created(1),
        invalid(2, 3, ["sku", "sku RACE-2 is already used by another offer"]),
        invalid(3, 4, ["sku", "sku RACE-3 is already used by another offer"]),
        created(4),
      ],
    });
    expect(racing).toEqual([]);
    const names = (await offersOf(key)).map((offer) => `${offer.sku} ${offer.name}`).sort();
    expect(names).toEqual(["RACE-1 One", "RACE-2 Racer", "RACE-3 Racer", "RACE-4 Four"]);
  });
});
