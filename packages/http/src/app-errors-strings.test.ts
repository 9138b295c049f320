import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/helpers/app.ts";
import { badRequest, key, postOffer, setupErrorsApp, t } from "../../../test/helpers/http/app-errors.ts";

setupErrorsApp();

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
