/** `pnpm bench` (bench/run.mjs): event → first delivery, and deliveries per second with one worker. */

import autocannon from "autocannon";
import { MB, pacedOrders, percentile, round, waitFor } from "../util.mjs";
import { progress, SETTINGS } from "./settings.mjs";

/** The delivery phase, against the server with its worker and `receiver` registered for order.created. */
export async function measureDelivery({
  server,
  receiver,
  pool,
  sampler,
  reseller,
  seeded,
  results,
  orderBody,
  orderRequests,
}) {
  // Paced at a share of what the bare order script sustained in this run, on this machine.
  const bareOrders = results.scenarios.find((s) => s.name.startsWith("POST /reseller/orders"))?.bareRps ?? null;
  const orderRate =
    SETTINGS.orderRate ??
    (bareOrders ? Math.max(5, Math.round(SETTINGS.orderRateShare * bareOrders)) : SETTINGS.fallbackOrderRate);
  const pacing =
    SETTINGS.orderRate !== null
      ? "--order-rate"
      : bareOrders
        ? `${SETTINGS.orderRateShare * 100} % of the bare order throughput of this run, ${Math.round(bareOrders)}/s`
        : "the order phase did not run: fixed rate";
  progress(`── event → first delivery at ${orderRate} orders/s for ${SETTINGS.latencyS} s (${pacing})`);
  sampler.reset();
  // Warm-up: a few orders, delivered, not counted.
  await autocannon({
    url: server.url,
    connections: 4,
    amount: 50,
    ...orderRequests("/reseller/orders", reseller),
  });
  await waitFor(() => receiver.arrivals.size >= 50, 15_000);
  receiver.arrivals.clear();
  const pacedFrom = Date.now();
  // When each order's 201 arrived (after its commit): a lower bound of the commit time.
  const answeredAt = new Map();
  const paced = await pacedOrders(`${server.url}/reseller/orders`, reseller, orderBody, {
    rate: orderRate,
    seconds: SETTINGS.latencyS,
    onOrder: (orderId, at) => answeredAt.set(orderId, at),
  });
  const placed = paced.ok;
  await waitFor(() => receiver.arrivals.size >= placed, 30_000);
  const fresh = [...receiver.arrivals.values()].filter((a) => a.createdAt >= pacedFrom);
  const latencies = fresh.map((a) => a.at - a.createdAt);
  // From the 201 (after commit) to the delivery; negative when the delivery won the race.
  const afterAnswer = fresh
    .filter((a) => answeredAt.has(a.data?.orderId))
    .map((a) => a.at - answeredAt.get(a.data.orderId));
  const latency = {
    targetRate: orderRate,
    pacing,
    ordersPerSecond: round(placed / paced.seconds, 1),
    orders: placed,
    delivered: latencies.length,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    afterResponseP50Ms: percentile(afterAnswer, 50),
    afterResponseP99Ms: percentile(afterAnswer, 99),
    maxMs: latencies.length ? Math.max(...latencies) : null,
    orderP50Ms: paced.p50Ms,
    orderP99Ms: paced.p99Ms,
    peakRssMb: round(sampler.peak() / MB, 1),
  };
  progress(`latency: ${JSON.stringify(latency)}`);

  // Throughput: events recorded by another process (like a second HTTP node), relayed by the
  // server's poll, delivered by its one worker.
  progress(`── deliveries per second: ${SETTINGS.deliveryEvents} events, one worker`);
  await waitFor(async () => {
    const { rows } = await pool.query(
      "select (select count(*) from event_outbox) + (select count(*) from graphile_worker._private_jobs) as n",
    );
    return Number(rows[0].n) === 0;
  }, 60_000);
  receiver.arrivals.clear();
  sampler.reset();
  const { rows: sample } = await pool.query("select data from events where type = 'order.created' limit 1");
  await pool.query(
    `with inserted as (
         insert into events (id, type, version, created_at, training, data, provider_team_ids, reseller_team_ids)
         select gen_random_uuid(), 'order.created', 1, now(), false, $1::jsonb, '{}', array[$2::uuid]
         from generate_series(1, $3)
         returning id, created_at
       )
       insert into event_outbox (event_id) select id from inserted order by created_at, id`,
    [JSON.stringify(sample[0].data), seeded.resellerTeamId, SETTINGS.deliveryEvents],
  );
  const t0 = Date.now();
  await waitFor(() => receiver.arrivals.size >= SETTINGS.deliveryEvents, 180_000);
  const times = [...receiver.arrivals.values()].map((a) => a.at).sort((a, b) => a - b);
  const first = times[0] ?? t0;
  const last = times.at(-1) ?? t0;
  const deliveries = {
    events: SETTINGS.deliveryEvents,
    delivered: receiver.arrivals.size,
    seconds: round((last - t0) / 1000, 2),
    perSecond: round(receiver.arrivals.size / Math.max(0.001, (last - first) / 1000)),
    firstArrivalMs: first - t0,
    peakRssMb: round(sampler.peak() / MB, 1),
  };
  progress(`deliveries: ${JSON.stringify(deliveries)}`);
  return { latency, throughput: deliveries };
}
