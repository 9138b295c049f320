import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

// x-request-id is set on the context before the handler runs, so every response built through the
// context carries it: JSON, HTML, CSV and the OpenAPI document alike.

let t: TestApp;
let provider: string;
let reseller: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey: provider } = await t.createTeam("provider"));
  ({ apiKey: reseller } = await t.createTeam("reseller"));
});
afterAll(() => t.close());

describe("x-request-id on every kind of response", () => {
  it.each([
    ["the catalog (JSON page)", "/reseller/catalog?limit=1", () => reseller],
    ["the CSV template (text/csv)", "/provider/offers/bulk-upload/template", () => provider],
    ["the OpenAPI document", "/openapi.json", () => undefined],
    ["the API reference page (HTML)", "/docs", () => undefined],
  ])("%s", async (_name, path, key) => {
    const apiKey = key();
    const res = await t.app.request(path, {
      headers: { "x-request-id": "req-kind", ...(apiKey ? { "x-api-key": apiKey } : {}) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("req-kind");
    await res.arrayBuffer();
  });

  it("a bulk upload's result (JSON written in pieces)", async () => {
    const form = new FormData();
    form.set(
      "file",
      new Blob(["sku,name,serviceType,monthlyPrice\r\nREQ-ID-1,Fiber 100,internet,40.00\r\n"], { type: "text/csv" }),
      "offers.csv",
    );
    const res = await t.app.request("/provider/offers/bulk-upload/validate", {
      method: "POST",
      headers: { "x-request-id": "req-bulk", "x-api-key": provider },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toBe("req-bulk");
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({
      summary: { rows: 1, valid: 1, invalid: 0, created: 0 },
      results: [{ row: 1, line: 2, status: "valid", offerId: null, errors: [] }],
    });
  });
});
