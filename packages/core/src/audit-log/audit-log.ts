/** Kinds of actor an audit entry names. */
export const AUDIT_ACTOR_TYPES = ["member", "api_key", "operator"] as const;

/** Who acted: a member of the team, one of its API keys, or the operator (admin API, CLI). */
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** The actor of an audit entry; `label` is what a person reads (an e-mail, a key prefix, `operator`). */
export interface AuditActor {
  type: AuditActorType;
  /** The member's or key's id; null for the operator. */
  id: string | null;
  label: string;
}

/** The actions the log records (more are added as features arrive; the list only grows). */
export const AUDIT_ACTIONS = [
  "member.signed_in",
  "member.sign_in_failed",
  "member.signed_out",
  "member.signed_out_everywhere",
  "member.password_changed",
  "member.invited",
  "member.invite_revoked",
  "member.joined",
  "member.role_changed",
  "member.removed",
  "member.2fa_enabled",
  "member.2fa_disabled",
  "member.2fa_recovery_code_used",
  "member.2fa_recovery_codes_replaced",
  "team.2fa_policy_changed",
  "member.password_reset_requested",
  "member.password_reset",
  "api_key.created",
  "api_key.rolled",
  "api_key.revoked",
  "order.deleted",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  "webhook.resent",
  "webhook.recovery_started",
  "webhook.test_sent",
  "webhook.secret_viewed",
] as const;

/** One recorded action. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an action was done to. */
export interface AuditTarget {
  /** `member`, `invite`, `api_key`, `session`, `order`. */
  type: string;
  id: string;
  /** What a person reads: an e-mail, a key prefix and name. */
  label: string;
}

/** Where a request came from, kept with its audit entries. */
export interface RequestOrigin {
  /** The client's IP address, or null when unknown. */
  ip: string | null;
  /** The User-Agent header (cut to 500 characters), or null. */
  userAgent: string | null;
}

/** One entry of the audit log. */
export interface AuditEntry extends RequestOrigin {
  id: string;
  teamId: string;
  createdAt: Date;
  actor: AuditActor;
  action: AuditAction;
  target: AuditTarget | null;
  /** A few words more (`"role: viewer -> developer"`, `"overlap: 1 h"`), or null. */
  detail: string | null;
}

/** What the audit log can be filtered by (all optional; combined with AND). */
export interface AuditFilter {
  action?: AuditAction;
  actorType?: AuditActorType;
}

/** The operator as an actor (admin API, CLI). */
export const OPERATOR_ACTOR: AuditActor = Object.freeze({ type: "operator", id: null, label: "operator" });

/** Longest user agent kept. */
export const MAX_USER_AGENT_LENGTH = 500;

/** A request origin with the user agent cut to its stored length. */
export function requestOrigin(ip: string | null | undefined, userAgent: string | null | undefined): RequestOrigin {
  return { ip: ip || null, userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT_LENGTH) : null };
}
