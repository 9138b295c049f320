/**
 * Seeds the benchmark database with set-based SQL (generate_series, no HTTP): provider teams with
 * brands, markets and ZIP areas, offers (90 % active), one reseller team, and API keys whose secrets
 * the bench keeps. Deterministic apart from the ids (`gen_random_uuid()`): the same counts, names,
 * prices and search hits on every run.
 *
 * Search terms: `vip` appears in the description of about 1 % of offers ("VIP support line"), spread
 * pseudo-randomly (`hashint4`), and no other word of the vocabulary contains it; `fib` (Fiber) in
 * about a third (a broad term).
 */

import { createHash, randomBytes } from "node:crypto";

/** A 3-letter term matching about 1 % of offers. */
export const SELECTIVE_TERM = "vip";
/** A 3-letter term matching about a third of offers. */
export const BROAD_TERM = "fib";

/** An API key the service accepts, with what the database stores of it. */
export function makeApiKey() {
  const key = `mk_${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, 11), hash: createHash("sha256").update(key).digest("hex") };
}

/**
 * @param {import("pg").Client} client connected to the migrated, empty database
 * @param {{ offers: number, teams: number }} size
 * @returns {Promise<{ resellerTeamId: string, resellerKey: string, providerTeamId: string, providerKey: string, counts: Record<string, number> }>}
 */
export async function seed(client, size) {
  const { offers, teams } = size;
  const q = (text, params) => client.query(text, params);
  await q("begin");
  await q(`create temp table seed_teams as
    select tn, gen_random_uuid() as id from generate_series(1, ${teams}) as tn`);
  await q(`insert into teams (id, name, role, created_at, updated_at)
    select id, 'Provider ' || lpad(tn::text, 3, '0'), 'provider',
           timestamptz '2024-01-01' + tn * interval '1 minute', timestamptz '2024-01-01' + tn * interval '1 minute'
    from seed_teams`);

  // Two brands per team.
  await q(`create temp table seed_brands as
    select t.tn as team_n, t.id as team_id, b, gen_random_uuid() as id
    from seed_teams t cross join generate_series(1, 2) as b`);
  await q(`insert into brands (id, team_id, name, logo_url, created_at, updated_at)
    select id, team_id,
      (array['North', 'Blue', 'Summit', 'River', 'Metro', 'Peak', 'Harbor', 'Prairie', 'Canyon', 'Lakeside'])[1 + (team_n * 2 + b) % 10]
        || ' ' || (array['Connect', 'Energy', 'Net', 'Power', 'Link'])[1 + (team_n + b) % 5] || ' ' || team_n,
      'https://cdn.example.com/logos/' || team_n || '-' || b || '.png',
      timestamptz '2024-02-01', timestamptz '2024-02-01'
    from seed_brands`);

  // Three markets per team, ten ZIP areas each, from a pool of 1,000 ZIP codes (70000–70999).
  await q(`create temp table seed_markets as
    select t.tn as team_n, t.id as team_id, m, gen_random_uuid() as id
    from seed_teams t cross join generate_series(1, 3) as m`);
  await q(`insert into markets (id, team_id, name, created_at, updated_at)
    select id, team_id, (array['Austin Metro', 'Hill Country', 'Gulf Coast'])[m] || ' ' || team_n,
      timestamptz '2024-02-01', timestamptz '2024-02-01'
    from seed_markets`);
  await q(`insert into market_areas (id, market_id, kind, value, created_at)
    select gen_random_uuid(), id, 'zip', (70000 + ((team_n * 3 + m) * 7 + k * 101) % 1000)::text, timestamptz '2024-02-01'
    from seed_markets cross join generate_series(0, 9) as k`);

  await insertOffers(q, 1, offers, teams);

  // The reseller that browses and orders, and API keys for it and the first provider.
  const reseller = makeApiKey();
  const provider = makeApiKey();
  const { rows: resellerRows } = await q(
    `insert into teams (id, name, role, created_at, updated_at)
     values (gen_random_uuid(), 'Bench Reseller', 'reseller', now(), now()) returning id`,
  );
  const resellerTeamId = resellerRows[0].id;
  const { rows: providerRows } = await q("select id from seed_teams where tn = 1");
  const providerTeamId = providerRows[0].id;
  for (const [teamId, key] of [
    [resellerTeamId, reseller],
    [providerTeamId, provider],
  ]) {
    await q(
      `insert into api_keys (id, team_id, name, prefix, key_hash, created_at)
       values (gen_random_uuid(), $1, 'bench', $2, $3, now())`,
      [teamId, key.prefix, key.hash],
    );
  }
  await q("commit");
  await q("vacuum analyze");

  const counts = await catalogCounts(q);
  return { resellerTeamId, resellerKey: reseller.key, providerTeamId, providerKey: provider.key, counts };
}

/**
 * Offers number `from` to `to` (inclusive), as `seed` makes them: offer n is created n × 5 minutes
 * before 2026-01-01, so a higher n is older and growing the catalog leaves its newest offers as they
 * were. Runs inside the caller's transaction, on the connection that ran `seed` (it reads that
 * session's temporary team, brand and market tables).
 */
async function insertOffers(q, from, to, teams) {
  await q("drop table if exists seed_offers");
  // Offers: team n % teams, created 5 minutes apart (newest = n 1), 90 % active, 80 % branded,
  // 70 % linked to one of their team's markets (the rest are available everywhere).
  await q(`create temp table seed_offers on commit drop as
    select n, gen_random_uuid() as id, 1 + (n - 1) % ${teams} as team_n,
      (array['internet', 'internet', 'internet', 'internet', 'internet', 'internet', 'internet', 'internet', 'internet', 'internet', 'internet',
             'electricity', 'electricity', 'electricity', 'electricity', 'electricity', 'electricity', 'tv', 'mobile', 'natural_gas'])[1 + n % 20] as service_type,
      abs(hashint4(n)) % 1000 < 10 as vip
    from generate_series(${from}, ${to}) as n`);
  await q(`insert into offers (id, team_id, name, sku, status, service_type, monthly_price, created_at, updated_at,
      published_at, deleted_at, description, marketing_headline, brand_id, promo_monthly_price, promo_duration_months,
      contract_term_months, commission, partner_signup, submission_url, internet, electricity)
    select o.id, t.id,
      (case o.service_type
        when 'internet' then (array['Fiber', 'Cable', 'DSL', 'Wireless', 'Satellite'])[1 + n % 5]
        when 'electricity' then (array['Fixed Rate', 'Green Choice', 'Solar Saver', 'Flex Plan'])[1 + n % 4]
        when 'tv' then 'Stream TV' when 'mobile' then 'Unlimited Talk' else 'Comfort Gas' end)
        || ' ' || (array['Basic', 'Plus', 'Pro', 'Max', 'Ultra', 'Essential', 'Premier', 'Select'])[1 + (n / 7) % 8]
        || ' ' || (100 + n % 900),
      'SKU-' || n,
      case when n % 10 = 0 then 'draft' else 'active' end,
      o.service_type,
      20 + (abs(hashint4(n * 7)) % 18000) / 100.0,
      timestamptz '2026-01-01' - n * interval '5 minutes',
      timestamptz '2026-01-01' - n * interval '5 minutes',
      case when n % 10 = 0 then null else timestamptz '2026-01-01' - n * interval '5 minutes' end,
      null,
      'Reliable service for homes and small offices. Includes '
        || (array['free installation', 'a price lock', 'no annual contract', 'smart thermostat credits', 'a modem at no cost', 'paperless billing'])[1 + n % 6]
        || ' and ' || (array['local support', 'online account tools', 'autopay savings', 'same-day activation', 'a 30-day guarantee'])[1 + n % 5]
        || case when o.vip then '. VIP support line.' else '.' end,
      (array['Switch and save', 'Fast setup, no contract', 'Limited time offer', 'Price lock for 2 years', 'Free installation'])[1 + n % 5],
      case when n % 5 = 0 then null else b.id end,
      case when n % 4 = 0 then 10 + (abs(hashint4(n * 7)) % 9000) / 100.0 else null end,
      case when n % 4 = 0 then 12 else null end,
      (array[0, 12, 24])[1 + n % 3],
      5 + n % 46,
      null, null,
      case when o.service_type = 'internet' then jsonb_build_object(
        'downloadSpeedMbps', (array[100, 300, 500, 1000, 2000])[1 + n % 5], 'uploadSpeedMbps', (array[20, 50, 100, 500, 1000])[1 + n % 5],
        'connectionType', (array['fiber', 'cable', 'dsl', 'fixed_wireless', 'satellite'])[1 + n % 5], 'dataCapGb', null) end,
      case when o.service_type = 'electricity' then jsonb_build_object(
        'ratePerKwh', '0.' || (100 + n % 90), 'rateType', (array['fixed', 'variable'])[1 + n % 2],
        'renewablePercent', (n % 5) * 25, 'termMonths', (array[6, 12, 24])[1 + n % 3]) end
    from seed_offers o
    join seed_teams t on t.tn = o.team_n
    join seed_brands b on b.team_n = o.team_n and b.b = 1 + o.n % 2`);
  await q(`insert into offer_markets (offer_id, market_id)
    select o.id, m.id from seed_offers o join seed_markets m on m.team_n = o.team_n and m.m = 1 + o.n % 3
    where o.n % 10 < 7`);
}

/**
 * Grows a seeded catalog to `to` offers (offers `from` to `to` added), in one transaction, then
 * ANALYZE. `client` must be the connection `seed` ran on. Returns the catalog counts.
 *
 * @param {import("pg").PoolClient} client
 * @param {{ from: number, to: number, teams: number }} range
 */
export async function growOffers(client, { from, to, teams }) {
  const q = (text, params) => client.query(text, params);
  await q("begin");
  await insertOffers(q, from, to, teams);
  await q("commit");
  await q("vacuum analyze offers");
  await q("vacuum analyze offer_markets");
  return catalogCounts(q);
}

/** Counts of the seeded catalog, and how many active offers each search term matches. */
async function catalogCounts(q) {
  const count = async (text) => Number((await q(text)).rows[0].count);
  const text = "lower(name || ' ' || coalesce(marketing_headline, '') || ' ' || coalesce(description, ''))";
  return {
    teams: await count("select count(*) from teams"),
    brands: await count("select count(*) from brands"),
    markets: await count("select count(*) from markets"),
    marketAreas: await count("select count(*) from market_areas"),
    offers: await count("select count(*) from offers"),
    activeOffers: await count("select count(*) from offers where status = 'active'"),
    offerMarketLinks: await count("select count(*) from offer_markets"),
    selectiveMatches: await count(
      `select count(*) from offers where status = 'active' and ${text} like '%${SELECTIVE_TERM}%'`,
    ),
    broadMatches: await count(`select count(*) from offers where status = 'active' and ${text} like '%${BROAD_TERM}%'`),
  };
}
