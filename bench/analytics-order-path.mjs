/**
 * The order path with and without the analytics triggers (bench/analytics.mjs, part 2): rounds of
 * `orders.place` alternating the triggers on and off (ABBA: on/off, off/on, …), each round measured
 * twice:
 *
 * - **wall time** per order (what a caller waits; on a shared machine it moves with the load);
 * - **PostgreSQL CPU time** per order: the CPU the server's processes spent in the round, read from
 *   `/proc/<pid>/schedstat` (nanoseconds on a CPU; utime + stime of `/proc/<pid>/stat` where
 *   schedstat is missing) for every process `pg_stat_activity` lists, before and after the round.
 *   `backend` is the client backends (the connections placing orders: the triggers run there, in
 *   the order's own transaction); `server` adds the background processes (WAL writer, checkpointer,
 *   autovacuum, …), whose share of the extra rows shows there. CPU time counts the work done, not the
 *   time spent waiting for a core, so other sessions' load changes it far less than wall time.
 *
 * Each side's rounds give a median and a spread (min–max, and p25–p75); the paired ratio is each
 * "on" round over the "off" round next to it, and its median and p25–p75 are reported: the 5 %
 * budget is met when the ratio's median is ≤ 1.05, and shown when its p75 is too.
 *
 * @module
 */

import { readFileSync } from "node:fs";
import { median, percentile, round } from "./util.mjs";

const ANALYTICS_TRIGGERS = [
  ["order_items", "order_items_analytics_insert"],
  ["order_items", "order_items_analytics_update"],
  ["orders", "orders_analytics_delete"],
];

/** CPU time a process has used so far, in ns: schedstat's first field, else utime + stime; null when gone. */
function cpuNsOf(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
  } catch {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(fields[11]) + Number(fields[12])) * 1e7;
    } catch {
      return null;
    }
  }
}

/** CPU of the server's processes now: { backend, server } in ns, and the pids read. */
async function serverCpu(pool) {
  const { rows } = await pool.query("select pid, backend_type from pg_stat_activity where pid is not null");
  const sample = new Map();
  for (const row of rows) {
    const ns = cpuNsOf(row.pid);
    if (ns !== null) sample.set(row.pid, { ns, backend: row.backend_type === "client backend" });
  }
  return sample;
}

/** CPU spent between two samples: a process missing from `before` (started since) counts from 0. */
function spent(before, after) {
  let backend = 0;
  let server = 0;
  for (const [pid, now] of after) {
    const delta = now.ns - (before.get(pid)?.ns ?? 0);
    server += delta;
    if (now.backend) backend += delta;
  }
  return { backend, server };
}

const spread = (values, digits) => ({
  median: round(median(values), digits),
  min: round(Math.min(...values), digits),
  max: round(Math.max(...values), digits),
  p25: round(percentile(values, 25), digits),
  p75: round(percentile(values, 75), digits),
});

/**
 * Runs `rounds` pairs of rounds of `perRound` orders (`place()` each) with `concurrency` callers.
 * The pool must keep its connections (`idleTimeoutMillis: 0`), so the backends measured are the
 * ones that placed the orders.
 */
export async function measureOrderPath({ pool, place, rounds, perRound, concurrency, progress }) {
  const setTriggers = async (on) => {
    for (const [table, trigger] of ANALYTICS_TRIGGERS) {
      await pool.query(`alter table ${table} ${on ? "enable" : "disable"} trigger ${trigger}`);
    }
  };
  const round_ = async () => {
    let next = 0;
    const before = await serverCpu(pool);
    const node = process.cpuUsage();
    const started = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < perRound) {
          next += 1;
          await place();
        }
      }),
    );
    const wall = Number(process.hrtime.bigint() - started) / 1e3 / perRound;
    const nodeCpu = process.cpuUsage(node);
    const cpu = spent(before, await serverCpu(pool));
    return {
      wall,
      backend: cpu.backend / 1e3 / perRound,
      server: cpu.server / 1e3 / perRound,
      node: (nodeCpu.user + nodeCpu.system) / perRound,
    };
  };
  await round_(); // warm-up: every connection of the pool opened and used
  const on = [];
  const off = [];
  for (let r = 0; r < rounds; r++) {
    for (const enabled of r % 2 === 0 ? [true, false] : [false, true]) {
      await setTriggers(enabled);
      (enabled ? on : off).push(await round_());
    }
    progress(`order path round ${r + 1}/${rounds}: on ${JSON.stringify(on.at(-1))} off ${JSON.stringify(off.at(-1))}`);
  }
  await setTriggers(true);
  const measure = (key) => {
    const ratios = on.map((value, index) => value[key] / off[index][key]);
    return {
      withRollups: spread(
        on.map((v) => v[key]),
        0,
      ),
      without: spread(
        off.map((v) => v[key]),
        0,
      ),
      pairedRatio: spread(ratios, 3),
      ratioOfMedians: round(median(on.map((v) => v[key])) / median(off.map((v) => v[key])), 3),
    };
  };
  return {
    unit: "µs per order",
    rounds: { on: rounds, off: rounds, ordersPerRound: perRound, concurrency },
    wall: measure("wall"),
    backendCpu: measure("backend"),
    serverCpu: measure("server"),
    nodeCpu: measure("node"),
  };
}

/**
 * The insert trigger alone: one connection inserts an order with 3 items in one statement (as
 * `orders.place` does), rolled back each time, `rounds` ABBA pairs of `perRound` inserts with the
 * insert trigger on and off, and that backend's CPU per insert (schedstat). What the trigger costs,
 * without the rest of the order path around it.
 */
export async function measureTriggerStatement({ pool, rounds, perRound, progress }) {
  const client = await pool.connect();
  try {
    const pid = (await client.query("select pg_backend_pid() as pid")).rows[0].pid;
    const item = (
      await client.query(
        "select o.reseller_team_id, i.provider_team_id, i.offer_id, i.offer_snapshot from order_items i join orders o on o.id = i.order_id limit 1",
      )
    ).rows[0];
    const insert = `with o as (
        insert into orders (id, reseller_team_id, customer, service_address, is_training, status, total_monthly, created_at, updated_at)
        values (gen_random_uuid(), $1, '{}', '{}', false, 'pending', 1, now(), now()) returning id)
      insert into order_items (id, order_id, position, provider_team_id, offer_id, status, is_training, offer_snapshot, created_at, updated_at)
      select gen_random_uuid(), o.id, k, $2, $3, 'pending', false, $4, now(), now() from o, generate_series(0, 2) k`;
    const parameters = [item.reseller_team_id, item.provider_team_id, item.offer_id, item.offer_snapshot];
    const run = async () => {
      const before = cpuNsOf(pid);
      for (let k = 0; k < perRound; k++) {
        await client.query("begin");
        await client.query(insert, parameters);
        await client.query("rollback");
      }
      return (cpuNsOf(pid) - before) / 1e3 / perRound;
    };
    const setTrigger = (on) =>
      client.query(`alter table order_items ${on ? "enable" : "disable"} trigger order_items_analytics_insert`);
    await run(); // warm-up
    const on = [];
    const off = [];
    for (let r = 0; r < rounds; r++) {
      for (const enabled of r % 2 === 0 ? [true, false] : [false, true]) {
        await setTrigger(enabled);
        (enabled ? on : off).push(await run());
      }
    }
    await setTrigger(true);
    const ratios = on.map((value, index) => value / off[index]);
    const result = {
      unit: "µs of backend CPU per insert of an order and 3 items",
      withTrigger: spread(on, 0),
      without: spread(off, 0),
      pairedDifference: spread(
        on.map((value, index) => value - off[index]),
        0,
      ),
      pairedRatio: spread(ratios, 3),
    };
    progress(`trigger statement ${JSON.stringify(result)}`);
    return result;
  } finally {
    client.release();
  }
}
