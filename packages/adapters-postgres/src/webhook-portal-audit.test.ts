import { sql } from "kysely";
import { afterAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { webhookPortalAuditSuite } from "../../core/test/webhook-portal-audit.ts";
import { PostgresUnitOfWork } from "./postgres-unit-of-work.ts";

// The portal's commands against PostgreSQL, an audit entry refused by the database itself: a
// trigger on audit_log raises, which aborts the whole transaction the entry was appended in.

let database: TestDatabase | undefined;
afterAll(() => database?.drop());

webhookPortalAuditSuite({
  name: "PostgreSQL",
  async open() {
    const opened = await createTestDatabase();
    database = opened;
    const { db } = opened;
    await sql`
      create function refuse_audit_entry() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log refuses entries (test)';
      end $$
    `.execute(db);
    let wakeups = 0;
    return {
      unitOfWork: new PostgresUnitOfWork({ db, onEventsCommitted: () => wakeups++ }),
      async failAudits(on) {
        await sql`drop trigger if exists refuse_audit_entry on audit_log`.execute(db);
        if (on) {
          await sql`create trigger refuse_audit_entry before insert on audit_log
            for each row execute function refuse_audit_entry()`.execute(db);
        }
      },
      async queued(webhookId) {
        const row = await db
          .selectFrom("event_outbox")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("webhook_id", "=", webhookId)
          .executeTakeFirstOrThrow();
        return Number(row.count);
      },
      wakeups: () => wakeups,
    };
  },
});
