import {
  createMarketplace,
  type Marketplace,
  ORDER_ITEM_STATUSES,
  type Principal,
  type ProviderAnalytics,
  type ResellerAnalytics,
} from "@marketplace/core";
import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { ManualClock } from "../../../../test/helpers/public-app.ts";
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

/** Instants near DST transitions (and a :45 zone's midnight), with the zones that have them. */
const ANCHORS: { at: string; zones: string[] }[] = [
  { at: "2026-03-08T07:00:00Z", zones: ["America/New_York", "America/St_Johns", "UTC"] },
  { at: "2026-11-01T06:00:00Z", zones: ["America/New_York", "America/Los_Angeles"] },
  { at: "2026-03-29T01:00:00Z", zones: ["Europe/London", "Europe/Berlin"] },
  { at: "2026-04-04T15:00:00Z", zones: ["Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago"] },
  { at: "2026-06-10T18:15:00Z", zones: ["Asia/Kathmandu", "Asia/Kolkata", "Pacific/Kiritimati", "Pacific/Pago_Pago"] },
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

interface Query {
  from: string;
  to: string;
  timeZone: string;
  granularity: "day" | "week" | "month";
  /** `only`: the training view, recounted over training orders alone. */
  training: "exclude" | "only";
}

/** `day` in the period key of the query: the period's first date. */
function periodKey(q: Query): ReturnType<typeof sql> {
  if (q.granularity === "day") return sql`d`;
  return sql`greatest(date_trunc(${q.granularity}, d::timestamp)::date, ${q.from}::date)`;
}

const BIN = sql`case
  when s < 3600 then floor(s / 60) * 60
  when s < 86400 then 3600 + floor((s - 3600) / 900) * 900
  when s < 2592000 then 86400 + floor((s - 86400) / 3600) * 3600
  else 2592000 end`;

async function recountProvider(
  teamId: string,
  q: Query,
  filter: { offer?: string; serviceType?: string; brand?: string },
) {
  const where = sql`i.provider_team_id = ${teamId} and o.is_training = ${q.training === "only"} and o.deleted_at is null
    and (o.created_at at time zone ${q.timeZone})::date between ${q.from}::date and ${q.to}::date
    and (${filter.offer ?? null}::uuid is null or i.offer_id = ${filter.offer ?? null}::uuid)
    and (${filter.serviceType ?? null}::text is null or i.offer_snapshot->>'serviceType' = ${filter.serviceType ?? null}::text)
    and (${filter.brand ?? null}::uuid is null or i.offer_id in (select id from offers where brand_id = ${filter.brand ?? null}::uuid))`;
  const price = sql`case when i.handoff_redirect_url is null then (i.offer_snapshot->>'monthlyPrice')::numeric else 0 end`;
  const figures = sql`count(*)::int as received,
      (count(*) filter (where i.accepted_at is not null))::int as accepted,
      (count(*) filter (where i.status = 'rejected'))::int as rejected,
      (count(*) filter (where i.status = 'completed'))::int as completed,
      (count(*) filter (where i.status = 'cancelled'))::int as cancelled,
      coalesce(sum(${price}) filter (where i.accepted_at is not null), 0)::numeric(16, 2)::text as monthly,
      coalesce(sum(i.commission_amount), 0)::numeric(16, 2)::text as commission`;
  const series = await sql<Record<string, string | number>>`
    select to_char(${periodKey(q)}, 'YYYY-MM-DD') as start, ${figures}
    from (select i.*, (o.created_at at time zone ${q.timeZone})::date as d
          from order_items i join orders o on o.id = i.order_id where ${where}) i
    group by 1`.execute(database.db);
  const times = await sql<{ seconds: number }>`
    select (${BIN})::int as seconds from (
      select greatest(extract(epoch from i.accepted_at - o.created_at), 0) as s
      from order_items i join orders o on o.id = i.order_id where ${where} and i.accepted_at is not null
    ) x order by 1`.execute(database.db);
  const offers = await sql<Record<string, string | number>>`
    select i.offer_id, ${figures}
    from order_items i join orders o on o.id = i.order_id where ${where}
    group by i.offer_id order by accepted desc, received desc, i.offer_id limit 10`.execute(database.db);
  return { series: series.rows, times: times.rows.map((row) => row.seconds), offers: offers.rows };
}

async function recountReseller(
  teamId: string,
  q: Query,
  filter: { provider?: string; storefront?: string; link?: string },
) {
  const local = (column: string) => sql`(${sql.ref(column)} at time zone ${q.timeZone})::date`;
  const itemWhere = sql`o.reseller_team_id = ${teamId} and o.is_training = ${q.training === "only"} and o.deleted_at is null
    and ${local("o.created_at")} between ${q.from}::date and ${q.to}::date
    and (${filter.provider ?? null}::uuid is null or i.provider_team_id = ${filter.provider ?? null}::uuid)
    and (${filter.storefront ?? null}::uuid is null or o.storefront_id = ${filter.storefront ?? null}::uuid)
    and (${filter.link ?? null}::uuid is null or o.link_id = ${filter.link ?? null}::uuid)`;
  const price = sql`case when i.handoff_redirect_url is null then (i.offer_snapshot->>'monthlyPrice')::numeric else 0 end`;
  const series = await sql<Record<string, string | number>>`
    select to_char(${periodKey(q)}, 'YYYY-MM-DD') as start, count(distinct x.order_id)::int as orders,
      ${sql.join(ORDER_ITEM_STATUSES.map((s) => sql`(count(*) filter (where x.status = ${s}))::int as ${sql.ref(s)}`))},
      coalesce(sum(x.price), 0)::numeric(16, 2)::text as money_ordered,
      coalesce(sum(x.price) filter (where x.accepted_at is not null), 0)::numeric(16, 2)::text as money_accepted,
      coalesce(sum(x.commission_amount), 0)::numeric(16, 2)::text as commission
    from (select i.*, ${price} as price, ${local("o.created_at")} as d
          from order_items i join orders o on o.id = i.order_id where ${itemWhere}) x
    group by 1`.execute(database.db);
  // Without a provider filter, the money ordered must also equal the orders' own totalMonthly.
  const orderTotals = await sql<{ start: string; total: string }>`
    select to_char(${periodKey(q)}, 'YYYY-MM-DD') as start, sum(total_monthly)::numeric(16, 2)::text as total
    from (select o.*, ${local("o.created_at")} as d from orders o
          where o.reseller_team_id = ${teamId} and o.is_training = ${q.training === "only"} and o.deleted_at is null
            and ${local("o.created_at")} between ${q.from}::date and ${q.to}::date
            and (${filter.storefront ?? null}::uuid is null or o.storefront_id = ${filter.storefront ?? null}::uuid)
            and (${filter.link ?? null}::uuid is null or o.link_id = ${filter.link ?? null}::uuid)) o
    group by 1`.execute(database.db);
  const clicks = await sql<{ channel: string; clicks: number }>`
    select coalesce(c.storefront_id, c.link_id)::text as channel, count(*)::int as clicks
    from outbound_clicks c
    where ${q.training !== "only"} and c.reseller_team_id = ${teamId} and ${local("c.created_at")} between ${q.from}::date and ${q.to}::date
      and (${filter.provider ?? null}::uuid is null or c.provider_team_id = ${filter.provider ?? null}::uuid)
      and (${filter.storefront ?? null}::uuid is null or c.storefront_id = ${filter.storefront ?? null}::uuid)
      and (${filter.link ?? null}::uuid is null or c.link_id = ${filter.link ?? null}::uuid)
    group by 1`.execute(database.db);
  const channelOrders = await sql<{ channel: string; orders: number }>`
    select coalesce(o.storefront_id, o.link_id)::text as channel, count(distinct o.id)::int as orders
    from order_items i join orders o on o.id = i.order_id
    where ${itemWhere} and coalesce(o.storefront_id, o.link_id) is not null
    group by 1`.execute(database.db);
  return { series: series.rows, orderTotals: orderTotals.rows, clicks: clicks.rows, channelOrders: channelOrders.rows };
}

const money = (value: string | number | undefined) => Number(value ?? 0).toFixed(2);

function nearestRank(sorted: number[], percent: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.floor((percent * sorted.length + 99) / 100) - 1] ?? null;
}

function checkProvider(answer: ProviderAnalytics, recount: Awaited<ReturnType<typeof recountProvider>>) {
  const byStart = new Map(recount.series.map((row) => [row.start, row]));
  for (const period of answer.series) {
    const row = byStart.get(period.start);
    byStart.delete(period.start);
    expect(period, period.start).toMatchObject({
      itemsReceived: row?.received ?? 0,
      itemsAccepted: row?.accepted ?? 0,
      itemsRejected: row?.rejected ?? 0,
      itemsCompleted: row?.completed ?? 0,
      itemsCancelled: row?.cancelled ?? 0,
      totalMonthlyAccepted: money(row?.monthly),
      commissionAccrued: money(row?.commission),
    });
  }
  expect([...byStart.keys()], "recounted periods the answer lacks").toEqual([]);
  const total = (key: string) => recount.series.reduce((n, row) => n + Number(row[key]), 0);
  expect(answer.totals.itemsReceived).toBe(total("received"));
  expect(answer.totals.itemsAccepted).toBe(total("accepted"));
  expect(answer.totals.acceptanceRate).toBe(
    total("received") === 0 ? null : Math.round((total("accepted") * 10_000) / total("received")) / 10_000,
  );
  expect(answer.totals.commissionAccrued).toBe(
    money(recount.series.reduce((n, row) => n + Number(row.commission) * 100, 0) / 100),
  );
  expect(answer.totals.timeToAccept).toEqual({
    accepted: recount.times.length,
    medianSeconds: nearestRank(recount.times, 50),
    p90Seconds: nearestRank(recount.times, 90),
  });
  expect(
    answer.topOffers.map((o) => [
      o.offerId,
      o.itemsReceived,
      o.itemsAccepted,
      o.itemsCancelled,
      o.totalMonthlyAccepted,
    ]),
  ).toEqual(recount.offers.map((o) => [o.offer_id, o.received, o.accepted, o.cancelled, money(o.monthly)]));
}

function checkReseller(
  answer: ResellerAnalytics,
  recount: Awaited<ReturnType<typeof recountReseller>>,
  filter: { provider?: string },
) {
  const byStart = new Map(recount.series.map((row) => [row.start, row]));
  const totals = new Map(recount.orderTotals.map((row) => [row.start, row.total]));
  for (const period of answer.series) {
    const row = byStart.get(period.start);
    byStart.delete(period.start);
    expect(period, period.start).toMatchObject({
      ordersPlaced: row?.orders ?? 0,
      itemsByStatus: Object.fromEntries(ORDER_ITEM_STATUSES.map((s) => [s, row?.[s] ?? 0])),
      totalMonthlyOrdered: money(row?.money_ordered),
      totalMonthlyAccepted: money(row?.money_accepted),
      commissionEarned: money(row?.commission),
    });
    if (!filter.provider) expect(period.totalMonthlyOrdered, period.start).toBe(money(totals.get(period.start)));
  }
  expect([...byStart.keys()], "recounted periods the answer lacks").toEqual([]);
  const clicks = new Map(recount.clicks.map((row) => [row.channel, row.clicks]));
  expect(answer.totals.clicks).toBe(recount.clicks.reduce((n, row) => n + row.clicks, 0));
  const orders = new Map(recount.channelOrders.map((row) => [row.channel, row.orders]));
  for (const channel of [
    ...answer.storefronts.map((s) => ({ id: s.storefrontId, ...s })),
    ...answer.links.map((l) => ({ id: l.linkId, ...l })),
  ]) {
    expect(channel.clicks, `clicks of ${channel.slug}`).toBe(clicks.get(channel.id) ?? 0);
    expect(channel.orders, `orders of ${channel.slug}`).toBe(orders.get(channel.id) ?? 0);
  }
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
        checkProvider(providerAnswer, await recountProvider(provider.teamId, q, pf));

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
        const recount = await recountReseller(reseller.teamId, q, {
          ...rf,
          // Another team's storefront or link counts nothing.
          ...(s.side === 1 && rf.storefront ? { storefront: "00000000-0000-4000-8000-000000000000" } : {}),
          ...(s.side === 1 && rf.link ? { link: "00000000-0000-4000-8000-000000000000" } : {}),
        });
        checkReseller(resellerAnswer, recount, rf);
      }),
      { numRuns: 40 },
    );
    // The runs compared real figures, not empty answers.
    expect(counted).toBeGreaterThan(10);
    const { rows } = await sql<{ deleted: number; training: number }>`
      select count(*) filter (where deleted_at is not null)::int as deleted,
        count(*) filter (where is_training)::int as training from orders`.execute(database.db);
    expect(rows[0]?.deleted).toBeGreaterThan(0);
    expect(rows[0]?.training).toBeGreaterThan(0);
  }, 300_000);
});
