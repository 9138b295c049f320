import { createMarketplace, type Marketplace, type Principal } from "@marketplace/core";
import { SHIFTED_DAY_OFFSETS } from "@marketplace/core/analytics";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  checkProvider,
  checkReseller,
  type Query,
  recountProvider,
  recountReseller,
  storedPeriods,
} from "../../../../test/helpers/analytics-recount.ts";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { ManualClock } from "../../../../test/helpers/public-app.ts";
import { SHIFTED_DAY_OFFSETS_0032 } from "../migrations/0032-analytics-shifted-days.ts";
import { PostgresUnitOfWork } from "../postgres-unit-of-work.ts";

// Exactness of analytics (issue 31): random orders, statuses, training flags, deletions, channels
// and clicks around DST transitions, then random ranges, zones, granularities and filters; every
// figure the API answers (from rollups) must equal a plain SQL recount over the raw tables.

let database: TestDatabase;
let marketplace: Marketplace;
const clock = new ManualClock("2026-01-01T00:00:00.000Z");

interface World {
  providers: Principal[];
  resellers: Principal[];
  /** Offers by provider: [provider index, offer id]. */
  offers: { provider: number; id: string }[];
  brandId: string;
  storefront: { id: string; slug: string };
  link: { id: string; slug: string };
}
let world: World;

const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };
const TEMPLATE = "https://partner.example.com/signup?ref={orderItemId}";
const CLIENT = { ip: "203.0.113.9", userAgent: "property-test" };

/**
 * Instants near DST transitions (and a :45 zone's midnight), with the zones that have them: the
 * half-hour zones' own changes too (St John's −3:30/−2:30, Adelaide +9:30/+10:30, Lord Howe's
 * 30-minute shift +10:30/+11, Chatham +12:45/+13:45), whose days are read from shifted-day rollups
 * when they are 24 hours and from hours and quarters on the day of the change (ADR-0078).
 */
const ANCHORS: { at: string; zones: string[] }[] = [
  { at: "2026-03-08T07:00:00Z", zones: ["America/New_York", "America/St_Johns", "UTC"] },
  { at: "2026-11-01T06:00:00Z", zones: ["America/New_York", "America/Los_Angeles", "America/St_Johns"] },
  { at: "2026-03-29T01:00:00Z", zones: ["Europe/London", "Europe/Berlin"] },
  {
    at: "2026-04-04T15:00:00Z",
    zones: ["Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago", "Australia/Adelaide"],
  },
  { at: "2026-10-03T16:00:00Z", zones: ["Australia/Adelaide", "Australia/Lord_Howe", "Australia/Broken_Hill"] },
  {
    at: "2026-06-10T18:15:00Z",
    zones: [
      "Asia/Kathmandu",
      "Asia/Kolkata",
      "Pacific/Kiritimati",
      "Pacific/Pago_Pago",
      "Asia/Tehran",
      "Asia/Kabul",
      "Asia/Yangon",
      "Australia/Eucla",
      "Australia/Darwin",
      "Pacific/Marquesas",
    ],
  },
];

async function principal(role: "provider" | "reseller", name: string): Promise<Principal> {
  const { team, apiKey } = await marketplace.teams.create({ name, role });
  return { teamId: team.id, role, apiKeyId: apiKey.id };
}

beforeAll(async () => {
  database = await createTestDatabase();
  marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }), clock });
  const providers = [await principal("provider", "Fiber Co"), await principal("provider", "Volt Energy")];
  const resellers = [await principal("reseller", "Shop One"), await principal("reseller", "Shop Two")];
  const brand = await marketplace.brands.create(providers[0] as Principal, { name: "Fibra" });
  const offer = async (provider: number, input: Record<string, unknown>) => {
    const p = providers[provider] as Principal;
    const created = await marketplace.offers.create(p, {
      name: "Offer",
      serviceType: "internet",
      monthlyPrice: "49.99",
      commission: "30.00",
      internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
      ...input,
    } as never);
    await marketplace.offers.publish(p, created.id);
    return { provider, id: created.id };
  };
  const offers = [
    await offer(0, { name: "Fiber 500", sku: "F500", brandId: brand.id }),
    await offer(0, {
      name: "Green 12",
      sku: "G12",
      serviceType: "electricity",
      monthlyPrice: "80.10",
      commission: "12.35",
      internet: undefined,
      electricity: { ratePerKwh: "0.1425", rateType: "fixed", termMonths: 12 },
    }),
    await offer(0, {
      name: "Partner Fiber",
      sku: "PF",
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: TEMPLATE },
    }),
    await offer(1, { name: "Volt Net", sku: "VN", monthlyPrice: "19.95", commission: null }),
  ];
  const reseller = resellers[0] as Principal;
  const { storefront } = await marketplace.storefronts.putStorefront(reseller, { slug: "property-shop" });
  const link = await marketplace.storefronts.createLink(reseller, {
    offerIds: offers.map((o) => o.id),
    name: "All offers",
  } as never);
  world = {
    providers,
    resellers,
    offers,
    brandId: brand.id,
    storefront: { id: storefront.id, slug: storefront.slug },
    link: { id: link.id, slug: link.slug },
  };
}, 60_000);
afterAll(() => database.drop());

type Fate = "pending" | "accepted" | "scheduled" | "completed" | "rejected" | "cancelledAfterAccept";

const orderArbitrary = fc.record({
  minutes: fc.integer({ min: -4 * 24 * 60, max: 4 * 24 * 60 }),
  seconds: fc.integer({ min: 0, max: 59 }),
  reseller: fc.integer({ min: 0, max: 1 }),
  channel: fc.constantFrom("direct", "direct", "storefront", "link"),
  training: fc.boolean(),
  items: fc.array(
    fc.record({
      offer: fc.integer({ min: 0, max: 3 }),
      fate: fc.constantFrom<Fate>("pending", "accepted", "scheduled", "completed", "rejected", "cancelledAfterAccept"),
      acceptAfterSeconds: fc.oneof(
        fc.integer({ min: 0, max: 3599 }),
        fc.integer({ min: 3600, max: 86_399 }),
        fc.integer({ min: 86_400, max: 40 * 86_400 }),
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
  cancel: fc.boolean(),
  remove: fc.boolean(),
});

const clickArbitrary = fc.record({
  minutes: fc.integer({ min: -4 * 24 * 60, max: 4 * 24 * 60 }),
  via: fc.constantFrom("storefront", "link"),
  offer: fc.integer({ min: 0, max: 3 }),
});

type OrderSpec = typeof orderArbitrary extends fc.Arbitrary<infer T> ? T : never;

async function writeOrder(anchor: number, spec: OrderSpec): Promise<void> {
  const placedAt = anchor + spec.minutes * 60_000 + spec.seconds * 1000;
  clock.set(new Date(placedAt));
  const reseller = world.resellers[spec.reseller] as Principal;
  const items = spec.items.map((item) => ({ offerId: (world.offers[item.offer] as { id: string }).id }));
  const customer = { name: "Ada", email: `ada${spec.minutes}@example.com`, phone: "+15125550123", kind: "residential" };
  const publicChannel = spec.reseller === 0 && spec.channel !== "direct" && !spec.training;
  const order = publicChannel
    ? await marketplace.publicShop.placeOrder(
        spec.channel === "storefront" ? { storefrontSlug: world.storefront.slug } : { linkSlug: world.link.slug },
        {
          items,
          customer,
          serviceAddress: ADDRESS,
          consents: [{ kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" }],
        } as never,
        CLIENT,
      )
    : await marketplace.orders.place(reseller, {
        items,
        customer,
        serviceAddress: ADDRESS,
        isTraining: spec.training,
      } as never);
  for (const [index, item] of spec.items.entries()) {
    const placed = order.items[index];
    if (!placed) continue;
    const provider = world.providers[(world.offers[item.offer] as { provider: number }).provider] as Principal;
    const move = (update: Record<string, unknown>) =>
      marketplace.orders.updateItemStatus(provider, placed.id, update as never);
    clock.set(new Date(placedAt + item.acceptAfterSeconds * 1000));
    if (item.fate === "rejected") await move({ status: "rejected" });
    if (item.fate === "pending") continue;
    if (item.fate === "rejected") continue;
    await move({ status: "accepted" });
    clock.advance(60_000);
    if (item.fate === "scheduled") await move({ status: "scheduled", scheduledDate: "2026-12-01" });
    if (item.fate === "completed") await move({ status: "completed" });
  }
  if (spec.cancel || spec.items.some((item) => item.fate === "cancelledAfterAccept")) {
    await marketplace.orders.cancel(reseller, order.id).catch(() => undefined);
  }
  if (spec.remove) {
    // Refused (409) while a live order has open items: then it stays, and must still count.
    await marketplace.orders.delete(reseller, order.id).catch(() => undefined);
  }
}

async function writeClick(anchor: number, spec: { minutes: number; via: string; offer: number }): Promise<void> {
  clock.set(new Date(anchor + spec.minutes * 60_000));
  await marketplace.publicShop.recordClick(
    {
      ...(spec.via === "storefront" ? { storefrontSlug: world.storefront.slug } : { linkSlug: world.link.slug }),
      offerId: (world.offers[spec.offer] as { id: string }).id,
    } as never,
    CLIENT,
  );
}

describe("analytics exactness (fast-check, PostgreSQL)", () => {
  it("answers every figure as a plain SQL recount over the raw tables does", async () => {
    const scenario = fc.record({
      anchor: fc.constantFrom(...ANCHORS),
      orders: fc.array(orderArbitrary, { minLength: 0, maxLength: 6 }),
      clicks: fc.array(clickArbitrary, { maxLength: 4 }),
      zonePick: fc.nat(),
      fromDays: fc.integer({ min: -6, max: 1 }),
      lengthDays: fc.integer({ min: 0, max: 70 }),
      granularity: fc.constantFrom<"day" | "week" | "month">("day", "week", "month"),
      providerFilter: fc.constantFrom("none", "offer", "serviceType", "brand"),
      resellerFilter: fc.constantFrom("none", "provider", "storefront", "link"),
      side: fc.integer({ min: 0, max: 1 }),
      training: fc.constantFrom<"exclude" | "only">("exclude", "exclude", "only"),
    });
    let counted = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const anchor = Date.parse(s.anchor.at);
        for (const order of s.orders) await writeOrder(anchor, order);
        for (const click of s.clicks) await writeClick(anchor, click);
        const day = (offset: number) => new Date(anchor + offset * 86_400_000).toISOString().slice(0, 10);
        const q: Query = {
          from: day(s.fromDays),
          to: day(s.fromDays + s.lengthDays),
          timeZone: s.anchor.zones[s.zonePick % s.anchor.zones.length] as string,
          granularity: s.granularity,
          training: s.training,
        };

        const provider = world.providers[s.side] as Principal;
        const offer = world.offers.find((o) => o.provider === s.side)?.id as string;
        const pf =
          s.providerFilter === "offer"
            ? { offer }
            : s.providerFilter === "serviceType"
              ? { serviceType: "internet" }
              : s.providerFilter === "brand"
                ? { brand: world.brandId }
                : {};
        const providerAnswer = await marketplace.analytics.provider(provider, { ...q, ...pf });
        if (providerAnswer.totals.itemsReceived > 0 && providerAnswer.totals.itemsAccepted > 0) counted += 1;
        const providerRecount = await recountProvider(database.db, provider.teamId, q, pf);
        checkProvider(providerAnswer, providerRecount);
        // The store holds exactly the periods the recount finds, both ways: not one period of zeros
        // more (the answer's series reads those as zeros too, so only this can see them).
        const providerFilter = {
          ...(pf.offer ? { offerId: pf.offer } : {}),
          ...(pf.brand ? { brandId: pf.brand } : {}),
          ...(pf.serviceType ? { serviceType: "internet" as const } : {}),
        };
        expect(await storedPeriods(database.db, { provider: providerFilter }, provider.teamId, q)).toEqual(
          providerRecount.series.map((row) => String(row.start)).sort(),
        );

        const reseller = world.resellers[s.side] as Principal;
        const rf =
          s.resellerFilter === "provider"
            ? { provider: (world.providers[0] as Principal).teamId }
            : s.resellerFilter === "storefront"
              ? { storefront: world.storefront.id }
              : s.resellerFilter === "link"
                ? { link: world.link.id }
                : {};
        const resellerAnswer = await marketplace.analytics.reseller(reseller, { ...q, ...rf });
        const recount = await recountReseller(database.db, reseller.teamId, q, {
          ...rf,
          // Another team's storefront or link counts nothing.
          ...(s.side === 1 && rf.storefront ? { storefront: "00000000-0000-4000-8000-000000000000" } : {}),
          ...(s.side === 1 && rf.link ? { link: "00000000-0000-4000-8000-000000000000" } : {}),
        });
        checkReseller(resellerAnswer, recount, rf);
        const resellerFilter = {
          ...(rf.provider ? { providerTeamId: rf.provider } : {}),
          ...(rf.storefront ? { storefrontId: rf.storefront } : {}),
          ...(rf.link ? { linkId: rf.link } : {}),
        };
        expect(await storedPeriods(database.db, { reseller: resellerFilter }, reseller.teamId, q)).toEqual(
          recount.periods,
        );
      }),
      { numRuns: 50 },
    );
    // The runs compared real figures, not empty answers.
    expect(counted).toBeGreaterThan(10);
    const { rows } = await sql<{ deleted: number; training: number }>`
      select count(*) filter (where deleted_at is not null)::int as deleted,
        count(*) filter (where is_training)::int as training from orders`.execute(database.db);
    expect(rows[0]?.deleted).toBeGreaterThan(0);
    expect(rows[0]?.training).toBeGreaterThan(0);
  }, 300_000);

  it("rebuilds from the raw tables the rollups the triggers and the fold wrote, shifted days included", async () => {
    // After the property's writes: analytics_rebuild() (UTC grains folded, shifted days summed from
    // the quarter hours) must give every rollup row the fold gave, and no other: the fold drops a
    // row that comes to zero (ADR-0068, "Zero periods"), and a rebuild never writes one.
    const snapshot = async () => {
      const rows = async (table: string) =>
        (
          await sql<{ row: string }>`select (r.*)::text as row from ${sql.table(table)} r order by 1`.execute(
            database.db,
          )
        ).rows;
      return {
        provider: await rows("analytics_provider_rollups"),
        reseller: await rows("analytics_reseller_rollups"),
        histogram: await rows("analytics_accept_histogram"),
      };
    };
    await sql`select analytics_fold()`.execute(database.db);
    const folded = await snapshot();
    const { rows: shifted } = await sql<{ grains: number[] }>`
      select array_agg(distinct grain order by grain)::int[] as grains from analytics_provider_rollups
      where grain > 3`.execute(database.db);
    // Kathmandu (123) and Kolkata (122) days were written by the fold.
    expect(shifted[0]?.grains).toEqual(expect.arrayContaining([122, 123]));
    await sql`select analytics_rebuild()`.execute(database.db);
    const rebuilt = await snapshot();
    expect(rebuilt.provider).toEqual(folded.provider);
    expect(rebuilt.reseller).toEqual(folded.reseller);
    expect(rebuilt.histogram).toEqual(folded.histogram);
  }, 60_000);

  it("folds the offsets core covers with shifted days, and no others", () => {
    expect([...SHIFTED_DAY_OFFSETS_0032]).toEqual([...SHIFTED_DAY_OFFSETS]);
  });
});
