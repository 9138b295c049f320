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
  /**
   * The team's entries matching the filter, newest first, as the page request asks; entries of one
   * instant in write order, the last appended first (the SQL adapter's `seq`, the in-memory one's
   * insertion order). The cursor names an entry by id.
   */
  list(teamId: string, filter: AuditFilter, page: PageRequest): Promise<AuditEntry[]>;
}
