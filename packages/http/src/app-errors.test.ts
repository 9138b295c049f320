import type { LogFields, Logger, Marketplace } from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createApp } from "./app.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SERVICE_TYPE_VALUES = "internet, electricity, natural_gas, tv, mobile, home_security";

const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });

let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ apiKey: key } = await t.createTeam("provider"));
});
afterAll(() => t.close());

/** POST /provider/offers with the provider key and a JSON body. */
const postOffer = (body: unknown, headers?: Record<string, string>) =>
  t.request("POST", "/provider/offers", { key, body, ...(headers ? { headers } : {}) });

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

describe("hostile strings", () => {
  it("rejects a name over 200 characters and accepts exactly 200", async () => {
    const long = await postOffer({ name: "n".repeat(201), serviceType: "tv" });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual(badRequest("name must be at most 200 characters"));

    const max = await postOffer({ name: "n".repeat(200), serviceType: "tv" });
    expect(max.status).toBe(201);
    expect((await max.json()).name).toBe("n".repeat(200));
  });

  it("rejects a sku over 100 characters", async () => {
    const res = await postOffer({ name: "Fibre", sku: "s".repeat(101), serviceType: "tv" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("sku must be at most 100 characters"));
  });

  it("rejects a blank name", async () => {
    const res = await postOffer({ name: " \t\n ", serviceType: "tv" });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("name must not be empty"));
  });

  it("trims surrounding whitespace of name and sku", async () => {
    const res = await postOffer({ name: "  Padded plan  ", sku: "  pad-1 ", serviceType: "tv" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ name: "Padded plan", sku: "pad-1" });
  });

  it("rejects NUL characters with 400 rather than failing in the database", async () => {
    const name = await postOffer({ name: "Fibre\u0000Max", serviceType: "tv" });
    expect(name.status).toBe(400);
    expect(await name.json()).toEqual(badRequest("name must not contain NUL characters"));

    const sku = await postOffer({ name: "Fibre", sku: "\u0000", serviceType: "tv" });
    expect(sku.status).toBe(400);
    expect(await sku.json()).toEqual(badRequest("sku must not contain NUL characters"));
  });

  it("accepts and round-trips unicode and emoji", async () => {
    const name = "Fibre 🚀 Ünïcødé 日本語 ﷽ \u200d👩‍👩‍👧 עברית";
    const sku = "SKU-ß-🙂";
    const created = await postOffer({ name, sku, serviceType: "internet" });
    expect(created.status).toBe(201);
    const offer = await created.json();
    expect(offer).toMatchObject({ name, sku });

    const fetched = await t.request("GET", `/provider/offers/${offer.id}`, { key });
    expect(fetched.status).toBe(200);
    expect(await fetched.json()).toEqual(offer);
  });

  it("stores SQL-looking strings verbatim", async () => {
    const name = "Robert'); DROP TABLE offers;-- \\ % _ $1 $$ :name";
    const sku = "' OR '1'='1";
    const created = await postOffer({ name, sku, serviceType: "tv" });
    expect(created.status).toBe(201);
    const offer = await created.json();
    expect(offer).toMatchObject({ name, sku });

    const list = await t.request("GET", "/provider/offers", { key });
    expect(list.status).toBe(200);
    const offers: Array<{ id: string; name: string; sku: string | null }> = await list.json();
    expect(offers.filter((o) => o.id === offer.id)).toEqual([offer]);

    const rows = await t.database.db.selectFrom("offers").select(["name", "sku"]).where("id", "=", offer.id).execute();
    expect(rows).toEqual([{ name, sku }]);
  });
});

describe("unexpected failures", () => {
  const SECRET = 'password=hunter2 host=10.0.0.7 relation "offers" does not exist';

  function recordingLogger() {
    const lines: Array<{ level: string; message: string; fields?: LogFields }> = [];
    const logger: Logger = {
      debug: (message, fields) => lines.push({ level: "debug", message, ...(fields ? { fields } : {}) }),
      info: (message, fields) => lines.push({ level: "info", message, ...(fields ? { fields } : {}) }),
      warn: (message, fields) => lines.push({ level: "warn", message, ...(fields ? { fields } : {}) }),
      error: (message, fields) => lines.push({ level: "error", message, ...(fields ? { fields } : {}) }),
    };
    return { logger, lines };
  }

  /** An app over the real marketplace but for one offers method that fails with `thrown`. */
  function appWhoseListThrows(thrown: () => unknown, logger?: Logger) {
    const marketplace: Marketplace = {
      ...t.marketplace,
      offers: {
        ...t.marketplace.offers,
        list: async () => {
          throw thrown();
        },
      },
    };
    return createApp({ marketplace, checkHealth: async () => {}, ...(logger ? { logger } : {}) });
  }

  it("answers 500 with a generic envelope that leaks nothing, and logs the cause", async () => {
    class DatabaseExploded extends Error {
      override name = "DatabaseExploded";
    }
    const { logger, lines } = recordingLogger();
    const app = appWhoseListThrows(() => new DatabaseExploded(SECRET), logger);
    const res = await app.request("/provider/offers", { headers: { "x-api-key": key, "x-request-id": "req-500" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("req-500");
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      statusCode: 500,
      message: "Internal server error",
      error: "Internal Server Error",
    });
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("DatabaseExploded");
    expect(text).not.toContain("at ");

    const failure = lines.find((line) => line.message === "request failed");
    expect(failure).toMatchObject({
      level: "error",
      fields: { requestId: "req-500", method: "GET", path: "/provider/offers", error: SECRET },
    });
    expect(lines.find((line) => line.message === "request")).toMatchObject({
      level: "error",
      fields: { requestId: "req-500", status: 500 },
    });
  });

  it("answers 500 with the envelope when something other than an Error is thrown", async () => {
    for (const thrown of [() => SECRET, () => ({ secret: SECRET }), () => Object.create(null), () => undefined]) {
      const app = appWhoseListThrows(thrown);
      const res = await app.request("/provider/offers", { headers: { "x-api-key": key } });
      expect(res.status).toBe(500);
      expect(res.headers.get("x-request-id")).toMatch(UUID_V4);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        statusCode: 500,
        message: "Internal server error",
        error: "Internal Server Error",
      });
      expect(text).not.toContain("hunter2");
    }
  });

  it("answers 500 when authentication itself fails unexpectedly", async () => {
    const marketplace: Marketplace = {
      ...t.marketplace,
      auth: {
        ...t.marketplace.auth,
        authenticate: async () => {
          throw new Error(SECRET);
        },
      },
    };
    const app = createApp({ marketplace, checkHealth: async () => {} });
    const res = await app.request("/provider/offers", { headers: { "x-api-key": key } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      statusCode: 500,
      message: "Internal server error",
      error: "Internal Server Error",
    });
    expect(text).not.toContain("hunter2");
  });
});

describe("x-request-id", () => {
  it("assigns a fresh UUID to every response when none is sent", async () => {
    const first = await t.request("GET", "/health");
    const second = await t.request("GET", "/health");
    expect(first.headers.get("x-request-id")).toMatch(UUID_V4);
    expect(second.headers.get("x-request-id")).toMatch(UUID_V4);
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });

  it("echoes a sane incoming id", async () => {
    for (const id of ["abc-123", "trace.id:42_x", "a".repeat(128)]) {
      const res = await t.request("GET", "/health", { headers: { "x-request-id": id } });
      expect(res.headers.get("x-request-id")).toBe(id);
    }
  });

  it("replaces an incoming id that is not sane", async () => {
    for (const id of ["has space", "<script>", "a".repeat(129), "semi;colon", 'quote"d', "new%0Aline"]) {
      const res = await t.request("GET", "/health", { headers: { "x-request-id": id } });
      expect(res.headers.get("x-request-id"), id).toMatch(UUID_V4);
    }
  });

  it("is present on error responses too", async () => {
    const notFound = await t.request("GET", "/nope", { headers: { "x-request-id": "req-404" } });
    expect(notFound.headers.get("x-request-id")).toBe("req-404");
    const unauthorized = await t.request("GET", "/provider/offers", { headers: { "x-request-id": "req-401" } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("x-request-id")).toBe("req-401");
    const invalid = await postOffer({ foo: 1 }, { "x-request-id": "req-400" });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("x-request-id")).toBe("req-400");
    const tooLarge = await postOffer(
      { name: "x".repeat(1024 * 1024), serviceType: "tv" },
      { "x-request-id": "req-413" },
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("x-request-id")).toBe("req-413");
  });
});

describe("text that is not well-formed Unicode", () => {
  it("answers 400 naming the field for an unpaired surrogate anywhere in a JSON body, never 500", async () => {
    const t = await createTestApp();
    try {
      const { apiKey } = await t.createTeam("provider");
      const cases: [string, string, string][] = [
        ["/provider/offers", '{"name":"\\ud800","serviceType":"tv"}', "name"],
        [
          "/provider/offers",
          '{"name":"x","serviceType":"tv","partnerSignup":{"kind":"lead_gen","signupUrlTemplate":"a\\udc00b"}}',
          "partnerSignup.signupUrlTemplate",
        ],
        ["/provider/brands", '{"name":"\\ud800"}', "name"],
      ];
      for (const [path, body, field] of cases) {
        const res = await t.request("POST", path, { key: apiKey, body });
        expect(res.status, path).toBe(400);
        expect(await res.json()).toEqual({
          statusCode: 400,
          message: [`${field} must be valid Unicode text (it holds an unpaired surrogate)`],
          error: "Bad Request",
        });
      }
      // A properly paired surrogate (an emoji written as escapes) is fine.
      const emoji = await t.request("POST", "/provider/offers", {
        key: apiKey,
        body: '{"name":"Fiber \\ud83d\\ude80","serviceType":"tv"}',
      });
      expect(emoji.status).toBe(201);
      expect((await emoji.json()).name).toBe("Fiber 🚀");
      // An escaped backslash before "ud800" is the six characters \ud800, not a surrogate.
      const literal = await t.request("POST", "/provider/brands", { key: apiKey, body: '{"name":"C:\\\\ud800"}' });
      expect(literal.status).toBe(201);
      expect((await literal.json()).name).toBe("C:\\ud800");
      // A lone surrogate in a key is found too.
      const inKey = await t.request("POST", "/provider/brands", { key: apiKey, body: '{"name":"ok","\\udfff":1}' });
      expect(inKey.status).toBe(400);
      expect((await inKey.json()).message).toEqual([
        "(key) must be valid Unicode text (it holds an unpaired surrogate)",
      ]);
    } finally {
      await t.close();
    }
  });
});
