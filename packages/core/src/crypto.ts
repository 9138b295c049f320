/**
 * Small helpers over Web Crypto and typed arrays, shared by API keys, cursors and signing.
 * Only Web standard globals: runs in Node 20+, Deno, Bun, browsers and edge workers.
 *
 * @module
 */

const encoder = new TextEncoder();

/** Encodes a string as UTF-8 bytes. */
export function utf8(text: string): Uint8Array<ArrayBuffer> {
  return encoder.encode(text) as Uint8Array<ArrayBuffer>;
}

/** Lowercase hex of the given bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

/** Bytes of a hex string, or null when it is not an even-length hex string. */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** base64url (RFC 4648 §5, no padding) of the given bytes. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * Bytes of an unpadded base64url string, or null when it is not valid. Only the canonical encoding
 * is accepted: a last character whose unused low bits are set would decode to the same bytes as
 * another string, so it is rejected (an edited token must not pass for the original).
 */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return toBase64Url(out) === text ? out : null;
  } catch {
    return null;
  }
}

/** Standard base64 (RFC 4648 §4, padded) of the given bytes. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Bytes of a base64 string in either alphabet (standard or URL-safe), padded or not; null when it
 * is not base64.
 */
export function fromBase64(text: string): Uint8Array | null {
  const unpadded = text.replace(/={1,2}$/, "");
  if (!/^[A-Za-z0-9+/_-]*$/.test(unpadded) || unpadded.length % 4 === 1) return null;
  const standard = unpadded.replace(/-/g, "+").replace(/_/g, "/");
  try {
    const binary = atob(standard + "=".repeat((4 - (standard.length % 4)) % 4));
    const out = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

/** `size` cryptographically random bytes. */
export function randomBytes(size: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(size));
}

/** Lowercase hex SHA-256 of a UTF-8 string. */
export async function sha256Hex(text: string): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", utf8(text))));
}

/**
 * Compares two byte arrays in time that depends only on their length, never on where they differ.
 * Arrays of different lengths are unequal (the length itself is not secret in our uses).
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

/** Compares two strings in constant time over their UTF-8 bytes. */
export function timingSafeEqualText(a: string, b: string): boolean {
  return timingSafeEqual(utf8(a), utf8(b));
}
