import type { ParseResult } from "@marketplace/core/fields";
import fc from "fast-check";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";

/**
 * The HTTP contract and the core's command parsers are one set of rules: for generated inputs
 * (valid, boundary and invalid values of every field, unknown properties, bodies that are not
 * objects), a route answers 400 exactly when the core parser refuses the input, with the parser's
 * problems as its message list, in the same order; and whatever the parser accepts, the route
 * accepts.
 */

export const RUNS = 150;

export let t: TestApp;
export let provider: { apiKey: string };
export let reseller: { apiKey: string };
export let brandId: string;
export let marketId: string;
export let offerId: string;
export let activeOfferId: string;
export let itemId: string;
export let linkSlug: string;

// Every field has valid values (boundaries included) and invalid ones (boundaries just past, wrong
// types, hostile text). A body is drawn valid, valid with a few fields spoiled, or anything at all.
export interface Values {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
}
export type Fields = Record<string, Values>;

export const junk = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.constant({ a: 1 }),
);
export const values = (valid: fc.Arbitrary<unknown>, invalid: fc.Arbitrary<unknown>): Values => ({
  valid,
  invalid: fc.oneof({ weight: 3, arbitrary: invalid }, { weight: 1, arbitrary: junk }),
});
export const nullable = (v: Values): Values => ({
  valid: fc.oneof({ weight: 4, arbitrary: v.valid }, { weight: 1, arbitrary: fc.constant(null) }),
  invalid: v.invalid.filter((x) => x !== null),
});
export const text = (min: number, max: number, noControl = false): Values =>
  values(
    fc.oneof(
      fc.string({ minLength: Math.max(min, 1), maxLength: 12 }).filter((x) => x.trim().length >= min),
      fc.constantFrom(
        "日本語 🚀",
        " padded ",
        "x".repeat(max),
        ` ${"y".repeat(max)} `,
        ...(noControl ? [] : ["tab\there"]),
      ),
    ),
    fc.constantFrom(
      "x".repeat(max + 1),
      ` ${"y".repeat(max + 1)} `,
      "a\u0000b",
      "\u0000",
      ...(min > 0 ? ["", "  ", "\t\n"] : []),
      ...(noControl ? ["tab\there", "\u007f"] : []),
    ),
  );
export const money = values(
  fc.oneof(
    fc.integer({ min: 0, max: 10_000_000 }).map((cents) => (cents / 100).toFixed(cents % 3 === 0 ? 1 : 2)),
    fc.constantFrom("0", "49", "9999999999.99"),
  ),
  fc.constantFrom("10000000000", "49.999", "-1", "1e3", "", " 49", "01", "4.5.6", 49.99),
);
export const rate = values(
  fc.oneof(
    fc.integer({ min: 0, max: 99_9999 }).map((n) => (n / 10_000).toString()),
    fc.constantFrom("0", "99.9999"),
  ),
  fc.constantFrom("100", "0.12345", "1e-2", "-0.1", ".5", 0.5),
);
export const int = (min: number, max: number): Values =>
  values(
    fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max)),
    fc.constantFrom(min - 1, max + 1, 1.5, 2 ** 60, "1"),
  );
export const oneOf = (valid: readonly string[], invalid: readonly unknown[] = ["", "other"]): Values =>
  values(fc.constantFrom(...valid), fc.constantFrom(...invalid));
export const url = values(
  fc.constantFrom("https://partner.example.com/orders", `https://x.test/${"p".repeat(2033)}`),
  fc.constantFrom(
    "http://partner.example.com/orders",
    "http://127.0.0.1:8080/x",
    "https://a.test/x y",
    "not a url",
    "ftp://x.test/a",
    "",
    `https://x.test/${"p".repeat(2034)}`,
  ),
);
export const object = (fields: Fields, requiredKeys: string[] = []): Values => ({
  valid: record(fields, requiredKeys, "valid"),
  invalid: fc.oneof(
    record(fields, requiredKeys, "spoiled"),
    junk.filter((x) => x !== null && !isRecord(x)),
  ),
});
export const arrayOf = (item: Values, min: number, max: number): Values =>
  values(
    fc.array(item.valid, { minLength: min, maxLength: Math.min(max, 3) }),
    fc.oneof(
      fc.constant(Array(max + 1).fill(null)),
      fc.array(item.invalid, { minLength: Math.max(min, 1), maxLength: 3 }),
      ...(min > 0 ? [fc.constant([])] : []),
    ),
  );

export function isRecord(x: unknown): boolean {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

export const EXTRA_KEYS = ["zz", "id", "status", "brand"];

/** Valid: every field valid (optional ones maybe absent). Spoiled: one to three fields invalid or missing, maybe unknown ones. */
export function record(fields: Fields, requiredKeys: string[], mode: "valid" | "spoiled"): fc.Arbitrary<unknown> {
  const keys = Object.keys(fields);
  const valid = fc.record(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.valid])), {
    requiredKeys: requiredKeys as never[],
  });
  if (mode === "valid") return valid;
  const spoil = fc
    .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 3 })
    .chain((spoiled) =>
      fc
        .tuple(
          fc.tuple(
            ...spoiled.map((k) =>
              fc.oneof(
                { weight: 5, arbitrary: (fields[k] as Values).invalid },
                { weight: 1, arbitrary: fc.constant(undefined) },
              ),
            ),
          ),
          fc.dictionary(fc.constantFrom(...EXTRA_KEYS), fc.integer(), { maxKeys: 2 }),
        )
        .map(([bad, extra]) => ({ spoiled, bad, extra })),
    );
  return fc.tuple(valid, spoil).map(([body, { spoiled, bad, extra }]) => {
    const out: Record<string, unknown> = { ...(body as Record<string, unknown>), ...extra };
    spoiled.forEach((k, i) => {
      if (bad[i] === undefined) delete out[k];
      else out[k] = bad[i];
    });
    return out;
  });
}

/** Bodies of a command: valid, spoiled, or not an object at all. */
export function bodies(fields: Fields, requiredKeys: string[] = []) {
  return fc.oneof(
    { weight: 6, arbitrary: record(fields, requiredKeys, "valid") },
    { weight: 6, arbitrary: record(fields, requiredKeys, "spoiled") },
    { weight: 1, arbitrary: junk },
  );
}

export function offerFields(): Fields {
  return {
    name: text(1, 200),
    sku: nullable(text(1, 100, true)),
    serviceType: oneOf(["internet", "electricity", "tv"], ["", "water", "Internet"]),
    description: nullable(text(0, 5000)),
    marketingHeadline: nullable(text(0, 200)),
    brandId: nullable(
      values(fc.constant(brandId), fc.constantFrom("not-a-uuid", "00000000-0000-1000-8000-000000000000")),
    ),
    marketIds: values(
      fc.array(fc.constant(marketId), { maxLength: 2 }),
      fc.oneof(fc.constant(Array(101).fill(marketId)), fc.constant([marketId, "bad"]), fc.constant([7])),
    ),
    monthlyPrice: nullable(money),
    promoMonthlyPrice: nullable(money),
    promoDurationMonths: nullable(int(1, 60)),
    contractTermMonths: nullable(int(1, 120)),
    commission: nullable(money),
    partnerSignup: nullable(
      object({ kind: oneOf(["lead_gen"]), signupUrlTemplate: nullable(text(1, 2048)) }, ["kind"]),
    ),
    submissionUrl: nullable(url),
    internet: nullable(
      object({
        downloadSpeedMbps: nullable(int(1, 100_000)),
        uploadSpeedMbps: nullable(int(1, 100_000)),
        connectionType: nullable(oneOf(["fiber", "cable", "5g_home"])),
        dataCapGb: nullable(int(1, 1_000_000)),
      }),
    ),
    electricity: nullable(
      object({
        ratePerKwh: nullable(rate),
        rateType: nullable(oneOf(["fixed", "variable"])),
        renewablePercent: nullable(int(0, 100)),
        termMonths: nullable(int(1, 120)),
      }),
    ),
  };
}

/** The body without the details objects its service type does not take. */
export function withMatchingDetails(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const { internet, electricity, ...rest } = body as Record<string, unknown>;
  const out: Record<string, unknown> = { ...rest };
  if (rest.serviceType === "internet" && internet !== undefined) out.internet = internet;
  if (rest.serviceType === "electricity" && electricity !== undefined) out.electricity = electricity;
  return out;
}

/** What the server sees of a generated body: JSON, round-tripped (-0 becomes 0, and so on). */
export const asSent = (body: unknown): unknown => JSON.parse(JSON.stringify(body));

/** How many generated inputs each side accepted: a run must explore both outcomes. */
export const tally = { accepted: 0, refused: 0 };

export function expectBothOutcomes() {
  expect(tally.accepted, "generated inputs the parser accepted").toBeGreaterThanOrEqual(RUNS / 10);
  expect(tally.refused, "generated inputs the parser refused").toBeGreaterThanOrEqual(RUNS / 10);
  tally.accepted = 0;
  tally.refused = 0;
}

export async function compare(
  request: () => Promise<Response>,
  parsed: ParseResult<unknown>,
  accepted: readonly number[],
  sent: unknown,
) {
  tally[parsed.ok ? "accepted" : "refused"] += 1;
  const res = await request();
  const answer = res.status === 400 ? await res.json() : null;
  const context = JSON.stringify(sent).slice(0, 300);
  if (parsed.ok) {
    expect(accepted, `${res.status} ${JSON.stringify(answer?.message)} for ${context}`).toContain(res.status);
  } else {
    expect(res.status, context).toBe(400);
    expect(answer.message, context).toEqual(parsed.problems);
  }
}

/** Registers the hooks of a differential test file: a test app with a provider, a reseller, a brand, a market, a draft and an active offer, an order item and a link. */
export function setupDifferentialApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
    provider = await t.createTeam("provider");
    reseller = await t.createTeam("reseller");
    const post = async (path: string, body: unknown, key = provider.apiKey) => {
      const res = await t.request("POST", path, { key, body });
      expect(res.status, path).toBeLessThan(300);
      return res.json();
    };
    brandId = (await post("/provider/brands", { name: "Differential" })).id;
    marketId = (await post("/provider/markets", { name: "Differential" })).id;
    offerId = (await post("/provider/offers", { name: "Patched", serviceType: "internet" })).id;
    const ready = await post("/provider/offers", {
      name: "Orderable",
      sku: "DIFF-ORDERABLE",
      serviceType: "tv",
      monthlyPrice: "10.00",
    });
    activeOfferId = (await post(`/provider/offers/${ready.id}/publish`, undefined)).id;
    const order = await post(
      "/reseller/orders",
      {
        items: [{ offerId: activeOfferId }],
        customer: { name: "Ada", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
        serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
      },
      reseller.apiKey,
    );
    itemId = order.items[0].id;
    linkSlug = (await post("/reseller/links", { offerIds: [activeOfferId] }, reseller.apiKey)).slug;
  });
  afterAll(() => t.close());
}
