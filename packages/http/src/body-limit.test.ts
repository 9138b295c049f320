import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

// The JSON body limit is skipped for a GET or HEAD that declares no body (fetch gives such a request no
// body, and @hono/node-server would build one on access); requests with a body are limited as before.

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey: key } = await t.createTeam("reseller"));
});
afterAll(() => t.close());

describe("JSON body limit on bodiless requests", () => {
  it("lets a GET without Content-Length or Transfer-Encoding through", async () => {
    const res = await t.app.request("/reseller/catalog?limit=1", { headers: { "x-api-key": key } });
    expect(res.status).toBe(200);
  });

  it("still limits a POST that declares a body over the limit", async () => {
    const res = await t.app.request("/reseller/orders", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json", "content-length": String(2 * 1024 * 1024) },
      body: "{}",
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ statusCode: 413, error: "Payload Too Large" });
  });
});
