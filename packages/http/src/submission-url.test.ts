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

describe("credentials in a URL (user:pass@)", () => {
  it("are refused in submissionUrl on create and update, in the envelope, and nothing is written", async () => {
    const { apiKey } = await strict.createTeam("provider");
    const created = await strict.request("POST", "/provider/offers", {
      key: apiKey,
      body: { name: "Creds", serviceType: "tv", submissionUrl: "https://partner:s3cret@orders.example.com/in" },
    });
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual({
      statusCode: 400,
      message: ["submissionUrl must not contain a user name or password (user:pass@)"],
      error: "Bad Request",
    });
    expect(await (await strict.request("GET", "/provider/offers", { key: apiKey })).json()).toEqual([]);

    const offer = await (
      await strict.request("POST", "/provider/offers", {
        key: apiKey,
        body: { name: "Plain", serviceType: "tv", submissionUrl: "https://orders.example.com/in" },
      })
    ).json();
    const updated = await strict.request("PATCH", `/provider/offers/${offer.id}`, {
      key: apiKey,
      body: { submissionUrl: "https://token@orders.example.com/in" },
    });
    expect(updated.status).toBe(400);
    expect((await updated.json()).message).toEqual([
      "submissionUrl must not contain a user name or password (user:pass@)",
    ]);
    const stored = await (await strict.request("GET", `/provider/offers/${offer.id}`, { key: apiKey })).json();
    expect(stored.submissionUrl).toBe("https://orders.example.com/in");
  });

  it("are refused in webhook URLs on create and update, even to loopback where loopback is allowed", async () => {
    const { apiKey } = await loopback.createTeam("provider");
    const created = await loopback.request("POST", "/provider/webhooks", {
      key: apiKey,
      body: { url: "http://user:pass@127.0.0.1:8080/hook", events: ["order.created"] },
    });
    expect(created.status).toBe(400);
    expect(await created.json()).toEqual({
      statusCode: 400,
      message: ["url must not contain a user name or password (user:pass@)"],
      error: "Bad Request",
    });
    expect(await (await loopback.request("GET", "/provider/webhooks", { key: apiKey })).json()).toEqual([]);

    const webhook = await (
      await loopback.request("POST", "/provider/webhooks", {
        key: apiKey,
        body: { url: "https://hooks.example.com/in", events: ["order.created"] },
      })
    ).json();
    const updated = await loopback.request("PATCH", `/provider/webhooks/${webhook.id}`, {
      key: apiKey,
      body: { url: "https://:secret@hooks.example.com/in" },
    });
    expect(updated.status).toBe(400);
    expect((await updated.json()).message).toEqual(["url must not contain a user name or password (user:pass@)"]);
    const stored = await (await loopback.request("GET", `/provider/webhooks/${webhook.id}`, { key: apiKey })).json();
    expect(stored.url).toBe("https://hooks.example.com/in");
  });
});
