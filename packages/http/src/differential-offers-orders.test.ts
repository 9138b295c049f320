import { parseBrandChanges, parseNewBrand } from "@marketplace/core/brands";
import { type OfferInputOptions, parseNewOffer, parseOfferPatch } from "@marketplace/core/offers";
import { parsePlaceOrder } from "@marketplace/core/orders";
import { parsePageUrl } from "@marketplace/core/storefront";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  activeOfferId,
  arrayOf,
  asSent,
  bodies,
  brandId,
  compare,
  expectBothOutcomes,
  type Fields,
  linkSlug,
  nullable,
  object,
  offerFields,
  offerId,
  oneOf,
  provider,
  RUNS,
  reseller,
  setupDifferentialApp,
  t,
  text,
  url,
  values,
  withMatchingDetails,
} from "../../../test/helpers/http/differential.ts";

setupDifferentialApp();

describe("differential: HTTP 400 messages equal the core parser's problems", () => {
  const options: OfferInputOptions = {}; // the test app allows no loopback URLs

  it("POST /public/links/{slug}/orders pageUrl, parsePageUrl and the public order use case", async () => {
    const pageUrl = fc.oneof(
      { weight: 4, arbitrary: url.valid },
      { weight: 4, arbitrary: url.invalid },
      { weight: 1, arbitrary: fc.constant(undefined) },
    );
    await fc.assert(
      fc.asyncProperty(pageUrl, async (value) => {
        const sent = asSent({
          items: [{ offerId: activeOfferId }],
          customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
          serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
          consents: [{ kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" }],
          ...(value === undefined ? {} : { pageUrl: value }),
        }) as Record<string, unknown>;
        const parsed = parsePageUrl(sent.pageUrl);
        await compare(
          () => t.request("POST", `/public/links/${linkSlug}/orders`, { body: JSON.stringify(sent) }),
          parsed,
          [201],
          sent,
        );
        // The use case (what an embedder calls) refuses exactly the same values, with the same problems.
        const direct = await t.marketplace.publicShop
          .placeOrder({ linkSlug }, sent as never, { ip: "203.0.113.1", userAgent: null })
          .then(
            () => null,
            (error: { problems?: string[] }) => error.problems ?? [String(error)],
          );
        expect(direct, JSON.stringify(sent.pageUrl)).toEqual(parsed.ok ? null : parsed.problems);
      }),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  it("POST /provider/offers and parseNewOffer", async () => {
    await fc.assert(
      fc.asyncProperty(bodies(offerFields(), ["name", "serviceType"]), fc.boolean(), async (body, consistent) => {
        // Half the time, drop the details another service type would refuse, so that enough
        // generated offers are valid as a whole.
        const sent = asSent(consistent ? withMatchingDetails(body) : body);
        await compare(
          () => t.request("POST", "/provider/offers", { key: provider.apiKey, body: JSON.stringify(sent) }),
          parseNewOffer(sent, options),
          [201, 409], // 409: a generated SKU that an earlier run already took
          sent,
        );
      }),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  it("PATCH /provider/offers/{id} and parseOfferPatch", async () => {
    // The patched offer is an internet draft: details of other service types are the use case's
    // rule (it needs the stored offer), so patches keep to internet details.
    const { electricity: _e, serviceType: _s, ...fields } = offerFields();
    await fc.assert(
      fc.asyncProperty(bodies(fields), async (body) => {
        const sent = asSent(body);
        await compare(
          () => t.request("PATCH", `/provider/offers/${offerId}`, { key: provider.apiKey, body: JSON.stringify(sent) }),
          parseOfferPatch(sent, options),
          [200, 409],
          sent,
        );
      }),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  it("POST /reseller/orders and parsePlaceOrder", async () => {
    const date = nullable(
      values(
        fc.constantFrom("2026-12-01", "2028-02-29"),
        fc.constantFrom("2026-02-30", "2026-1-1", "2026-12-01T00:00:00Z"),
      ),
    );
    const fields: Fields = {
      items: arrayOf(
        object({ offerId: values(fc.constant(activeOfferId), fc.constantFrom("nope", 1)) }, ["offerId"]),
        1,
        20,
      ),
      customer: object(
        {
          name: text(1, 200),
          email: values(
            fc.constantFrom("ada@example.com", " Ada@Example.com ", "x@y.z"),
            fc.constantFrom("nope", "a@b", `${"e".repeat(250)}@x.io`, "ab"),
          ),
          phone: values(fc.constantFrom("+15125550123", "+123456789012345"), fc.constantFrom("512-555-0123", "+1", "")),
          kind: oneOf(["residential", "business"]),
        },
        ["name", "email", "phone", "kind"],
      ),
      serviceAddress: object(
        {
          line1: text(1, 200),
          line2: nullable(text(0, 200)),
          city: text(1, 100),
          state: values(fc.constantFrom("TX", "PR"), fc.constantFrom("tx", "Texas", "ZZ")),
          zipCode: values(fc.constant("78701"), fc.constantFrom("7870", "787011", "ABCDE", " 78701")),
        },
        ["line1", "city", "state", "zipCode"],
      ),
      moveInDate: date,
      installationDate: date,
      isTraining: values(fc.boolean(), fc.constantFrom("true", 1)),
    };
    await fc.assert(
      fc.asyncProperty(bodies(fields, ["items", "customer", "serviceAddress"]), async (body) => {
        const sent = asSent(body);
        await compare(
          () => t.request("POST", "/reseller/orders", { key: reseller.apiKey, body: JSON.stringify(sent) }),
          parsePlaceOrder(sent),
          [201],
          sent,
        );
      }),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  it("POST and PATCH /provider/brands and the brand parsers", async () => {
    const fields: Fields = {
      name: text(1, 200),
      logoUrl: nullable(
        values(
          fc.constantFrom("https://cdn.example.com/a.png", `https://x.test/${"p".repeat(2033)}`),
          fc.constantFrom(" https://cdn.example.com/a.png", "http://cdn.example.com/a.png", "", "not a url", "a\u0000"),
        ),
      ),
    };
    await fc.assert(
      fc.asyncProperty(bodies(fields, ["name"]), fc.boolean(), async (body, creating) => {
        const sent = asSent(body);
        await compare(
          () =>
            creating
              ? t.request("POST", "/provider/brands", { key: provider.apiKey, body: JSON.stringify(sent) })
              : t.request("PATCH", `/provider/brands/${brandId}`, { key: provider.apiKey, body: JSON.stringify(sent) }),
          creating ? parseNewBrand(sent) : parseBrandChanges(sent),
          [200, 201, 409], // 409: a generated name another brand of the team already has
          sent,
        );
      }),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });
});
