/**
 * The kernel's helpers that are not on the package's root (`@marketplace/core/kernel`): money
 * arithmetic on decimal strings, hashing and constant-time comparison, text checks, the page-size
 * rule, and sealing secrets at rest with a `SecretKeyring` (for a storage adapter). The root
 * exports the rest of the kernel: errors, ids, pagination, the logger and the keyring itself.
 *
 * @module
 */

export { sha256Hex, timingSafeEqual, timingSafeEqualText } from "./crypto.ts";
export { requestIdOf } from "./ids.ts";
export { fromCents, isMoney, MAX_CENTS, MONEY_PATTERN, normalizeMoney, sumMoney, toCents } from "./money.ts";
export { isPageSize, PAGE_SIZE_PROBLEM } from "./pagination.ts";
export {
  importSecretKey,
  isSealed,
  openSecret,
  SEALED_PREFIX,
  type SecretKey,
  sealedKeyId,
  sealSecret,
} from "./secret-keyring.ts";
export { sha256HexSync } from "./sha256.ts";
export { isStorableText, isWellFormedText } from "./text.ts";
