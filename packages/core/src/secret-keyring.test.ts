import { describe, expect, it } from "vitest";
import { randomBytes, toBase64Url } from "./crypto.ts";
import {
  createSecretKeyring,
  importSecretKey,
  isSealed,
  openSecret,
  SealedSecretError,
  sealedKeyId,
  sealSecret,
} from "./secret-keyring.ts";

/** 32 random bytes in standard base64 with padding, as `openssl rand -base64 32` prints them. */
function newKey(): string {
  return btoa(String.fromCharCode(...randomBytes(32)));
}

describe("sealed secrets (AES-256-GCM under a key-encryption key)", () => {
  it("seal to a kek1 value that holds no plaintext and opens to the same text", async () => {
    const keyring = await createSecretKeyring(newKey());
    const secret = "whsec_0123456789abcdef0123456789abcdef";
    const sealed = await sealSecret(keyring, secret, "webhooks:1");
    expect(isSealed(sealed)).toBe(true);
    expect(sealed.startsWith(`kek1.${keyring.current.id}.`)).toBe(true);
    expect(sealed).not.toContain("whsec_");
    expect(sealedKeyId(sealed)).toBe(keyring.current.id);
    expect(await openSecret(keyring, sealed, "webhooks:1")).toBe(secret);
    // A fresh IV every time: sealing twice gives two different values.
    expect(await sealSecret(keyring, secret, "webhooks:1")).not.toBe(sealed);
  });

  it("return a plaintext value (stored before sealing) as it is, with or without a keyring", async () => {
    expect(await openSecret(null, "whsec_legacy", "webhooks:1")).toBe("whsec_legacy");
    expect(await openSecret(await createSecretKeyring(newKey()), "whsec_legacy", "webhooks:1")).toBe("whsec_legacy");
    expect(isSealed("whsec_legacy")).toBe(false);
    expect(sealedKeyId("whsec_legacy")).toBeNull();
  });

  it("refuse to open with no keyring, another KEK, another row's context or an altered value, naming why", async () => {
    const keyring = await createSecretKeyring(newKey());
    const sealed = await sealSecret(keyring, "secret", "webhooks:1");
    await expect(openSecret(null, sealed, "webhooks:1")).rejects.toThrow(/no key-encryption key is configured/);
    const other = await createSecretKeyring(newKey());
    await expect(openSecret(other, sealed, "webhooks:1")).rejects.toThrow(
      new RegExp(`key id ${keyring.current.id}, which is not a configured key-encryption key`),
    );
    await expect(openSecret(keyring, sealed, "webhooks:2")).rejects.toThrow(/does not decrypt/);
    const parts = sealed.split(".");
    const flipped = `${parts[0]}.${parts[1]}.${parts[2]}.${toBase64Url(randomBytes(40))}`;
    await expect(openSecret(keyring, flipped, "webhooks:1")).rejects.toThrow(/does not decrypt/);
    await expect(openSecret(keyring, "kek1.x.y", "webhooks:1")).rejects.toThrow(/not a well-formed sealed value/);
    await expect(openSecret(null, sealed, "webhooks:1")).rejects.toBeInstanceOf(SealedSecretError);
  });

  it("open values of a previous KEK while sealing under the current one (rotation)", async () => {
    const oldKey = newKey();
    const old = await createSecretKeyring(oldKey);
    const sealedOld = await sealSecret(old, "secret", "c");
    const rotated = await createSecretKeyring(newKey(), [oldKey]);
    expect(rotated.previous.map((k) => k.id)).toEqual([old.current.id]);
    expect(await openSecret(rotated, sealedOld, "c")).toBe("secret");
    expect(sealedKeyId(await sealSecret(rotated, "secret", "c"))).toBe(rotated.current.id);
  });

  it("derive the key id from the key (same key, same id) and accept base64 or base64url", async () => {
    const text = newKey();
    const a = await importSecretKey(text);
    const b = await importSecretKey(text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
    expect(a.id).toMatch(/^[0-9a-f]{16}$/);
    expect(b.id).toBe(a.id);
    expect((await importSecretKey(newKey())).id).not.toBe(a.id);
  });

  it("refuse a key that is not 32 bytes of base64, without echoing it", async () => {
    await expect(importSecretKey("too-short")).rejects.toThrow(/must be 32 random bytes in base64/);
    await expect(importSecretKey(btoa("x".repeat(31)))).rejects.toThrow(/must be 32 random bytes/);
    await expect(importSecretKey("not base64 at all!")).rejects.toThrow(/must be 32 random bytes/);
  });
});
