/**
 * What `pnpm faults` (bench/faults.mjs) observes besides the server's answers: webhook receivers on
 * 127.0.0.1, the delivery pipeline's rows in the database, and /ready.
 */

import http from "node:http";
import pg from "pg";

/**
 * A webhook receiver on 127.0.0.1: answers 200 at once, or (`hang`) accepts and never answers.
 * Records every request with its event id, type and orderId, and the first arrival per orderId for
 * `type`.
 */
export function startReceiver({ hang = false, type = "order.created" } = {}) {
  const requests = [];
  /** orderId → first arrival (ms) of its `type` event. */
  const firstByOrder = new Map();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const at = Date.now();
      let envelope = null;
      try {
        envelope = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {}
      const orderId = envelope?.data?.orderId ?? null;
      requests.push({ at, eventId: envelope?.id ?? null, type: envelope?.type ?? null, orderId });
      if (envelope?.type === type && orderId && !firstByOrder.has(orderId)) firstByOrder.set(orderId, at);
      if (hang) return; // accepted, read, never answered
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        requests,
        firstByOrder,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** What the database holds of the delivery pipeline now (for the report; read-only). */
export async function pipelineSnapshot(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {});
  try {
    await client.connect();
    const outbox = await client.query("select count(*)::int as n from event_outbox");
    const jobs = await client.query(`
      select count(*)::int as total,
             count(*) filter (where locked_at is not null)::int as locked,
             count(*) filter (where run_at > now())::int as scheduled_later,
             round(extract(epoch from (max(run_at) - now())))::int as latest_run_in_s,
             count(*) filter (where locked_at is null and run_at <= now() and attempts < max_attempts)::int as runnable,
             max(attempts)::int as max_attempts
      from graphile_worker._private_jobs`);
    // Who holds the locked jobs, and whether that runner still beats (then no sweep unlocks them).
    const holders = await client.query(`
      select j.locked_by as worker, count(*)::int as jobs,
             round(extract(epoch from (now() - min(j.locked_at))))::int as locked_for_s,
             round(extract(epoch from (now() - w.heartbeat_at)))::int as heartbeat_age_s
      from graphile_worker._private_jobs j left join delivery_workers w on w.id = j.locked_by
      where j.locked_at is not null group by j.locked_by, w.heartbeat_at`);
    const workers = await client.query(`
      select id, round(extract(epoch from (now() - started_at)))::int as started_s_ago,
             round(extract(epoch from (now() - heartbeat_at)))::int as heartbeat_age_s
      from delivery_workers order by started_at`);
    const deliveries = await client.query(`
      select success, left(split_part(response_body, ';', 1), 90) as body, count(*)::int as n
      from webhook_deliveries group by 1, 2 order by 3 desc limit 6`);
    const sessions = await client.query(`
      select application_name as app, state, coalesce(wait_event, '') as wait, left(query, 60) as query, count(*)::int as n
      from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
      group by 1, 2, 3, 4 order by 5 desc limit 8`);
    return {
      outbox: outbox.rows[0].n,
      jobs: jobs.rows[0],
      lockHolders: holders.rows,
      workers: workers.rows,
      deliveries: deliveries.rows,
      sessions: sessions.rows,
    };
  } catch (error) {
    return { error: String(error?.message ?? error) };
  } finally {
    await client.end().catch(() => {});
  }
}

export async function readiness(server) {
  try {
    const res = await fetch(`${server.url}/ready`, { signal: AbortSignal.timeout(5000) });
    return { status: res.status, body: await res.json() };
  } catch (error) {
    return { error: String(error?.cause?.code ?? error) };
  }
}

/** Rows graphile-worker's job table has taken so far (a job per event, per retry and per deferral). */
export async function jobsInserted(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select pg_stat_force_next_flush()");
    const { rows } = await client.query(
      "select n_tup_ins::int as n from pg_stat_user_tables where schemaname = 'graphile_worker' and relname = '_private_jobs'",
    );
    return rows[0]?.n ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}
