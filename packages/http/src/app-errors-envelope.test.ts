import { describe, expect, it } from "vitest";
import {
  badRequest,
  key,
  postOffer,
  SERVICE_TYPE_VALUES,
  setupErrorsApp,
  t,
} from "../../../test/helpers/http/app-errors.ts";

setupErrorsApp();

describe("error envelope", () => {
  it("answers an unknown route with a 404 naming the method and path", async () => {
    const res = await t.request("GET", "/nope");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ statusCode: 404, message: "Cannot GET /nope", error: "Not Found" });

    const post = await t.request("POST", "/nope/deeper", { body: {} });
    expect(post.status).toBe(404);
    expect(await post.json()).toEqual({ statusCode: 404, message: "Cannot POST /nope/deeper", error: "Not Found" });
  });

  it("answers an unsupported method on a known path with the 404 envelope", async () => {
    const res = await t.request("PUT", "/health");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: "Cannot PUT /health", error: "Not Found" });
  });

  it("rejects malformed JSON with 400", async () => {
    const res = await postOffer('{"name": "Fibre", ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: "Malformed JSON in request body",
      error: "Bad Request",
    });
  });

  it("rejects a body sent as text/plain with 415", async () => {
    const res = await postOffer(JSON.stringify({ name: "Fibre", serviceType: "internet" }), {
      "content-type": "text/plain",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      statusCode: 415,
      message: "Unsupported Media Type",
      error: "Unsupported Media Type",
    });
  });

  it("rejects a body sent without a content type with 415", async () => {
    const res = await t.app.request("/provider/offers", {
      method: "POST",
      headers: { "x-api-key": key },
      body: new TextEncoder().encode(JSON.stringify({ name: "Fibre", serviceType: "internet" })),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      statusCode: 415,
      message: "Unsupported Media Type",
      error: "Unsupported Media Type",
    });
  });

  it("accepts application/json with a charset parameter", async () => {
    const res = await postOffer(
      { name: "Charset", serviceType: "tv" },
      {
        "content-type": "application/json; charset=utf-8",
      },
    );
    expect(res.status).toBe(201);
  });

  it("rejects a body over 1 MB with 413", async () => {
    const res = await postOffer({ name: "x".repeat(1024 * 1024), serviceType: "internet" });
    expect(res.status).toBe(413);
    // No `Connection: close`: Node closed such a socket at once, with the rest of the body unread,
    // and the reset that followed could destroy the 413 before the client read it (body-limit.ts).
    expect(res.headers.get("connection")).toBeNull();
    expect(await res.json()).toEqual({
      statusCode: 413,
      message: "Request body must not exceed 1048576 bytes",
      error: "Payload Too Large",
    });
  });

  it("rejects a body over 1 MB with 413 even when it is streamed without content-length", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ name: "x".repeat(1024 * 1024), serviceType: "tv" }));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
          controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
        }
        controller.close();
      },
    });
    const res = await t.app.request("/provider/offers", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      statusCode: 413,
      message: "Request body must not exceed 1048576 bytes",
      error: "Payload Too Large",
    });
  });

  it("rejects an unknown body property", async () => {
    const res = await postOffer({ name: "Fibre", serviceType: "internet", foo: 1 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("property foo should not exist"));
  });

  it("lists every unknown body property, one entry each", async () => {
    const res = await postOffer({ name: "Fibre", serviceType: "internet", foo: 1, bar: { nested: true }, id: "x" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      badRequest("property foo should not exist", "property bar should not exist", "property id should not exist"),
    );
  });

  it("rejects a response object sent back as a body (read-only fields are unknown properties)", async () => {
    const created = await postOffer({ name: "Echo", serviceType: "tv" });
    const offer = await created.json();
    const res = await postOffer({ ...offer, sku: "echo-1" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      badRequest(
        "property id should not exist",
        "property status should not exist",
        "property brand should not exist",
        "property createdAt should not exist",
        "property updatedAt should not exist",
        "property publishedAt should not exist",
      ),
    );
  });

  it("treats __proto__ as an unknown property", async () => {
    const res = await postOffer('{"name":"Fibre","serviceType":"tv","__proto__":{"isAdmin":true}}');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("property __proto__ should not exist"));
  });

  it("reports a wrong type with the field name first", async () => {
    const res = await postOffer({ name: 5, serviceType: "internet" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("name must be a string"));
  });

  it("reports a missing required field", async () => {
    const res = await postOffer({ serviceType: "internet" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("name is required"));
  });

  it("reports a missing enumerated field as required", async () => {
    const res = await postOffer({ name: "Fibre" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("serviceType is required"));
  });

  it("reports a value outside an enumeration with the allowed values", async () => {
    const res = await postOffer({ name: "Fibre", serviceType: "water" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      badRequest(`serviceType must be one of the following values: ${SERVICE_TYPE_VALUES}`),
    );
  });

  it("reports several failures with one entry each", async () => {
    const res = await postOffer({ name: 5, sku: "", serviceType: "water", monthlyPrice: 49.9, foo: true });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      badRequest(
        "name must be a string",
        "sku must not be empty",
        `serviceType must be one of the following values: ${SERVICE_TYPE_VALUES}`,
        'monthlyPrice must be a decimal string, e.g. "49.99"',
        "property foo should not exist",
      ),
    );
  });

  it("reports an empty body object with every required field", async () => {
    const res = await postOffer({});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("name is required", "serviceType is required"));
  });

  it.each([
    ["a JSON array", "[]"],
    ["an array of objects", '[{"name":"Fibre","serviceType":"tv"}]'],
    ["null", "null"],
    ["a string", '"Fibre"'],
    ["a number", "42"],
  ])("rejects a body that is %s", async (_label, body) => {
    const res = await postOffer(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("body must be an object"));
  });

  it("rejects a malformed monthlyPrice", async () => {
    for (const monthlyPrice of ["-1", "49.999", "1e3", "49,90", " 49.90", "00.10", "99999999999"]) {
      const res = await postOffer({ name: "Fibre", serviceType: "tv", monthlyPrice });
      expect(res.status, monthlyPrice).toBe(400);
      expect(await res.json()).toEqual(
        badRequest('monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"'),
      );
    }
  });

  it("rejects an unknown query parameter", async () => {
    const res = await t.request("GET", "/provider/offers?foo=1", { key });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("property foo should not exist"));

    const one = await t.request("GET", "/provider/offers/3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21?expand=all", { key });
    expect(one.status).toBe(400);
    expect(await one.json()).toEqual(badRequest("property expand should not exist"));

    const root = await t.request("GET", "/?x=1&y=2");
    expect(root.status).toBe(400);
    expect(await root.json()).toEqual(badRequest("property x should not exist", "property y should not exist"));
  });
});
