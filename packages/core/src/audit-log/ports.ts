/**
 * Ports of the audit log.
 *
 * @module
 */

import type { PageRequest } from "../pagination.ts";
import type { AuditEntry, AuditFilter } from "./audit-log.ts";

/** Stores the audit log; entries are never changed or deleted (the database refuses it). */
export interface AuditLogRepository {
  /** Appends an entry. */
  append(entry: AuditEntry): Promise<void>;
  /** The team's entries matching the filter, newest first, as the page request asks. */
  list(teamId: string, filter: AuditFilter, page: PageRequest): Promise<AuditEntry[]>;
}
