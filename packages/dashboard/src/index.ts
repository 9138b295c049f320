/**
 * @marketplace/dashboard: the marketplace's team dashboard as a Hono app any host mounts, the
 * argon2id password hasher its sign-in uses and the TOTP authenticator of its two-factor sign-in.
 * Runs on Node, Deno and Bun (no Node built-ins).
 *
 * @module
 */

export {
  type Argon2idParameters,
  argon2idPasswordHasher,
  OWASP_ARGON2ID,
} from "./argon2id-password-hasher.ts";
export { ASSETS, type Asset, SCRIPT_ASSET, STYLESHEET_ASSET } from "./assets.ts";
export { createDashboard, type DashboardOptions, fieldErrors } from "./create-dashboard.tsx";
export { otpauthTotp } from "./otpauth-totp.ts";
