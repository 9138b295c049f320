/** `pnpm bench --scale` (bench/scale.mjs): one read under load, a statement in the database, settling after a growth. */

import autocannon from "autocannon";
import pg from "pg";
import { MB, round } from "../util.mjs";
import { progress, SETTINGS } from "./settings.mjs";

/** Warm-up, then one measured run: p50, p99, req/s (2xx only), the server's peak RSS. */
export async function measure(name, target, sampler, { warmupS = SETTINGS.warmupS } = {}) {
  const options = { connections: SETTINGS.connections, ...target.options };
  await autocannon({ url: target.url, ...options, duration: warmupS });
  sampler?.reset();
  const result = await autocannon({ url: target.url, ...options, duration: SETTINGS.durationS });
  const figure = {
    name,
    rps: round(result["2xx"] / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    peakRssMb: sampler ? round(sampler.peak() / MB, 1) : null,
  };
  if (figure.failed && !target.options?.requests) {
    // Show why: one request, its status and the start of its body.
    const res = await fetch(target.url, { headers: target.options?.headers });
    figure.failure = `HTTP ${res.status} ${(await res.text()).slice(0, 200)}`;
    progress(`  ${name}: ${figure.failure}`);
  }
  progress(
    `  ${name}: ${figure.rps} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms${figure.failed ? `, ${figure.failed} FAILED` : ""}${figure.peakRssMb ? `, peak RSS ${figure.peakRssMb} MB` : ""}`,
  );
  return figure;
}

/** A statement executed back to back from `clients` connections for `seconds`: statements/s. */
export async function dbThroughput(databaseUrl, statement, clients, seconds) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: clients });
  pool.on("error", () => {});
  try {
    // Warm-up (and a plan cached per connection where the statement has one).
    await Promise.all(Array.from({ length: clients }, () => pool.query(statement.sql, statement.params)));
    let count = 0;
    const until = performance.now() + seconds * 1000;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        const client = await pool.connect();
        try {
          while (performance.now() < until) {
            await client.query(statement.sql, statement.params);
            count += 1;
          }
        } finally {
          client.release();
        }
      }),
    );
    return round(count / ((performance.now() - t0) / 1000));
  } finally {
    await pool.end();
  }
}

/**
 * PostgreSQL's own time for the statements whose text is LIKE `pattern` since the last
 * `pg_stat_statements_reset()`: calls and the mean planning and execution time per call, in ms (a
 * PL/pgSQL function's statements count inside its own). pg_stat_statements keeps a statement's
 * text with its literals replaced by $n, hence a pattern.
 */
export async function statementTime(pool, pattern) {
  const { rows } = await pool.query(
    `select sum(calls)::float8 as calls,
       sum(total_plan_time) / nullif(sum(calls), 0) as plan_ms,
       sum(total_exec_time) / nullif(sum(calls), 0) as exec_ms
     from pg_stat_statements where query like $1`,
    [pattern],
  );
  const row = rows[0];
  if (!row?.calls) return null;
  return {
    calls: row.calls,
    planMs: round(row.plan_ms, 3),
    execMs: round(row.exec_ms, 3),
    totalMs: round(row.plan_ms + row.exec_ms, 3),
  };
}

/**
 * After a growth: a checkpoint now rather than in a measured run, then one second of every read, so
 * that none is measured first on freshly written pages (the first read after a growth used to be
 * the slowest of its stage at every size, whatever it was).
 */
export async function settle(pool, reads) {
  await pool.query("checkpoint");
  for (const [, target] of reads) {
    await autocannon({ url: target.url, connections: SETTINGS.connections, ...target.options, duration: 1 });
  }
}
