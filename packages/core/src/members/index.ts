/**
 * The members feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { type ApiKeyUseCases, apiKeyUseCases, type RolledApiKey } from "./api-key-use-cases.ts";
export { auditEntry, authorizeCaller, type Caller, memberCaller, operatorCaller } from "./caller.ts";
export { NEW_INVITE_SCHEMA, type NewInvite, parseNewInvite } from "./input.ts";
export type { IssuedInvite, OpenInvite } from "./invite-use-cases.ts";
export type { MemberOptions } from "./member-options.ts";
export {
  API_KEY_ROLL_OVERLAPS_MS,
  type ApiKeyRollOverlap,
  INVITE_TTL_MS,
  type MemberPermission,
  MIN_PASSWORD_LENGTH,
  memberCan,
} from "./member-rules.ts";
export { type OnboardingUseCases, onboardingUseCases } from "./onboarding-use-cases.ts";
export {
  type PasswordResetRequest,
  type PasswordResetUseCases,
  passwordResetUseCases,
} from "./password-reset-use-cases.ts";
export { type PortalLinkUseCases, portalLinkUseCases } from "./portal-link-use-cases.ts";
export type {
  InviteRepository,
  Mailer,
  MailMessage,
  MemberRepository,
  OnboardingRepository,
  PasswordHasher,
  PasswordResetRepository,
  SessionRepository,
  TeamProgress,
  TotpAuthenticator,
  TwoFactorRepository,
} from "./ports.ts";
export type { SignedIn, SignInResult, SignInSecondStep } from "./session-use-cases.ts";
export {
  type EnrolmentStart,
  type TwoFactorStatus,
  type TwoFactorUseCases,
  twoFactorUseCases,
} from "./two-factor-use-cases.ts";
export {
  type AuthenticatedSession,
  type Invite,
  MEMBER_ROLES,
  type Member,
  type MemberRole,
  type MemberSession,
  type MemberTotp,
  type PasswordReset,
  type SignInChallenge,
  type StoredInvite,
  type StoredMember,
  type StoredSession,
} from "./types.ts";
export { type MemberUseCases, memberUseCases } from "./use-cases.ts";
