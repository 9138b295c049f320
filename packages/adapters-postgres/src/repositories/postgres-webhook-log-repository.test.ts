import { randomUUID } from "node:crypto";
import type { WebhookDelivery } from "@marketplace/core";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../../test/helpers/database.ts";
import { PostgresWebhookDeliveryRepository } from "./postgres-webhook-delivery-repository.ts";
import { PostgresWebhookLogRepository } from "./postgres-webhook-log-repository.ts";

// What is PostgreSQL's own in the portal's log: health counts come from the hourly rollup that the
// insert trigger keeps (migration 0031). The log's behaviour (pages, filters, health, timeline,
// recovery) is the contract suite's: core/test/contracts/webhook-log.contract.ts, run on both adapters.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

it("counts health from the hourly rollup, which matches a recount of the attempts", async () => {
  const [team, webhook, event] = [randomUUID(), randomUUID(), randomUUID()];
  const now = new Date();
  await sql`
    insert into teams (id, name, role, created_at, updated_at) values (${team}, 'A', 'provider', ${now}, ${now})
  `.execute(database.db);
  await sql`
    insert into webhooks (id, team_id, url, events, is_active, secret, created_at, updated_at)
      values (${webhook}, ${team}, 'https://a.example/h', '{order.created}', true, 'whsec_a', ${now}, ${now});
  `.execute(database.db);
  const deliveries = new PostgresWebhookDeliveryRepository(database.db);
  const attempt = (i: number, success: boolean): WebhookDelivery => ({
    id: randomUUID(),
    webhookId: webhook,
    teamId: team,
    eventId: event,
    eventType: "order.created",
    attempt: i,
    trigger: "event",
    url: "https://a.example/h",
    statusCode: success ? 200 : 500,
    success,
    responseBody: "",
    durationMs: 5,
    createdAt: new Date(now.getTime() - i * 20 * 60 * 1000),
  });
  for (let i = 1; i <= 5; i += 1) await deliveries.insert(attempt(i, i % 2 === 0));
  const rollup = await sql<{ attempts: number; successes: number; hours: number }>`
    select sum(attempts)::int as attempts, sum(successes)::int as successes, count(*)::int as hours
    from webhook_health_hourly where webhook_id = ${webhook}`.execute(database.db);
  const recount = await sql<{ attempts: number; successes: number }>`
    select count(*)::int as attempts, count(*) filter (where success)::int as successes
    from webhook_deliveries where webhook_id = ${webhook}`.execute(database.db);
  expect(recount.rows[0]).toEqual({ attempts: 5, successes: 2 });
  expect(rollup.rows[0]).toMatchObject(recount.rows[0] ?? {});
  expect(rollup.rows[0]?.hours).toBeGreaterThanOrEqual(2);
  const health = await new PostgresWebhookLogRepository(database.db).health(
    team,
    new Date(now.getTime() - 3 * 3600_000),
  );
  expect(health).toMatchObject([{ webhookId: webhook, attempts: 5, successes: 2 }]);
});

it("reads an endpoint's attempts and successes in a time range from its index alone (migration 0034)", async () => {
  // The part of an hour before health's first whole hour is counted from the log: with `success`
  // (and `status_code`) carried by the (webhook_id, created_at desc, id desc) index, that count is
  // an index-only scan of that index (no heap fetch once the rows are all-visible, after a vacuum).
  const [team, webhook, event] = [randomUUID(), randomUUID(), randomUUID()];
  const now = new Date();
  await sql`
    insert into teams (id, name, role, created_at, updated_at) values (${team}, 'B', 'provider', ${now}, ${now})
  `.execute(database.db);
  // The measured endpoint has a tenth of the log; nine others share the rest.
  const others = Array.from({ length: 9 }, () => randomUUID());
  await sql`
    insert into webhooks (id, team_id, url, events, is_active, secret, created_at, updated_at)
    select id, ${team}, 'https://b.example/h', '{order.created}', true, 'whsec_b', ${now}, ${now}
    from unnest(${[webhook, ...others]}::uuid[]) id
  `.execute(database.db);
  await sql`
    insert into webhook_deliveries (id, webhook_id, team_id, event_id, event_type, attempt, trigger, url,
      status_code, success, response_body, duration_ms, created_at)
    select gen_random_uuid(), (${[webhook, ...others]}::uuid[])[1 + n % 10], ${team}, ${event},
      'order.created', 1, 'event', 'https://b.example/h', 200, n % 3 <> 0, '', 5, ${now}::timestamptz - n * interval '1 second'
    from generate_series(1, 20000) n
  `.execute(database.db);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("vacuum analyze webhook_deliveries");
    // The log's other indexes dropped for the plan (rolled back): the planner's choice is then this
    // index's plain scan or, when the index carries every column the count reads, its index-only
    // scan. At ten million rows it picks the index-only scan unaided (docs/performance.md).
    await client.query("begin");
    await client.query("drop index webhook_deliveries_created_at, webhook_deliveries_team_created_at_id");
    await client.query("set local enable_seqscan = off; set local enable_bitmapscan = off");
    const since = new Date(now.getTime() - 1500_000);
    const until = new Date(now.getTime() - 300_000);
    const { rows } = await client.query(
      `explain (analyze, format json) select count(*), count(*) filter (where d.success) from webhook_deliveries d
       where d.webhook_id = $1 and d.created_at >= $2 and d.created_at < $3`,
      [webhook, since, until],
    );
    const scans: { "Node Type": string; "Index Name"?: string; "Heap Fetches"?: number }[] = [];
    const walk = (node: { Plans?: unknown[] } & Record<string, unknown>) => {
      if (String(node["Node Type"]).includes("Scan")) scans.push(node as never);
      for (const child of node.Plans ?? []) walk(child as never);
    };
    walk(rows[0]["QUERY PLAN"][0].Plan);
    expect(scans).toEqual([
      expect.objectContaining({
        "Node Type": "Index Only Scan",
        "Index Name": "webhook_deliveries_webhook_created_at_id",
      }),
    ]);
  } finally {
    await client.query("rollback");
    await client.end();
  }
});
