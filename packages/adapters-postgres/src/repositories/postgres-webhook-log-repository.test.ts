import { randomUUID } from "node:crypto";
import type { WebhookDelivery } from "@marketplace/core";
import { sql } from "kysely";
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
