/** `pnpm faults` (bench/faults.mjs), scenario B. */

import { percentile, round, sleep, waitFor } from "../util.mjs";
import { jobsInserted, startReceiver } from "./probes.mjs";
import { orderPlacer, registerWebhook, startServer } from "./server.mjs";
import { progress, SETTINGS } from "./settings.mjs";

// ── B: a hanging endpoint beside a healthy one ────────────────────────────────────────────────────

/** `count` orders evenly spaced at `rate` per second; resolves with their outcomes. */
async function pacedOrders(place, count, rate) {
  const outcomes = [];
  const inflight = new Set();
  const start = Date.now();
  for (let sent = 0; sent < count; sent++) {
    const wait = start + (sent * 1000) / rate - Date.now();
    if (wait > 1) await sleep(wait);
    const request = place().then((outcome) => {
      outcomes.push(outcome);
      inflight.delete(request);
    });
    inflight.add(request);
  }
  await Promise.all(inflight);
  return outcomes;
}

async function latencies(receiver, outcomes, label) {
  const ok = outcomes.filter((o) => o.status === 201);
  await waitFor(() => ok.every((o) => receiver.firstByOrder.has(o.orderId)), 30_000, 100);
  const values = ok
    .filter((o) => receiver.firstByOrder.has(o.orderId))
    .map((o) => receiver.firstByOrder.get(o.orderId) - o.doneAt);
  const result = {
    orders: outcomes.length,
    ok: ok.length,
    delivered: values.length,
    p50Ms: percentile(values, 50),
    p95Ms: percentile(values, 95),
    maxMs: values.length ? Math.max(...values) : null,
    /** Each delivered order's latency, in the order the orders were sent (ms). */
    series: [...ok]
      .sort((a, b) => a.sentAt - b.sentAt)
      .map((o) => (receiver.firstByOrder.has(o.orderId) ? receiver.firstByOrder.get(o.orderId) - o.doneAt : null)),
  };
  progress(
    `B: ${label}: ${result.delivered}/${result.ok} delivered (of ${result.orders} orders), p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, max ${result.maxMs} ms`,
  );
  return result;
}

export async function scenarioB(cluster, cleanups) {
  const databaseUrl = await cluster.createDatabase("faults_b");
  const healthy = await startReceiver();
  const hanging = await startReceiver({ hang: true });
  cleanups.push(
    () => healthy.close(),
    () => hanging.close(),
  );
  const server = await startServer(databaseUrl, {}, "B");
  cleanups.push(() => server.stop(5000));
  progress(`B: server on ${server.url}; healthy receiver ${healthy.url}, hanging receiver ${hanging.url}`);
  await registerWebhook(server, "reseller", server.keys.reseller, `${healthy.url}/orders`, ["order.created"]);
  const place = await orderPlacer(server);
  // Warm-up (not measured): JIT, pool, and the gate learning that the healthy endpoint is prompt.
  await latencies(healthy, await pacedOrders(place, 20, SETTINGS.pacedRate), "warm-up, 20 orders");

  const jobs0 = await jobsInserted(databaseUrl);
  const without = await latencies(
    healthy,
    await pacedOrders(place, SETTINGS.pacedOrders, SETTINGS.pacedRate),
    `without the hang, ${SETTINGS.pacedOrders} orders at ${SETTINGS.pacedRate}/s`,
  );

  const jobs1 = await jobsInserted(databaseUrl);
  await registerWebhook(server, "provider", server.keys.provider, `${hanging.url}/hook`, [
    "order.created",
    "order.item.created",
  ]);
  const hangStartedAt = Date.now();
  const queued = [];
  for (let i = 0; i < SETTINGS.hangingOrders; i += 8) {
    queued.push(...(await Promise.all(Array.from({ length: Math.min(8, SETTINGS.hangingOrders - i) }, () => place()))));
  }
  progress(
    `B: provider webhook to the hanging endpoint registered; ${queued.filter((o) => o.status === 201).length}/${SETTINGS.hangingOrders} orders queued in ${Date.now() - hangStartedAt} ms`,
  );
  const withHang = await latencies(
    healthy,
    await pacedOrders(place, SETTINGS.pacedOrders, SETTINGS.pacedRate),
    `with ${SETTINGS.hangingOrders} orders queued for the hanging endpoint, ${SETTINGS.pacedOrders} orders at ${SETTINGS.pacedRate}/s`,
  );
  const jobs2 = await jobsInserted(databaseUrl);
  const jobs = {
    withoutHang: jobs1 !== null && jobs0 !== null ? jobs1 - jobs0 : null,
    withHang: jobs2 !== null && jobs1 !== null ? jobs2 - jobs1 : null,
  };
  const queuedDelivered = queued.filter((o) => healthy.firstByOrder.has(o.orderId)).length;
  const hangRequests = hanging.requests.length;
  const hangByType = {};
  for (const r of hanging.requests) hangByType[r.type] = (hangByType[r.type] ?? 0) + 1;
  progress(
    `B: the hanging endpoint received ${hangRequests} requests in ${((Date.now() - hangStartedAt) / 1000).toFixed(1)} s (${JSON.stringify(hangByType)}); healthy deliveries of the 40 queued orders: ${queuedDelivered}; delivery jobs enqueued: ${jobs.withoutHang} for the ${SETTINGS.pacedOrders} orders without the hang, ${jobs.withHang} for the ${SETTINGS.hangingOrders + SETTINGS.pacedOrders} with it`,
  );
  const alive = server.alive();
  const exit = await server.stop();
  progress(`B: SIGTERM → exit ${exit}; log lines ≥ 50: ${server.notable.filter((l) => l.level >= 50).length}`);
  await healthy.close();
  await hanging.close();
  return {
    without,
    withHang,
    ratio: without.p95Ms > 0 ? round(withHang.p95Ms / without.p95Ms, 2) : null,
    hangRequests,
    hangByType,
    jobsEnqueued: jobs,
    hangWindowS: round((Date.now() - hangStartedAt) / 1000, 1),
    queuedOrdersDeliveredToHealthy: queuedDelivered,
    aliveAtEnd: alive,
    exitOnSigterm: exit,
    errorLines: server.notable.filter((l) => l.level >= 50).slice(0, 10),
  };
}
