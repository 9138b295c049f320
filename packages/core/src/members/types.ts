/**
 * Members of a team (the people who sign in to the dashboard), their invites and sessions.
 *
 * - member: a person with an e-mail and a role in exactly one team;
 * - invite: a single-use link that lets a person with that e-mail join the team, expiring;
 * - session: a signed-in browser, held server-side; the cookie carries a random token whose hash
 *   is the only thing stored.
 *
 * @module
 */

/** A member's role in the team. */
export const MEMBER_ROLES = ["owner", "developer", "operations", "viewer"] as const;

/**
 * `owner`: everything, including members and security policy; `developer`: API keys and webhooks;
 * `operations`: offers, orders, customers; `viewer`: read-only.
 */
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** A member of a team. */
export interface Member {
  id: string;
  teamId: string;
  /** Lower case, unique across the service (a person signs in with it). */
  email: string;
  role: MemberRole;
  createdAt: Date;
  updatedAt: Date;
}

/** A member as stored, with the password hash (a PHC string). */
export interface StoredMember extends Member {
  passwordHash: string;
}

/** An invite to join a team. */
export interface Invite {
  id: string;
  teamId: string;
  email: string;
  role: MemberRole;
  /** Who invited, as a person reads it (an e-mail, `operator`). */
  invitedBy: string;
  createdAt: Date;
  expiresAt: Date;
  /** When it was used; an invite is used at most once. */
  acceptedAt: Date | null;
}

/** An invite as stored: the token only as its hash. */
export interface StoredInvite extends Invite {
  tokenHash: string;
}

/** A signed-in browser of a member. */
export interface MemberSession {
  id: string;
  memberId: string;
  teamId: string;
  createdAt: Date;
  /** Last request seen (written at most once a minute); the idle timeout counts from it. */
  lastSeenAt: Date;
  /** The absolute end, whatever the activity. */
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** The last step-up sign-in inside the session (password, and code with two-factor); null or absent: none. */
  reauthenticatedAt?: Date | null;
}

/** A session as stored: the token only as its hash. */
export interface StoredSession extends MemberSession {
  tokenHash: string;
}

/** A session found by its token, with its member. */
export interface AuthenticatedSession {
  session: MemberSession;
  member: Member;
  /**
   * The member's two-factor sign-in: `enabled` when they confirmed an authenticator, `required` when
   * their team requires it of every member (the dashboard then sends them to enrolment first).
   */
  twoFactor: { enabled: boolean; required: boolean };
}

/** A member's authenticator (TOTP) as stored; the secret opened (it is sealed at rest). */
export interface MemberTotp {
  memberId: string;
  /** The shared secret, base32. */
  secret: string;
  createdAt: Date;
  /** When the member confirmed it with a code; null while enrolment is pending. */
  enabledAt: Date | null;
  /** The last time step a code was accepted for (a code is never accepted twice); null before. */
  lastUsedStep: number | null;
}

/** The pending second step of a sign-in whose password was right. */
export interface SignInChallenge {
  id: string;
  memberId: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A password reset link as stored: the token only as its hash. */
export interface PasswordReset {
  id: string;
  memberId: string;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}
