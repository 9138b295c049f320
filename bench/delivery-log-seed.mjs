/**
 * Writes a large delivery log straight into the tables, as the benches that need one share it
 * (bench/webhooks-portal.mjs, bench/dashboard-pages.mjs --deliveries): attempts spread over the
 * last 25 days, one event per ten attempts about an order (`data.orderId`), 15 % failed (500 or no
 * response), triggers mixed, in batches of 200,000.
 */

/** A deterministic UUID (version 4 layout) from an SQL text expression. */
export const uuidOf = (expr) => `overlay(overlay(md5(${expr}) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * Inserts attempts `from`..`total` (1-based). `teams`: 10 team ids (attempt n is team n % 10's);
 * `webhooks`: 30 webhook ids (three per team, in team order). `progress(text)` hears each batch.
 */
export async function seedDeliveryLog(pool, { teams, webhooks, total, from = 1, progress = () => {} }) {
  const batch = 200_000;
  const span = 25 * 86_400;
  const now = Date.now() / 1000;
  for (let lo = from; lo <= total; lo += batch) {
    const hi = Math.min(total, lo + batch - 1);
    // One event per ten attempts, about an order (data.orderId), its audience every team of the log.
    await pool.query(
      `insert into events (id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids)
       select ${uuidOf("'e' || n")}, 'order.item.created', 1, to_timestamp($1::float8 - $2::float8 + n::float8 * $2::float8 / $3::float8),
         false, jsonb_build_object('orderId', ${uuidOf("'o' || (n / 3)")}, 'sequence', 1),
         (select array_agg(distinct t) from unnest($4::uuid[]) t), array[]::uuid[]
       from generate_series($5::int, $6::int) n where n % 10 = 0`,
      [now, span, total, teams, lo, hi],
    );
    await pool.query(
      `insert into webhook_deliveries (id, webhook_id, team_id, event_id, event_type, attempt, trigger, url,
         status_code, success, response_body, duration_ms, created_at, request_headers)
       select ${uuidOf("'d' || n")}, ($7::uuid[])[1 + (n % 10) * 3 + (n / 10) % 3], ($4::uuid[])[1 + n % 10],
         ${uuidOf("'e' || ((n / 10) * 10)")}, 'order.item.created', 1 + n % 3,
         (array['event','event','event','event','redelivery','recovery','test'])[1 + n % 7],
         'https://hooks.example/h',
         case when n % 20 = 0 then null when n % 7 = 3 then 500 else 200 end,
         not (n % 20 = 0 or n % 7 = 3), 'ok', 20 + n % 200,
         to_timestamp($1::float8 - $2::float8 + n::float8 * $2::float8 / $3::float8),
         '{"Content-Type":"application/json","X-Service-Signature":"t=1,v1=00"}'::jsonb
       from generate_series($5::int, $6::int) n`,
      [now, span, total, teams, lo, hi, webhooks],
    );
    progress(`seeded ${hi} of ${total} attempts`);
  }
}
