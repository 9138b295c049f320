/**
 * The audit-log feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_TYPES,
  type AuditAction,
  type AuditActor,
  type AuditActorType,
  type AuditEntry,
  type AuditFilter,
  type AuditTarget,
  OPERATOR_ACTOR,
  type RequestOrigin,
  requestOrigin,
} from "./audit-log.ts";
export type { AuditLogRepository } from "./ports.ts";
