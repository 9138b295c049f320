/**
 * The members feature's rules, as pure functions: what each role may do, what a password must be,
 * how tokens look and are stored, how long invites and sessions live, how sign-in is throttled.
 *
 * @module
 */

import { randomBytes, toBase64Url } from "../crypto.ts";
import type { RateLimitRule } from "../rate-limits/index.ts";
import { sha256HexSync } from "../sha256.ts";
import type { MemberRole } from "./types.ts";

/**
 * What a member may do in the dashboard. `manage_workspace`: the provider's and reseller's daily
 * work (fulfil items, cancel and delete orders, consent reports, storefront and links);
 * `view_webhooks` and `manage_webhooks`: the webhooks portal.
 */
export type MemberPermission =
  | "manage_members"
  | "manage_api_keys"
  | "view_audit_log"
  | "manage_workspace"
  | "view_webhooks"
  | "manage_webhooks";

const PERMISSIONS: Record<MemberRole, readonly MemberPermission[]> = {
  owner: [
    "manage_members",
    "manage_api_keys",
    "view_audit_log",
    "manage_workspace",
    "view_webhooks",
    "manage_webhooks",
  ],
  developer: ["manage_api_keys", "view_audit_log", "view_webhooks", "manage_webhooks"],
  operations: ["manage_workspace", "view_webhooks"],
  viewer: ["view_webhooks"],
};

/**
 * True when `role` grants `permission`.
 *
 * @example
 * memberCan("developer", "manage_api_keys"); // true
 * memberCan("viewer", "manage_members"); // false
 */
export function memberCan(role: MemberRole, permission: MemberPermission): boolean {
  return PERMISSIONS[role].includes(permission);
}

/** Shortest password accepted (NIST SP 800-63B asks at least 8; 12 leaves room without 2FA). */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest password accepted (bounds the hashing work). */
export const MAX_PASSWORD_LENGTH = 256;

// Common passwords of 12 characters or more (from published breach top lists), compared case-insensitively.
const COMMON_PASSWORDS = new Set([
  "123456789012",
  "1234567890123",
  "12345678901234",
  "123456789123",
  "111111111111",
  "000000000000",
  "123123123123",
  "qwertyuiop12",
  "qwertyuiopasdfgh",
  "qwerty123456",
  "1q2w3e4r5t6y",
  "1qaz2wsx3edc",
  "password1234",
  "password12345",
  "password123456",
  "passwordpassword",
  "password1!password1!",
  "iloveyou1234",
  "letmein12345",
  "welcome12345",
  "administrator",
  "administrator1",
  "changeme1234",
  "abcdefghijkl",
  "abc123abc123",
  "abcd1234abcd",
  "aaaaaaaaaaaa",
  "asdfghjkl123",
  "zxcvbnm12345",
  "trustno1trustno1",
  "football1234",
  "baseball1234",
  "sunshine1234",
  "princess1234",
  "superman1234",
  "starwars1234",
  "monkey123456",
  "dragon123456",
  "master123456",
  "marketplace1",
  "marketplace123",
]);

/**
 * Problems with a new password (empty when acceptable): at least 12 and at most 256 characters, not
 * a common password, not the e-mail address.
 *
 * @example
 * passwordProblems("password1234", "ana@example.com"); // ["password is too common: choose another one"]
 */
export function passwordProblems(password: string, email: string): string[] {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return [`password must have at least ${MIN_PASSWORD_LENGTH} characters`];
  if (length > MAX_PASSWORD_LENGTH) return [`password must have at most ${MAX_PASSWORD_LENGTH} characters`];
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return ["password is too common: choose another one"];
  if (lower === email.toLowerCase() || lower === email.toLowerCase().split("@")[0]) {
    return ["password must not be your e-mail address"];
  }
  return [];
}

/** How long an invite is valid by default: 72 hours. */
export const INVITE_TTL_MS = 72 * 60 * 60 * 1000;
/** A session ends after this long without a request: 30 minutes. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** A session ends this long after sign-in, whatever the activity: 12 hours. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** How often a session's activity is written at most. */
export const SESSION_TOUCH_RESOLUTION_MS = 60 * 1000;

/** Sign-in attempts admitted per account (e-mail) and per client IP, over sliding windows. */
export const SIGN_IN_LIMITS = Object.freeze({
  "dashboard.sign_in.account": { limit: 10, windowMs: 15 * 60 * 1000 },
  "dashboard.sign_in.ip": { limit: 50, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>);

/** The overlaps offered when a key is rolled: the old key stays valid this long. */
export const API_KEY_ROLL_OVERLAPS_MS = Object.freeze({
  now: 0,
  "1h": 60 * 60 * 1000,
  "24h": 24 * 60 * 60 * 1000,
  "7d": 7 * 24 * 60 * 60 * 1000,
} as const);

/** A roll overlap's name. */
export type ApiKeyRollOverlap = keyof typeof API_KEY_ROLL_OVERLAPS_MS;

/**
 * Second steps of sign-in (a TOTP or recovery code) admitted per account and per client IP; a
 * wrong code also counts against the account's sign-in window, so a guesser gains nothing by
 * alternating.
 */
export const TWO_FACTOR_LIMITS = Object.freeze({
  "dashboard.two_factor.account": { limit: 10, windowMs: 15 * 60 * 1000 },
  "dashboard.two_factor.ip": { limit: 50, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>);

/** Password reset requests admitted per e-mail address and per client IP. */
export const PASSWORD_RESET_LIMITS = Object.freeze({
  "dashboard.password_reset.account": { limit: 3, windowMs: 60 * 60 * 1000 },
  "dashboard.password_reset.ip": { limit: 20, windowMs: 60 * 60 * 1000 },
} as const satisfies Record<string, RateLimitRule>);

/** How long the second step of a sign-in may wait for its code: 5 minutes. */
export const SIGN_IN_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** How long a password reset link works: 30 minutes. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
/** How many recovery codes a member gets when turning two-factor sign-in on. */
export const RECOVERY_CODE_COUNT = 10;

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/**
 * A new recovery code as people read it: two groups of five characters (`k7m2p-xq9rt`), without the
 * look-alikes 0/o, 1/l/i (about 49 bits).
 */
export function generateRecoveryCode(): string {
  const bytes = randomBytes(10);
  let code = "";
  for (const [index, byte] of bytes.entries()) {
    // 31 symbols: a byte modulo 31 is biased by under 1 %, harmless for a throttled single-use code.
    code += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    if (index === 4) code += "-";
  }
  return code;
}

/** A typed recovery code in the form it is hashed: lower case, without spaces and dashes. */
export function normalizeRecoveryCode(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, "");
}

/** True when `typed` looks like a recovery code (10 symbols of the alphabet, dashes and spaces aside). */
export function looksLikeRecoveryCode(typed: string): boolean {
  return /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(typed));
}

/** A typed authenticator code without spaces (`123 456` → `123456`), or null when it is not 6 digits. */
export function normalizeTotpCode(typed: string): string | null {
  const digits = typed.replace(/\s/g, "");
  return /^[0-9]{6}$/.test(digits) ? digits : null;
}

/** Token prefixes: session, invite, sign-in challenge, password reset. */
export type TokenPrefix = "ms_" | "mi_" | "mc_" | "mr_";

/** A new secret token (`prefix` + 32 random bytes in base64url) and the hash that is stored of it. */
export function generateToken(prefix: TokenPrefix): { token: string; hash: string } {
  const token = prefix + toBase64Url(randomBytes(32));
  return { token, hash: hashToken(token) };
}

/** The stored form of a session or invite token: lowercase hex SHA-256. */
export function hashToken(token: string): string {
  return sha256HexSync(token);
}

/** True when `token` has the shape `generateToken(prefix)` gives (checked before any lookup). */
export function isWellFormedToken(token: string, prefix: TokenPrefix): boolean {
  return token.length === 46 && token.startsWith(prefix) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(3));
}

/** E-mail addresses are compared in lower case, without surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
