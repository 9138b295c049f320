import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";

let strict: TestApp;
let loopback: TestApp;
beforeAll(async () => {
  [strict, loopback] = await Promise.all([createTestApp(), createTestApp({ allowLoopbackWebhooks: true })]);
});
afterAll(() => Promise.all([strict.close(), loopback.close()]));

const LOCAL = "http://127.0.0.1:8080/orders";

/** submissionUrl follows the same URL policy as webhook URLs (one policy, one setting). */
describe("submissionUrl and the loopback setting", () => {
  it("is https only by default", async () => {
    const { apiKey } = await strict.createTeam("provider");
    const res = await strict.request("POST", "/provider/offers", {
      key: apiKey,
      body: { name: "Local", serviceType: "tv", submissionUrl: LOCAL },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: ["submissionUrl must be an https URL"],
      error: "Bad Request",
    });
  });

  it("admits http to loopback when webhooks may target loopback, on create and update alike", async () => {
    const { apiKey } = await loopback.createTeam("provider");
    const created = await loopback.request("POST", "/provider/offers", {
      key: apiKey,
      body: { name: "Local", serviceType: "tv", submissionUrl: LOCAL },
    });
    expect(created.status).toBe(201);
    const offer = await created.json();
    expect(offer.submissionUrl).toBe(LOCAL);
    const updated = await loopback.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { submissionUrl: "http://localhost:9000/x" },
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).submissionUrl).toBe("http://localhost:9000/x");
    const remote = await loopback.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { submissionUrl: "http://partner.example.com/x" },
    });
    expect(remote.status).toBe(400);
    expect((await remote.json()).message).toEqual(["submissionUrl must be an https URL"]);
  });
});
