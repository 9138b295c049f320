/**
 * Audit log entries to JSON.
 *
 * @module
 */

import type { AuditEntry } from "@marketplace/core";

export function auditEntryJson(entry: AuditEntry) {
  return {
    id: entry.id,
    createdAt: entry.createdAt.toISOString(),
    actor: entry.actor,
    action: entry.action,
    target: entry.target,
    detail: entry.detail,
    ip: entry.ip,
    userAgent: entry.userAgent,
  };
}
