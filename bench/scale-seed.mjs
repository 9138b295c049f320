/**
 * The log side of `pnpm bench --scale` (bench/scale.mjs): events, webhook delivery attempts and
 * orders, grown with set-based SQL (generate_series) from copies of one real order placed through
 * the API, so every row has the shape the service writes.
 *
 * For log rows `from` to `to` (row n is created n × 3 seconds before 2026-01-01, so growing adds
 * older rows and leaves the newest as they were):
 * - one `order.created` event per row, for the bench reseller (and the first provider team; every
 *   100th also for `sparseProviderTeamId` when given, a team that sees 1 % of the log);
 * - one delivery attempt per event, on one of the reseller's 10 webhooks (row n on webhook n % 10,
 *   so the measured webhook holds a tenth of the log);
 * - one order with one item per 10 rows, its item on the first provider team for every 10th order
 *   (the rest spread over the other provider teams), statuses cycling through the seven.
 *
 * Ids are derived from n (`md5`), so an event and its delivery need no join. Foreign-key triggers
 * are skipped for the inserts (`session_replication_role = replica`): every reference is valid by
 * construction, and checking 10 million of them one row at a time would be most of the seeding.
 */

/** A version-4 UUID derived from the SQL text expression `expr` (md5 with the version and variant set). */
const uuidOf = (expr) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;

/** How many webhooks the reseller has; the log is spread over them. */
export const LOG_WEBHOOKS = 10;
/** Orders per log row: one order (of one item) per 10 events. */
export const ORDERS_PER_ROW = 0.1;

/**
 * Creates the reseller's webhooks (inactive: nothing is delivered to them during the bench).
 * @returns {Promise<string[]>} their ids, the measured one first
 */
export async function createLogWebhooks(client, resellerTeamId) {
  const { rows } = await client.query(
    `insert into webhooks (id, team_id, url, events, is_active, secret, created_at, updated_at)
     select ${uuidOf("'webhook-' || k")}, $1, 'https://hooks.example.com/bench/' || k, array['order.created'], false,
       'whsec_bench_' || k, timestamptz '2025-01-01' + k * interval '1 minute', timestamptz '2025-01-01'
     from generate_series(0, ${LOG_WEBHOOKS - 1}) as k
     returning id`,
    [resellerTeamId],
  );
  return rows.map((row) => row.id);
}

/**
 * Adds log rows `from` to `to` (inclusive), in batches of `batch` rows, each its own transaction.
 *
 * @param {import("pg").PoolClient} client
 * @param {{ from: number, to: number, resellerTeamId: string, providerTeamId: string, template: { orderId: string },
 *           sparseProviderTeamId?: string, batch?: number, onProgress?: (done: number) => void }} options
 */
export async function growLog(client, options) {
  const { from, to, resellerTeamId, providerTeamId, template } = options;
  const batch = options.batch ?? 1_000_000;
  const q = (text, params) => client.query(text, params);
  await q("set session_replication_role = replica");
  try {
    for (let lo = from; lo <= to; lo += batch) {
      const hi = Math.min(to, lo + batch - 1);
      await q("begin");
      // Events: the template order's order.created payload, for the bench reseller.
      await q(
        `insert into events (id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids)
         select ${uuidOf("'event-' || n")}, 'order.created', 1, timestamptz '2026-01-01' - n * interval '3 seconds', false,
           t.data,
           case when $6::uuid is not null and n % 100 = 0 then array[$3::uuid, $6::uuid] else array[$3::uuid] end,
           array[$4::uuid]
         from generate_series($1::int, $2::int) as n,
           (select data from events where type = 'order.created' and data ->> 'orderId' = $5 limit 1) as t`,
        [lo, hi, providerTeamId, resellerTeamId, template.orderId, options.sparseProviderTeamId ?? null],
      );
      // The events' rows of team_events (migration 0020): its triggers are off in replica mode.
      await q(
        `insert into team_events (id, team_id, created_at)
         select e.id, a.team_id, e.created_at
         from events e, unnest(e.provider_team_ids || e.reseller_team_ids) as a(team_id)
         where e.created_at between timestamptz '2026-01-01' - $2::int * interval '3 seconds'
           and timestamptz '2026-01-01' - $1::int * interval '3 seconds'`,
        [lo, hi],
      );
      // One delivery attempt per event, 50 ms after it, on webhook n % 10.
      await q(
        `insert into webhook_deliveries (id, webhook_id, team_id, event_id, event_type, attempt, trigger, url,
           status_code, success, response_body, duration_ms, created_at)
         select ${uuidOf("'delivery-' || n")}, ${uuidOf(`'webhook-' || (n % ${LOG_WEBHOOKS})`)}, $3::uuid,
           ${uuidOf("'event-' || n")}, 'order.created', 1, 'event',
           'https://hooks.example.com/bench/' || (n % ${LOG_WEBHOOKS}),
           case when n % 50 = 0 then 503 else 200 end, n % 50 <> 0,
           case when n % 50 = 0 then 'upstream unavailable' else 'ok' end, 20 + n % 180,
           timestamptz '2026-01-01' - n * interval '3 seconds' + interval '50 milliseconds'
         from generate_series($1::int, $2::int) as n`,
        [lo, hi, resellerTeamId],
      );
      // Orders: one per 10 log rows, one item each; every 10th item on the first provider team.
      const orderFrom = Math.ceil(lo * ORDERS_PER_ROW);
      const orderTo = Math.floor(hi * ORDERS_PER_ROW);
      if (orderTo >= orderFrom) {
        await q(
          `insert into orders (id, reseller_team_id, customer_id, customer, service_address, move_in_date,
             installation_date, is_training, status, total_monthly, created_at, updated_at)
           select ${uuidOf("'order-' || n")}, o.reseller_team_id, o.customer_id, o.customer, o.service_address,
             o.move_in_date, o.installation_date, false, 'submitted', o.total_monthly,
             timestamptz '2026-01-01' - n * interval '30 seconds', timestamptz '2026-01-01' - n * interval '30 seconds'
           from generate_series($1::int, $2::int) as n, (select * from orders where id = $3) as o`,
          [orderFrom, orderTo, template.orderId],
        );
        await q(
          `insert into order_items (id, order_id, position, provider_team_id, offer_id, status, is_training,
             offer_snapshot, handoff_redirect_url, scheduled_date, rejection_reason, commission_amount,
             commission_accrued_at, created_at, updated_at)
           select ${uuidOf("'item-' || n")}, ${uuidOf("'order-' || n")}, 0,
             case when n % 10 = 0 then $4::uuid else p.ids[1 + n % cardinality(p.ids)] end,
             i.offer_id,
             (array['pending', 'handoff', 'accepted', 'rejected', 'scheduled', 'completed', 'cancelled'])[1 + (n / 10) % 7],
             false, i.offer_snapshot, null, null, null, null, null,
             timestamptz '2026-01-01' - n * interval '30 seconds', timestamptz '2026-01-01' - n * interval '30 seconds'
           from generate_series($1::int, $2::int) as n,
             (select * from order_items where order_id = $3 order by position limit 1) as i,
             (select array_agg(id) as ids from teams where role = 'provider' and id <> $4::uuid) as p`,
          [orderFrom, orderTo, template.orderId, providerTeamId],
        );
      }
      await q("commit");
      options.onProgress?.(hi);
    }
  } catch (error) {
    await q("rollback").catch(() => {});
    throw error;
  } finally {
    await q("set session_replication_role = origin");
  }
  for (const table of ["events", "team_events", "webhook_deliveries", "orders", "order_items"])
    await q(`vacuum analyze ${table}`);
  const count = async (text) => Number((await q(text)).rows[0].count);
  return {
    events: await count("select count(*) from events"),
    deliveries: await count("select count(*) from webhook_deliveries"),
    orders: await count("select count(*) from orders"),
    orderItems: await count("select count(*) from order_items"),
  };
}
