/**
 * The Ed25519 keys that sign consent checkpoints, as JWK (RFC 8037), through Web Crypto only (Node
 * 20+, Deno, Bun, browsers). A key's id is its RFC 7638 thumbprint, so the same key always has the
 * same id wherever it was generated or configured.
 *
 * @module
 */

import { canonicalJson } from "../canonical-json.ts";
import { fromBase64Url, toBase64Url, utf8 } from "../crypto.ts";

/** A public signing key as published at `/.well-known/consent-keys.json`. */
export interface ConsentPublicKey {
  kty: "OKP";
  crv: "Ed25519";
  /** The public key, base64url. */
  x: string;
  /** RFC 7638 thumbprint of the key. */
  kid: string;
  alg: "EdDSA";
  use: "sig";
}

/** The published key set (JWKS). */
export interface ConsentKeySet {
  keys: ConsentPublicKey[];
}

/** An Ed25519 private key as JWK: `d` is the private part. */
export interface Ed25519PrivateJwk {
  kty: "OKP";
  crv: "Ed25519";
  x: string;
  d: string;
}

const ED25519 = { name: "Ed25519" } as const;

function isEd25519Jwk(jwk: unknown): jwk is { kty: "OKP"; crv: "Ed25519"; x: string; d?: string } {
  if (typeof jwk !== "object" || jwk === null) return false;
  const key = jwk as Record<string, unknown>;
  return (
    key.kty === "OKP" &&
    key.crv === "Ed25519" &&
    typeof key.x === "string" &&
    fromBase64Url(key.x)?.length === 32 &&
    (key.d === undefined || (typeof key.d === "string" && fromBase64Url(key.d)?.length === 32))
  );
}

/**
 * Checks a configured private key: an Ed25519 JWK with `x` and `d`. Throws a TypeError naming what is wrong.
 *
 * @example
 * const jwk = parsePrivateSigningKey(JSON.parse(configuredText));
 */
export function parsePrivateSigningKey(jwk: unknown): Ed25519PrivateJwk {
  if (!isEd25519Jwk(jwk) || jwk.d === undefined) {
    throw new TypeError(
      'consent signing key must be an Ed25519 private JWK: {"kty":"OKP","crv":"Ed25519","x":…,"d":…}',
    );
  }
  return { kty: "OKP", crv: "Ed25519", x: jwk.x, d: jwk.d };
}

/** RFC 7638 thumbprint (SHA-256, base64url) of an Ed25519 key. */
export async function keyThumbprint(jwk: { x: string }): Promise<string> {
  const members = canonicalJson({ crv: "Ed25519", kty: "OKP", x: jwk.x });
  return toBase64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(members))));
}

/** The published form of a key (private or public JWK in, public JWK with its id out). */
export async function publicKeyOf(jwk: { x: string }): Promise<ConsentPublicKey> {
  return { kty: "OKP", crv: "Ed25519", x: jwk.x, kid: await keyThumbprint(jwk), alg: "EdDSA", use: "sig" };
}

/** A new random Ed25519 key, as a private JWK. */
export async function generateSigningKey(): Promise<Ed25519PrivateJwk> {
  const pair = (await crypto.subtle.generateKey(ED25519, true, ["sign", "verify"])) as CryptoKeyPair;
  return parsePrivateSigningKey(await crypto.subtle.exportKey("jwk", pair.privateKey));
}

/** Signs `message` (UTF-8) with the private JWK; the signature as base64url. */
export async function signWithKey(jwk: Ed25519PrivateJwk, message: string): Promise<string> {
  const key = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: jwk.x, d: jwk.d }, ED25519, false, [
    "sign",
  ]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign(ED25519, key, utf8(message))));
}

/** Whether `signature` (base64url) is the key's signature of `message`; false for a malformed key or signature. */
export async function verifyWithKey(jwk: unknown, message: string, signature: string): Promise<boolean> {
  if (!isEd25519Jwk(jwk)) return false;
  const bytes = fromBase64Url(signature);
  if (bytes?.length !== 64) return false;
  try {
    const key = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: jwk.x }, ED25519, false, [
      "verify",
    ]);
    return await crypto.subtle.verify(ED25519, key, bytes as Uint8Array<ArrayBuffer>, utf8(message));
  } catch {
    return false;
  }
}
