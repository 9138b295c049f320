/**
 * Passwords hashed with argon2id through hash-wasm (WebAssembly: the same code on Node, Deno, Bun
 * and browsers, no native build), with OWASP's parameters: 19 MiB of memory, 2 iterations, 1 lane.
 *
 * @module
 */

import type { PasswordHasher } from "@marketplace/core";
import { argon2id, argon2Verify } from "hash-wasm";

/** argon2id parameters (OWASP Password Storage Cheat Sheet: m=19 MiB, t=2, p=1). */
export interface Argon2idParameters {
  /** Memory in KiB; default 19456 (19 MiB). */
  memorySize: number;
  /** Passes over the memory; default 2. */
  iterations: number;
  /** Lanes; default 1. */
  parallelism: number;
}

/** OWASP's recommended argon2id parameters. */
export const OWASP_ARGON2ID: Readonly<Argon2idParameters> = Object.freeze({
  memorySize: 19_456,
  iterations: 2,
  parallelism: 1,
});

/**
 * A `PasswordHasher` (port of `@marketplace/core`) with argon2id; hashes are PHC strings
 * (`$argon2id$v=19$m=19456,t=2,p=1$…`), so a later change of parameters still verifies older hashes.
 *
 * @example
 * const marketplace = createMarketplace({ unitOfWork, members: { passwordHasher: argon2idPasswordHasher() } });
 */
export function argon2idPasswordHasher(parameters: Partial<Argon2idParameters> = {}): PasswordHasher {
  const { memorySize, iterations, parallelism } = { ...OWASP_ARGON2ID, ...parameters };
  return {
    hash(password) {
      return argon2id({
        password,
        salt: crypto.getRandomValues(new Uint8Array(16)),
        memorySize,
        iterations,
        parallelism,
        hashLength: 32,
        outputType: "encoded",
      });
    },
    async verify(hash, password) {
      try {
        return await argon2Verify({ password, hash });
      } catch {
        return false;
      }
    },
  };
}
