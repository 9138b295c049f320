/** `pnpm bench --scale` (bench/scale.mjs), part 2: the log at each size, the catalog at its largest. */

import { createLogWebhooks, growLog, LOG_WEBHOOKS } from "../scale-seed.mjs";
import { makeApiKey } from "../seed.mjs";
import { measure, settle } from "./measure.mjs";
import { fmt, progress, SETTINGS } from "./settings.mjs";

/** Grows the log (events, deliveries, orders) through `--log-sizes` and measures each read at each size. */
export async function measureLog({
  server,
  timed,
  seeder,
  pool,
  seeded,
  core,
  reseller,
  provider,
  at,
  qs,
  sampler,
  results,
}) {
  // One real order through the API: the template of every seeded event, delivery and order.
  const { rows: everywhere } = await pool.query(
    `select o.id from offers o where o.status = 'active'
           and not exists (select 1 from offer_markets om where om.offer_id = o.id) limit 1`,
  );
  const placed = await fetch(`${server.url}/reseller/orders`, {
    method: "POST",
    headers: { ...reseller, "content-type": "application/json" },
    body: JSON.stringify({
      items: [{ offerId: everywhere[0].id }],
      customer: { name: "Scale Customer", email: "scale@example.com", phone: "+15125550100", kind: "residential" },
      serviceAddress: { line1: "1 Congress Ave", city: "Austin", state: "TX", zipCode: "70123" },
    }),
  });
  const order = await placed.json();
  if (placed.status !== 201) throw new Error(`template order: ${placed.status} ${JSON.stringify(order)}`);
  await pool.query("truncate event_outbox");
  const webhookIds = await createLogWebhooks(seeder, seeded.resellerTeamId);
  const hook = webhookIds[0];
  // A second provider team that sees every 100th event: the events list of a team that is a
  // small part of the log (the bench reseller sees every event, so its list walks the newest).
  const sparse = makeApiKey();
  const { rows: sparseRows } = await pool.query(
    "select id from teams where role = 'provider' and id <> $1 order by id limit 1",
    [seeded.providerTeamId],
  );
  const sparseProviderTeamId = sparseRows[0].id;
  await pool.query(
    `insert into api_keys (id, team_id, name, prefix, key_hash, created_at)
         values (gen_random_uuid(), $1, 'bench sparse', $2, $3, now())`,
    [sparseProviderTeamId, sparse.prefix, sparse.hash],
  );
  const eventsProbe = await fetch(`${server.url}/reseller/events?limit=1`, { headers: reseller });
  await eventsProbe.arrayBuffer();
  const hasEvents = eventsProbe.status === 200;
  if (!hasEvents) progress(`GET /reseller/events: ${eventsProbe.status}; the events list is pending on this build`);
  let rows = 0;
  for (const size of SETTINGS.logSizes) {
    const logCounts = await timed(`grow the log ${fmt(rows)} → ${fmt(size)} rows`, size - rows, () =>
      growLog(seeder, {
        from: rows + 1,
        to: size,
        resellerTeamId: seeded.resellerTeamId,
        providerTeamId: seeded.providerTeamId,
        sparseProviderTeamId,
        template: { orderId: order.id },
        batch: 500_000,
        onProgress: (done) => progress(`  log rows: ${fmt(done)} of ${fmt(size)}`),
      }),
    );
    rows = size;
    progress(`── log at ${fmt(rows)} rows: ${JSON.stringify(logCounts)}`);
    const perHook = Math.floor(rows / LOG_WEBHOOKS);
    const deepPosition = Math.min(SETTINGS.deepPages * 20, perHook - 21);
    const { rows: cursorRows } = await pool.query(
      `select id from webhook_deliveries where webhook_id = $1 order by created_at desc, id desc offset $2 limit 1`,
      [hook, deepPosition - 1],
    );
    const cursor = core.encodeCursor("webhook-deliveries", cursorRows[0].id);
    const reads = [
      ["deliveries, first page", at(`/reseller/webhooks/${hook}/deliveries?limit=20`, reseller)],
      [
        `deliveries, deep page (${fmt(deepPosition)} in)`,
        at(`/reseller/webhooks/${hook}/deliveries?${qs({ limit: 20, cursor })}`, reseller),
      ],
      ["provider orders, status=accepted", at("/provider/orders?status=accepted&limit=20", provider)],
    ];
    if (hasEvents) {
      reads.push(["events list, first page", at("/reseller/events?limit=20", reseller)]);
      reads.push([
        "events list, a team in 1 % of the log",
        at("/provider/events?limit=20", { "x-api-key": sparse.key }),
      ]);
    }
    const figures = [];
    await settle(pool, reads);
    for (const [name, target] of reads) figures.push(await measure(name, target, sampler));
    results.log.push({ size: rows, counts: logCounts, deepPosition, figures, eventsList: hasEvents });
  }
}
