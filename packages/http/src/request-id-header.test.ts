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
});
