import type { Database } from "@marketplace/adapters-postgres";
import { randomUuid } from "@marketplace/core";
import { generateWebhookSecret } from "@marketplace/core/webhooks";
import type { Kysely } from "kysely";

/**
 * Registers a webhook straight in its table (no use case, no URL policy): for worker tests that
 * run on a database of their own without the HTTP app.
 */
export async function insertWebhook(
  db: Kysely<Database>,
  input: { teamId: string; url: string; events: string[]; isActive?: boolean },
): Promise<{ id: string; secret: string }> {
  const id = randomUuid();
  const secret = generateWebhookSecret();
  const now = new Date();
  await db
    .insertInto("webhooks")
    .values({
      id,
      team_id: input.teamId,
      url: input.url,
      events: input.events,
      is_active: input.isActive ?? true,
      secret,
      previous_secret: null,
      previous_secret_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, secret };
}

/** A logger that keeps every line, for assertions on what was logged and at which level. */
export function capturingLogger(): {
  logger: import("@marketplace/core").Logger;
  lines: { level: string; message: string; fields?: Record<string, unknown> }[];
} {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => {
    lines.push({ level, message, fields });
    if (process.env.ECHO_TEST_LOGS)
      console.error(new Date().toISOString(), level, message, Object.keys(fields ?? {}).join(","));
  };
  return { logger: { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") }, lines };
}
