import { type Migration, sql } from "kysely";

/**
 * The audit log lists newest first by (created_at, seq, id): `seq` is the write order (an identity
 * column, taken at insert), so entries of one millisecond (an invite accepted and the sign-in it
 * starts, two-factor turned on and its recovery codes) list newest-appended first instead of by
 * their random ids, and the core no longer stamps the second one a millisecond late.
 *
 * Entries written before this migration all get `seq` 0 (a constant default: no rewrite of the
 * table) and so keep their old reading order, (created_at, id), exactly: every listing and every
 * walk under way (a cursor names an entry by id) reads as it did, and the id stays the final
 * tie-break. Numbering them instead (an UPDATE of every row in (created_at, id) order, the
 * append-only trigger off for it) would order nothing differently, and at ten million entries took
 * 202 s, holding every sign-in's audit write behind its lock, and doubled the table (2.0 to 4.1 GB)
 * and its indexes (docs/performance.md).
 *
 * The old index (team_id, created_at desc, id desc) is replaced by one on the list's new keys.
 * Built in the migration's transaction, which holds writes to the log for the build: the whole
 * migration took 5.3 s at ten million entries on 2 shared cores.
 */
export const auditLogWriteOrder: Migration = {
  async up(db) {
    await sql`
      alter table audit_log add column seq bigint not null default 0;
      alter table audit_log alter column seq drop default;
      alter table audit_log alter column seq add generated always as identity;
      drop index audit_log_team;
      create index audit_log_team on audit_log (team_id, created_at desc, seq desc, id desc);
    `.execute(db);
  },
  async down(db) {
    await sql`
      drop index audit_log_team;
      alter table audit_log drop column seq;
      create index audit_log_team on audit_log (team_id, created_at desc, id desc);
    `.execute(db);
  },
};
