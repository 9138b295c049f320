/** `pnpm faults` (bench/faults.mjs), scenario A. */

import { sleep, waitFor } from "../util.mjs";
import { pipelineSnapshot, readiness, startReceiver } from "./probes.mjs";
import { orderPlacer, registerWebhook, startServer } from "./server.mjs";
import { progress, SETTINGS } from "./settings.mjs";

// ── A: PostgreSQL restarts under order load ───────────────────────────────────────────────────────

export async function scenarioA(cluster, cleanups) {
  const databaseUrl = await cluster.createDatabase("marketplace");
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const server = await startServer(databaseUrl, {}, "A");
  cleanups.push(() => server.stop(5000));
  progress(`A: server on ${server.url} (pid ${server.child.pid}), receiver on ${receiver.url}`);
  await registerWebhook(server, "reseller", server.keys.reseller, `${receiver.url}/orders`, ["order.created"]);
  const place = await orderPlacer(server);

  /** Every order request: { sentAt, doneAt, status, orderId, error }. */
  const records = [];
  let loading = true;
  const clients = Array.from({ length: SETTINGS.orderClients }, async () => {
    while (loading) {
      const record = await place();
      records.push(record);
      // A failing request is retried after a breath, not in a tight loop against a down database.
      if (record.status !== 201) await sleep(20);
    }
  });

  const restarts = [];
  try {
    await sleep(SETTINGS.warmupMs);
    const warm = records.filter((r) => r.status === 201).length;
    progress(`A: ${SETTINGS.orderClients} clients placing orders: ${warm} in ${SETTINGS.warmupMs / 1000} s warm-up`);
    for (let n = 1; n <= SETTINGS.restarts; n++) {
      const mode = n % 2 === 1 ? "fast" : "immediate";
      const restartAt = Date.now();
      let restartError = null;
      await cluster.restart(mode).catch((error) => {
        restartError = error.message;
      });
      const backAt = Date.now();
      // The first delivery of an order placed after the database accepted connections again.
      const firstIndex = records.length;
      let resumedAt = null;
      await waitFor(() => {
        for (let i = firstIndex; i < records.length; i++) {
          const r = records[i];
          if (r.orderId === null || r.sentAt < backAt) continue;
          const at = receiver.firstByOrder.get(r.orderId);
          if (at !== undefined && (resumedAt === null || at < resumedAt)) resumedAt = at;
        }
        return resumedAt !== null || !server.alive();
      }, SETTINGS.resumeWaitMs);
      const workerState = (await readiness(server)).body?.worker ?? "unanswered";
      await sleep(SETTINGS.steadyMs);
      const alive = server.alive();
      restarts.push({
        n,
        mode,
        restartAt,
        backAt,
        restartMs: backAt - restartAt,
        restartError,
        alive,
        resumeMs: resumedAt === null ? null : resumedAt - backAt,
        workerState,
      });
      progress(
        `A: restart ${n}/${SETTINGS.restarts} (${mode}) took ${backAt - restartAt} ms${restartError ? ` (FAILED: ${restartError})` : ""}; process ${alive ? "alive" : `EXITED (${server.child.exitCode ?? server.child.signalCode})`}; first delivery of a new order ${resumedAt === null ? `not within ${SETTINGS.resumeWaitMs / 1000} s` : `${resumedAt - backAt} ms`} after the database was back; /ready worker: ${workerState}`,
      );
      if (!alive) break;
    }
  } finally {
    loading = false;
    await Promise.all(clients);
  }
  const loadEndedAt = Date.now();

  // Requests by when they ran: in flight during a restart (sent before the database was back and
  // answered after the restart began) may fail; every other one must not.
  const windowOf = (r) => {
    for (const restart of restarts) {
      if (r.sentAt < restart.backAt && r.doneAt >= restart.restartAt) return { restart, exposed: true };
    }
    let last = null;
    for (const restart of restarts) if (r.sentAt >= restart.backAt) last = restart;
    return { restart: last, exposed: false };
  };
  const failedOf = (rs) => ({
    fiveXx: rs.filter((r) => r.status !== null && r.status >= 500).length,
    networkErrors: rs.filter((r) => r.status === null).length,
    other: rs.filter((r) => r.status !== null && r.status !== 201 && r.status < 500).length,
  });
  const byRestart = new Map(restarts.map((restart) => [restart, { exposed: [], after: [] }]));
  const beforeFirst = [];
  for (const r of records) {
    const { restart, exposed } = windowOf(r);
    if (restart === null) beforeFirst.push(r);
    else byRestart.get(restart)[exposed ? "exposed" : "after"].push(r);
  }
  const failureSamples = [];
  for (const restart of restarts) {
    const { exposed, after } = byRestart.get(restart);
    restart.requestsAfter = after.length;
    restart.failedAfter = failedOf(after);
    restart.requestsDuring = exposed.length;
    restart.failedDuring = failedOf(exposed);
    const firstOk = after.find((r) => r.status === 201);
    restart.firstOrderOkMs = firstOk ? firstOk.doneAt - restart.backAt : null;
    for (const r of after) {
      if (r.status !== 201 && failureSamples.length < 5) {
        failureSamples.push({
          restart: restart.n,
          msAfterBack: r.sentAt - restart.backAt,
          status: r.status,
          error: r.error,
          detail: r.detail?.slice(0, 300) ?? null,
        });
      }
    }
  }
  const baseline = failedOf(beforeFirst);

  // Every order answered 201 must have its order.created delivered.
  const ordered = records.filter((r) => r.status === 201).map((r) => r.orderId);
  const missing = () => ordered.filter((id) => !receiver.firstByOrder.has(id)).length;
  progress(
    `A: load stopped; ${ordered.length} orders answered 201; waiting for their deliveries (${missing()} missing)`,
  );
  let lastMissing = missing();
  let lastProgressAt = Date.now();
  while (missing() > 0 && server.alive() && Date.now() - lastProgressAt < 10_000 && Date.now() - loadEndedAt < 60_000) {
    await sleep(250);
    const now = missing();
    if (now < lastMissing) {
      lastMissing = now;
      lastProgressAt = Date.now();
    }
  }
  const deliveredAllAfterMs = missing() === 0 ? Date.now() - loadEndedAt : null;
  const lost = missing();
  const createdRequests = receiver.requests.filter((r) => r.type === "order.created");
  const eventIds = new Set(createdRequests.map((r) => r.eventId));
  const orderIdsDelivered = new Set(createdRequests.map((r) => r.orderId));
  const duplicates = createdRequests.length - eventIds.size;
  const ready = await readiness(server);
  const pipeline = await pipelineSnapshot(databaseUrl);
  progress(
    `A: ${ordered.length - lost}/${ordered.length} delivered${deliveredAllAfterMs !== null ? ` (all within ${(deliveredAllAfterMs / 1000).toFixed(1)} s of the load's end)` : ""}, ${lost} lost, ${duplicates} duplicate deliveries; /ready ${ready.status ?? ready.error} ${ready.body ? JSON.stringify(ready.body) : ""}`,
  );
  progress(`A: pipeline in the database now: ${JSON.stringify(pipeline)}`);
  const aliveAtEnd = server.alive();
  // Longer than close-with-grace's own deadline (shutdown delay + timeout + 30 s), to see how it ends.
  const sigtermAt = Date.now();
  const exit = await server.stop(45_000);
  const sigtermMs = Date.now() - sigtermAt;
  const warnings = {};
  for (const line of server.notable) {
    // Messages carry stack traces and ids: first line, digits folded, 100 characters.
    const key = `${line.level} ${String(line.msg).split("\n")[0].replace(/\d+/g, "N").slice(0, 100)}`;
    warnings[key] = (warnings[key] ?? 0) + 1;
  }
  progress(
    `A: SIGTERM → exit ${exit} after ${(sigtermMs / 1000).toFixed(1)} s; log lines ≥ 40 (and the worker's own) by message: ${JSON.stringify(warnings)}`,
  );
  if (!aliveAtEnd) progress(`A: server stderr tail: ${server.stderr().slice(-1500)}`);
  await receiver.close();
  return {
    restarts: restarts.map(({ restartAt, backAt, ...rest }) => rest),
    ordersAnswered201: ordered.length,
    requests: records.length,
    baselineFailures: baseline,
    distinctOrdersDelivered: ordered.filter((id) => orderIdsDelivered.has(id)).length,
    lost,
    deliveriesOfOrderCreated: createdRequests.length,
    duplicates,
    deliveredAllAfterMs,
    readyAtEnd: ready,
    pipelineAtEnd: pipeline,
    aliveAtEnd,
    exitOnSigterm: exit,
    sigtermMs,
    logLinesByLevel: { ...server.counts },
    warnings,
    errorLines: server.notable.filter((l) => l.level >= 50).slice(0, 10),
    failureSamples,
  };
}
