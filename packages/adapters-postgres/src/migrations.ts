/**
 * The schema, as ordered migrations kept in code (one file each under `migrations/`, listed here, so
 * they ship inside the bundle), applied with Kysely's migrator under its advisory lock: several
 * processes may start at once.
 *
 * @module
 */

import type { Logger } from "@marketplace/core";
import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";
import { foundation } from "./migrations/0001-foundation.ts";
import { catalog } from "./migrations/0002-catalog.ts";
import { webhooks } from "./migrations/0003-webhooks.ts";
import { catalogSearch } from "./migrations/0004-catalog-search.ts";
import { orders } from "./migrations/0005-orders.ts";
import { storefrontConsents } from "./migrations/0006-storefront-consents.ts";
import { eventDeliveryHints } from "./migrations/0007-event-delivery-hints.ts";
import { apiKeyChanges } from "./migrations/0008-api-key-changes.ts";
import { catalogSearchWindows } from "./migrations/0009-catalog-search-windows.ts";
import { targetedOutboxEntries } from "./migrations/0010-targeted-outbox-entries.ts";
import { deferredOutboxEntries } from "./migrations/0011-deferred-outbox-entries.ts";
import { catalogSearchEntries } from "./migrations/0012-catalog-search-entries.ts";
import { consentLedger } from "./migrations/0013-consent-ledger.ts";
import { eventReads } from "./migrations/0014-event-reads.ts";
import { webhookHealth } from "./migrations/0015-webhook-health.ts";
import { eventTraceparent } from "./migrations/0016-event-traceparent.ts";
import { webhookRecovery } from "./migrations/0017-webhook-recovery.ts";
import { retentionIndexes } from "./migrations/0018-retention-indexes.ts";
import { logWithoutEventKeys } from "./migrations/0019-log-without-event-keys.ts";
import { teamEvents } from "./migrations/0020-team-events.ts";
import { sealedSecrets } from "./migrations/0021-sealed-secrets.ts";
import { webhookSignatureScheme } from "./migrations/0022-webhook-signature-scheme.ts";
import { orderDeletionAndChannels } from "./migrations/0023-order-deletion-and-channels.ts";
import { analyticsRollups } from "./migrations/0024-analytics-rollups.ts";
import { members } from "./migrations/0025-members.ts";
import { twoFactorAndResets } from "./migrations/0026-two-factor-and-resets.ts";
import { webhooksPortal } from "./migrations/0027-webhooks-portal.ts";
import { analyticsTrainingAndMonths } from "./migrations/0028-analytics-training-and-months.ts";
import { trainingOrdersIndex } from "./migrations/0029-training-orders-index.ts";
import { stepUpAndPortalTheme } from "./migrations/0030-step-up-and-portal-theme.ts";
import { webhookHealthHourly } from "./migrations/0031-webhook-health-hourly.ts";
import { analyticsShiftedDays } from "./migrations/0032-analytics-shifted-days.ts";
import { analyticsZeroPeriods } from "./migrations/0033-analytics-zero-periods.ts";
import { webhookLogCoveringIndex } from "./migrations/0034-webhook-log-covering-index.ts";
import { auditLogWriteOrder } from "./migrations/0035-audit-log-write-order.ts";
import type { Database } from "./schema.ts";

const migrations: Record<string, Migration> = {
  "0001_foundation": foundation,
  "0002_catalog": catalog,
  "0003_webhooks": webhooks,
  "0004_catalog_search": catalogSearch,
  "0005_orders": orders,
  "0006_storefront_consents": storefrontConsents,
  "0007_event_delivery_hints": eventDeliveryHints,
  "0008_api_key_changes": apiKeyChanges,
  "0009_catalog_search_windows": catalogSearchWindows,
  "0010_targeted_outbox_entries": targetedOutboxEntries,
  "0011_deferred_outbox_entries": deferredOutboxEntries,
  "0012_catalog_search_entries": catalogSearchEntries,
  "0013_consent_ledger": consentLedger,
  "0014_event_reads": eventReads,
  "0015_webhook_health": webhookHealth,
  "0016_event_traceparent": eventTraceparent,
  "0017_webhook_recovery": webhookRecovery,
  "0018_retention_indexes": retentionIndexes,
  "0019_log_without_event_keys": logWithoutEventKeys,
  "0020_team_events": teamEvents,
  "0021_sealed_secrets": sealedSecrets,
  "0022_webhook_signature_scheme": webhookSignatureScheme,
  "0023_order_deletion_and_channels": orderDeletionAndChannels,
  "0024_analytics_rollups": analyticsRollups,
  "0025_members": members,
  "0026_two_factor_and_resets": twoFactorAndResets,
  "0027_webhooks_portal": webhooksPortal,
  "0028_analytics_training_and_months": analyticsTrainingAndMonths,
  "0029_training_orders_index": trainingOrdersIndex,
  "0030_step_up_and_portal_theme": stepUpAndPortalTheme,
  "0031_webhook_health_hourly": webhookHealthHourly,
  "0032_analytics_shifted_days": analyticsShiftedDays,
  "0033_analytics_zero_periods": analyticsZeroPeriods,
  "0034_webhook_log_covering_index": webhookLogCoveringIndex,
  "0035_audit_log_write_order": auditLogWriteOrder,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Names of all migrations this version ships, in order. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

/**
 * Applies every pending migration. Throws with the failing migration's error.
 *
 * @example
 * await migrateToLatest(db, { logger });
 */
export async function migrateToLatest(db: Kysely<Database>, options: { logger?: Logger } = {}): Promise<void> {
  // Unordered: a database migrated by a development build that lacked a migration numbered lower
  // than its newest (capabilities land in parallel) still takes the missing one instead of refusing.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Success") options.logger?.info("migration applied", { migration: result.migrationName });
    if (result.status === "Error") options.logger?.error("migration failed", { migration: result.migrationName });
  }
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
}

/**
 * The migrations this version ships that the database has not applied: empty when the schema is
 * current (a readiness check). A database migrated by a newer version has none pending either.
 *
 * @example
 * if ((await pendingMigrations(db)).length > 0) notReady();
 */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const infos = await migrator.getMigrations();
  return infos.filter((info) => info.executedAt === undefined).map((info) => info.name);
}
