/**
 * Signing keys and checkpoints the consent ledger's contract stores (made-up keys: the store never
 * checks a signature).
 *
 * @module
 */

import type { StoredConsentCheckpoint, StoredSigningKey } from "../../src/consents/index.ts";
import { randomUuid } from "../../src/ids.ts";

/** A signing key created at `createdAt`, with a private part unless `configured`. */
export function aSigningKey(createdAt: Date, configured = false): StoredSigningKey {
  const kid = `kid-${randomUuid()}`;
  const x = randomUuid().replaceAll("-", "");
  return {
    kid,
    publicJwk: { kty: "OKP", crv: "Ed25519", x, kid, alg: "EdDSA", use: "sig" },
    privateJwk: configured ? null : { kty: "OKP", crv: "Ed25519", x, d: `d-${x}` },
    createdAt,
    retiredAt: null,
  };
}

/** A checkpoint of the team's chain at `seq`, signed with `keyId`. */
export function aCheckpoint(
  providerTeamId: string,
  seq: number,
  keyId: string,
  signedAt: Date,
): StoredConsentCheckpoint {
  return { providerTeamId, seq, hash: `${seq}`.padStart(64, "a"), signedAt, keyId, signature: `sig-${seq}` };
}
