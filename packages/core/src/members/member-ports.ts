/**
 * What the members feature needs from the outside: storage of members, invites and sessions, and a
 * password hasher (argon2id in `@marketplace/dashboard`; the core stays free of dependencies).
 *
 * @module
 */

import type {
  Invite,
  Member,
  MemberRole,
  MemberSession,
  StoredInvite,
  StoredMember,
  StoredSession,
} from "./member-types.ts";

/** How a read locks the rows it returns (as the unit of work's `ReadOptions`). */
export interface MemberReadOptions {
  /** Lock the rows read until the transaction ends (`SELECT … FOR UPDATE`). */
  forUpdate?: boolean;
}

/** Stores members. */
export interface MemberRepository {
  /** Inserts a member; ConflictError when the e-mail is taken. */
  insert(member: StoredMember): Promise<void>;
  /** The member with this e-mail (lower case), whatever the team, or null. */
  findByEmail(email: string): Promise<StoredMember | null>;
  /** The team's member with this id, or null (also another team's). */
  findById(teamId: string, id: string, options?: MemberReadOptions): Promise<StoredMember | null>;
  /** The team's members, oldest first. */
  listByTeam(teamId: string): Promise<Member[]>;
  /** How many owners the team has (locked with `forUpdate`, so two changes cannot both remove the last). */
  countOwners(teamId: string, options?: MemberReadOptions): Promise<number>;
  /** Sets the role; the member, or null when the team has none such. */
  updateRole(teamId: string, id: string, role: MemberRole, at: Date): Promise<Member | null>;
  /** Sets the password hash. */
  updatePassword(id: string, passwordHash: string, at: Date): Promise<void>;
  /** Deletes the member and its sessions; false when the team has none such. */
  delete(teamId: string, id: string): Promise<boolean>;
}

/** Stores invites. */
export interface InviteRepository {
  /** Inserts an invite. */
  insert(invite: StoredInvite): Promise<void>;
  /** The invite with this token hash, or null. */
  findByTokenHash(tokenHash: string, options?: MemberReadOptions): Promise<StoredInvite | null>;
  /** Marks it used at `at`; false when it was used already (single use, race-free). */
  markAccepted(id: string, at: Date): Promise<boolean>;
  /** The team's invites neither used nor expired at `now`, newest first. */
  listPending(teamId: string, now: Date): Promise<Invite[]>;
  /** Deletes an unused invite of the team; the invite, or null. */
  delete(teamId: string, id: string): Promise<Invite | null>;
}

/** Stores sessions. */
export interface SessionRepository {
  /** Inserts a session. */
  insert(session: StoredSession): Promise<void>;
  /** The session with this token hash and its member, or null (ended, or its member removed). */
  findByTokenHash(tokenHash: string): Promise<{ session: MemberSession; member: Member } | null>;
  /** Records activity at `at`. */
  touch(id: string, at: Date): Promise<void>;
  /** Ends one session of the member; false when it has none such. */
  end(memberId: string, id: string): Promise<boolean>;
  /** Ends every session of the member but `exceptId`; how many ended. */
  endAll(memberId: string, exceptId?: string): Promise<number>;
  /** The member's sessions still valid at `now` (idle `idleMs`), most recent first. */
  listActive(memberId: string, now: Date, idleMs: number): Promise<MemberSession[]>;
}

/** Hashes and verifies passwords (argon2id with OWASP's parameters in `@marketplace/dashboard`). */
export interface PasswordHasher {
  /** A self-describing hash (PHC string) of the password, with a fresh salt. */
  hash(password: string): Promise<string>;
  /** True when the password matches the hash; false (never a throw) for a malformed hash. */
  verify(hash: string, password: string): Promise<boolean>;
}
