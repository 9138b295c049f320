/**
 * SHA-256 (FIPS 180-4) in plain JavaScript, synchronous, for short inputs on hot paths.
 *
 * Why: every provider and reseller request hashes its API key. `crypto.subtle.digest` is
 * asynchronous; in Node each call is a job queued to the libuv thread pool and a promise settled back,
 * a visible share of the reference server's CPU on catalog reads (ADR-0066; figures:
 * docs/performance.md, "Request hot path"). Hashing 46 bytes here stays on the calling thread, with no runtime API (runs in Node,
 * Deno, Bun, browsers and edge workers alike). Not for secrets' comparison timing (see
 * `timingSafeEqual`) and not for large inputs (Web Crypto is faster there).
 *
 * @module
 */

import { utf8 } from "./crypto.ts";

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

/** The message schedule, reused: the digest is synchronous, so no two calls share it at once. */
const W = new Int32Array(64);
/** The state of the digest being computed, reused the same way. */
const H = new Int32Array(8);
/** "00" … "ff", for the hex text without a string per byte. */
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** SHA-256 digest of the given bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  digest(pad(data, data.length));
  const out = new Uint8Array(32);
  for (let i = 0; i < 8; i++) {
    const word = H[i] as number;
    out[i * 4] = word >>> 24;
    out[i * 4 + 1] = (word >>> 16) & 0xff;
    out[i * 4 + 2] = (word >>> 8) & 0xff;
    out[i * 4 + 3] = word & 0xff;
  }
  return out;
}

/** Lowercase hex SHA-256 of a UTF-8 string, computed synchronously. */
export function sha256HexSync(text: string): string {
  // ASCII text (API keys are) goes into the padded message as it is, without an encoder's copy.
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  let message: Uint8Array;
  if (ascii) {
    message = pad(null, text.length);
    for (let i = 0; i < text.length; i++) message[i] = text.charCodeAt(i);
  } else {
    const bytes = utf8(text);
    message = pad(bytes, bytes.length);
  }
  digest(message);
  let out = "";
  for (let i = 0; i < 8; i++) {
    const word = H[i] as number;
    out +=
      (HEX[word >>> 24] as string) +
      (HEX[(word >>> 16) & 0xff] as string) +
      (HEX[(word >>> 8) & 0xff] as string) +
      (HEX[word & 0xff] as string);
  }
  return out;
}

/**
 * The padded message of `length` bytes (FIPS 180-4 §5.1.1): the bytes (copied from `data`, or left
 * for the caller to fill when null), 0x80, zeros, then the bit length as a 64-bit big-endian integer.
 */
function pad(data: Uint8Array | null, length: number): Uint8Array {
  const buffer = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  if (data !== null) buffer.set(data);
  buffer[length] = 0x80;
  const end = buffer.length;
  const high = Math.floor(length / 0x20000000); // the bit length's upper 32 bits: length * 8 / 2^32
  const low = (length * 8) >>> 0;
  buffer[end - 8] = high >>> 24;
  buffer[end - 7] = (high >>> 16) & 0xff;
  buffer[end - 6] = (high >>> 8) & 0xff;
  buffer[end - 5] = high & 0xff;
  buffer[end - 4] = low >>> 24;
  buffer[end - 3] = (low >>> 16) & 0xff;
  buffer[end - 2] = (low >>> 8) & 0xff;
  buffer[end - 1] = low & 0xff;
  return buffer;
}

/** Runs the compression over every 64-byte block of a padded message; the digest is left in `H`. */
function digest(buffer: Uint8Array): void {
  let h0 = 0x6a09e667;
  let h1 = 0xbb67ae85 | 0;
  let h2 = 0x3c6ef372;
  let h3 = 0xa54ff53a | 0;
  let h4 = 0x510e527f;
  let h5 = 0x9b05688c | 0;
  let h6 = 0x1f83d9ab;
  let h7 = 0x5be0cd19;
  for (let offset = 0; offset < buffer.length; offset += 64) {
    for (let i = 0; i < 16; i++) {
      const j = offset + i * 4;
      W[i] =
        ((buffer[j] as number) << 24) |
        ((buffer[j + 1] as number) << 16) |
        ((buffer[j + 2] as number) << 8) |
        (buffer[j + 3] as number);
    }
    for (let i = 16; i < 64; i++) {
      const a = W[i - 15] as number;
      const b = W[i - 2] as number;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      W[i] = ((W[i - 16] as number) + s0 + (W[i - 7] as number) + s1) | 0;
    }
    let a = h0;
    let b = h1;
    let c = h2;
    let d = h3;
    let e = h4;
    let f = h5;
    let g = h6;
    let hh = h7;
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + (K[i] as number) + (W[i] as number)) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h0 = (h0 + a) | 0;
    h1 = (h1 + b) | 0;
    h2 = (h2 + c) | 0;
    h3 = (h3 + d) | 0;
    h4 = (h4 + e) | 0;
    h5 = (h5 + f) | 0;
    h6 = (h6 + g) | 0;
    h7 = (h7 + hh) | 0;
  }
  H[0] = h0;
  H[1] = h1;
  H[2] = h2;
  H[3] = h3;
  H[4] = h4;
  H[5] = h5;
  H[6] = h6;
  H[7] = h7;
}
