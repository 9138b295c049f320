/**
 * What the members feature needs from the outside: storage of members, invites and sessions, and a
 * password hasher (argon2id in `@marketplace/dashboard`; the core stays free of dependencies).
 *
 * @module
 */

import type {
  AuthenticatedSession,
  Invite,
  Member,
  MemberRole,
  MemberSession,
  MemberTotp,
  PasswordReset,
  SignInChallenge,
  StoredInvite,
  StoredMember,
  StoredSession,
} from "./types.ts";

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
  /**
   * Inserts a session with every field given, `reauthenticatedAt` included (absent: null, no step-up
   * yet), so a session read back is the session stored.
   */
  insert(session: StoredSession): Promise<void>;
  /**
   * The session with this token hash, its member and their two-factor state, or null (ended, or its
   * member removed).
   */
  findByTokenHash(tokenHash: string): Promise<AuthenticatedSession | null>;
  /** Records activity at `at`. */
  touch(id: string, at: Date): Promise<void>;
  /** Records a step-up sign-in (password, and code with two-factor) inside the session at `at`. */
  markReauthenticated(id: string, at: Date): Promise<void>;
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

/**
 * Stores two-factor sign-in: authenticators (the secret sealed at rest when the host configures a
 * key-encryption keyring), recovery codes (hashes), sign-in challenges (token hashes) and the team's
 * policy.
 */
export interface TwoFactorRepository {
  /** The member's authenticator, pending or enabled, or null. */
  findTotp(memberId: string): Promise<MemberTotp | null>;
  /** Stores a new pending secret (replacing a pending one); false when one is enabled already. */
  savePendingTotp(memberId: string, secret: string, at: Date): Promise<boolean>;
  /** Enables the pending authenticator with the step of the code that confirmed it; false when none is pending. */
  enableTotp(memberId: string, step: number, at: Date): Promise<boolean>;
  /**
   * Records that a code of time step `step` was accepted; false when a code of this step or a later
   * one was accepted already (a replay), race-free, and when the member has no enabled authenticator.
   */
  useStep(memberId: string, step: number): Promise<boolean>;
  /** Removes the authenticator and the recovery codes; false when there was none. */
  deleteTotp(memberId: string): Promise<boolean>;
  /** Replaces the member's recovery codes with these hashes. */
  replaceRecoveryCodes(memberId: string, codeHashes: readonly string[], at: Date): Promise<void>;
  /** Marks the unused code of this hash used; false when there is none such (wrong, or used). */
  useRecoveryCode(memberId: string, codeHash: string, at: Date): Promise<boolean>;
  /** How many recovery codes the member has left. */
  countRecoveryCodes(memberId: string): Promise<number>;
  /** Stores a sign-in challenge. */
  insertChallenge(challenge: SignInChallenge & { tokenHash: string }): Promise<void>;
  /** The challenge of this token hash with its member, or null. */
  findChallenge(tokenHash: string): Promise<(SignInChallenge & { member: Member }) | null>;
  /** Deletes a challenge; false when it was gone already (single use, race-free). */
  deleteChallenge(id: string): Promise<boolean>;
  /** Whether the team requires two-factor sign-in of every member. */
  teamRequiresTwoFactor(teamId: string): Promise<boolean>;
  /** Sets the team's policy. */
  setTeamRequiresTwoFactor(teamId: string, required: boolean, at: Date): Promise<void>;
  /** Ids of the team's members with an enabled authenticator. */
  enabledMemberIds(teamId: string): Promise<string[]>;
}

/** Stores password reset links. */
export interface PasswordResetRepository {
  insert(reset: PasswordReset): Promise<void>;
  /** The reset of this token hash with its member, or null. */
  findByTokenHash(tokenHash: string): Promise<(PasswordReset & { member: Member }) | null>;
  /** Marks it used at `at`; false when it was used already (single use, race-free). */
  markUsed(id: string, at: Date): Promise<boolean>;
}

/**
 * Time-based one-time passwords (RFC 6238: SHA-1, 6 digits, 30 s), from a well-kept library in the
 * host or the dashboard (`otpauthTotp()` of `@marketplace/dashboard`); the core stays free of
 * dependencies.
 */
export interface TotpAuthenticator {
  /** A new random shared secret (160 bits), base32. */
  newSecret(): string;
  /** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
  uri(secret: string, label: { issuer: string; account: string }): string;
  /**
   * The time step of `code` if it is valid at `at` for this secret (one step either side is
   * accepted, for clock drift), else null.
   */
  match(secret: string, code: string, at: Date): number | null;
}

/** An e-mail to send. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends e-mail (SMTP, a development inbox, or the log: the host decides). */
export interface Mailer {
  /** Sends the message; rejects when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
}

/** What a team has done so far (the dashboard's home page). */
export interface TeamProgress {
  /** At least one webhook registered. */
  webhook: boolean;
  /** At least one offer published (active, not deleted). */
  publishedOffer: boolean;
  /** A storefront set up. */
  storefront: boolean;
  /** At least one order placed as a reseller. */
  order: boolean;
}

/** Reads a team's progress (one statement). */
export interface OnboardingRepository {
  progress(teamId: string): Promise<TeamProgress>;
}
