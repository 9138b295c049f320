/**
 * Time-based one-time passwords (RFC 6238) through the `otpauth` library: maintained, typed, and the
 * same code on Node, Deno, Bun and browsers (Web Crypto or its own HMAC; no native build). SHA-1,
 * 6 digits, 30-second steps: what every authenticator app reads from a QR code.
 *
 * @module
 */

import type { TotpAuthenticator } from "@marketplace/core";
import { Secret, TOTP } from "otpauth";

/** The step length in seconds. */
const PERIOD_S = 30;

function totpOf(secret: string, label = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * A `TotpAuthenticator` (port of `@marketplace/core`) over `otpauth`: 160-bit secrets, one step of
 * clock drift accepted either side.
 *
 * @example
 * const marketplace = createMarketplace({ unitOfWork, members: { passwordHasher, totp: otpauthTotp() } });
 */
export function otpauthTotp(): TotpAuthenticator {
  return {
    newSecret: () => new Secret({ size: 20 }).base32,
    uri: (secret, { issuer, account }) => totpOf(secret, account, issuer).toString(),
    match(secret, code, at) {
      if (!/^[0-9]{6}$/.test(code)) return null;
      const timestamp = at.getTime();
      const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 });
      if (delta === null) return null;
      return Math.floor(timestamp / 1000 / PERIOD_S) + delta;
    },
  };
}
