/**
 * The orders, items and clicks of bench/analytics.mjs, inserted set-based in batches of 100,000
 * orders (see its header for the shape of the data).
 *
 * @module
 */

const uuidOf = (expr) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;

/** Inserts `total` orders over 2025 with their items and half as many clicks; `progress` after each batch. */
export async function seedOrders(
  pool,
  { providerTeamId, resellerTeamId, offers, storefrontId, linkIds, total, withoutTriggers = false, progress },
) {
  const batch = 100_000;
  const year = 365 * 86_400;
  for (let lo = 1; lo <= total; lo += batch) {
    const hi = Math.min(total, lo + batch - 1);
    const client = await pool.connect();
    try {
      await client.query("begin");
      // Without triggers: neither the analytics deltas nor the foreign-key checks (analytics_rebuild() after).
      if (withoutTriggers) await client.query("set local session_replication_role = replica");
      // Orders: created across 2025 in order of n, 2 % training, every 3rd through a channel.
      await client.query(
        `insert into orders (id, reseller_team_id, customer_id, customer, service_address, is_training, status,
           total_monthly, created_at, updated_at, storefront_id, link_id)
         select ${uuidOf("'o' || n")}, $1::uuid, null, '{"name":"Bench","email":"b@example.com","phone":"+15125550123","kind":"residential"}',
           '{"line1":"1 Main St","city":"Austin","state":"TX","zipCode":"78701"}', n % 50 = 0, 'pending', 49.99,
           timestamptz '2025-01-01' + (n::float8 * $2::float8 / $3::float8) * interval '1 second',
           timestamptz '2025-01-01' + (n::float8 * $2::float8 / $3::float8) * interval '1 second',
           case when n % 3 = 1 then $4::uuid end,
           case when n % 3 = 2 then ($5::uuid[])[1 + n % array_length($5::uuid[], 1)] end
         from generate_series($6::int, $7::int) n`,
        [resellerTeamId, year, total, storefrontId, linkIds, lo, hi],
      );
      // Items: one per order (two for every fifth), statuses cycling; accepted ones after n % 2000 minutes.
      await client.query(
        `insert into order_items (id, order_id, position, provider_team_id, offer_id, status, is_training, offer_snapshot,
           handoff_redirect_url, commission_amount, commission_accrued_at, accepted_at, created_at, updated_at)
         select ${uuidOf("'i' || n || '-' || k")}, o.id, k, $1::uuid, ($2::uuid[])[1 + (n + k) % array_length($2::uuid[], 1)],
           s.status, o.is_training,
           jsonb_build_object('offerId', ($2::uuid[])[1 + (n + k) % array_length($2::uuid[], 1)], 'offerName', 'Bench offer',
             'serviceType', case when (n + k) % 4 = 0 then 'electricity' else 'internet' end,
             'providerTeamId', $1::text, 'providerName', 'Bench', 'monthlyPrice', '49.99', 'commission', '30.00'),
           null,
           case when s.accepted and not o.is_training then 30.00 end,
           case when s.accepted and not o.is_training then o.created_at + (n % 2000) * interval '1 minute' end,
           case when s.accepted then o.created_at + (n % 2000) * interval '1 minute' end,
           o.created_at, o.created_at
         from generate_series($3::int, $4::int) n
         cross join lateral (select ${uuidOf("'o' || n")} as id) oid
         join orders o on o.id = oid.id
         cross join generate_series(0, case when n % 5 = 0 then 1 else 0 end) k
         cross join lateral (
           select (array['pending','accepted','rejected','scheduled','completed','cancelled','accepted'])[1 + (n + k) % 7] as status
         ) st
         cross join lateral (select st.status, st.status in ('accepted', 'scheduled', 'completed') as accepted) s`,
        [providerTeamId, offers, lo, hi],
      );
      // Clicks: half as many, through the storefront and the links.
      await client.query(
        `insert into outbound_clicks (id, reseller_team_id, storefront_id, link_id, offer_id, provider_team_id, redirect_url,
           phone, client_ip, user_agent, created_at)
         select ${uuidOf("'c' || n")}, $1::uuid, case when n % 4 = 0 then $2::uuid end,
           case when n % 4 <> 0 then ($3::uuid[])[1 + n % array_length($3::uuid[], 1)] end,
           ($4::uuid[])[1 + n % array_length($4::uuid[], 1)], $5::uuid, null, null, '203.0.113.1', null,
           timestamptz '2025-01-01' + (n::float8 * $6::float8 / $7::float8) * interval '1 second'
         from generate_series($8::int, $9::int) n where n % 2 = 0`,
        [resellerTeamId, storefrontId, linkIds, offers, providerTeamId, year, total, lo, hi],
      );
      await client.query("commit");
    } finally {
      client.release();
    }
    progress(`seeded ${hi.toLocaleString("en-US")} orders`);
  }
}
