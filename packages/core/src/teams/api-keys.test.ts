import { describe, expect, it } from "vitest";
import {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PREFIX,
  apiKeyHashMatches,
  displayPrefix,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "./api-keys.ts";

/** SHA-256 hex computed here with Web Crypto, independently of the module under test. */
async function referenceSha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

const WELL_FORMED = `mk_${"A".repeat(20)}-_${"z9".repeat(10)}x`;

describe("generateApiKey", () => {
  it("returns mk_ followed by 43 base64url characters (32 random bytes)", async () => {
    const { key } = await generateApiKey();
    expect(API_KEY_PREFIX).toBe("mk_");
    expect(key).toMatch(/^mk_[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it("exposes the first 11 characters as the prefix", async () => {
    const { key, prefix } = await generateApiKey();
    expect(API_KEY_DISPLAY_PREFIX_LENGTH).toBe(11);
    expect(prefix).toHaveLength(11);
    expect(prefix).toBe(key.slice(0, 11));
    expect(prefix.startsWith("mk_")).toBe(true);
  });

  it("stores the lowercase hex SHA-256 of the key", async () => {
    const { key, hash } = await generateApiKey();
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(await referenceSha256Hex(key));
    expect(hash).not.toContain(key.slice(3));
  });

  it("generates a different key, prefix and hash each time", async () => {
    const keys = await Promise.all(Array.from({ length: 20 }, () => generateApiKey()));
    expect(new Set(keys.map((k) => k.key)).size).toBe(20);
    expect(new Set(keys.map((k) => k.hash)).size).toBe(20);
    expect(new Set(keys.map((k) => k.prefix)).size).toBe(20);
  });
});

describe("hashApiKey", () => {
  it("is the SHA-256 hex of the key", async () => {
    expect(await hashApiKey(WELL_FORMED)).toBe(await referenceSha256Hex(WELL_FORMED));
    expect(await hashApiKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("displayPrefix", () => {
  it("is the first 11 characters", () => {
    expect(displayPrefix(WELL_FORMED)).toBe("mk_AAAAAAAA");
  });
});

describe("isWellFormedApiKey", () => {
  it("accepts the issued shape with every allowed character class", () => {
    expect(WELL_FORMED).toHaveLength(46);
    expect(isWellFormedApiKey(WELL_FORMED)).toBe(true);
  });

  it.each([
    ["an empty string", ""],
    ["the prefix alone", "mk_"],
    ["a wrong prefix", `sk_${"a".repeat(43)}`],
    ["an upper-case prefix", `MK_${"a".repeat(43)}`],
    ["a prefix without underscore", `mk-${"a".repeat(43)}`],
    ["no prefix", "a".repeat(46)],
    ["42 characters", `mk_${"a".repeat(42)}`],
    ["44 characters", `mk_${"a".repeat(44)}`],
    ["a plus sign", `mk_${"a".repeat(42)}+`],
    ["a slash", `mk_${"a".repeat(42)}/`],
    ["padding", `mk_${"a".repeat(42)}=`],
    ["a dot", `mk_${"a".repeat(42)}.`],
    ["a space", `mk_${"a".repeat(42)} `],
    ["a leading space", ` mk_${"a".repeat(43)}`],
    ["a trailing newline", `mk_${"a".repeat(43)}\n`],
    ["a non-ASCII letter", `mk_${"a".repeat(42)}é`],
  ])("rejects %s", (_, key) => {
    expect(isWellFormedApiKey(key)).toBe(false);
  });
});

describe("apiKeyHashMatches", () => {
  it("is true for the same hash and false for another", async () => {
    const a = await generateApiKey();
    const b = await generateApiKey();
    expect(apiKeyHashMatches(await hashApiKey(a.key), a.hash)).toBe(true);
    expect(apiKeyHashMatches(await hashApiKey(a.key), b.hash)).toBe(false);
  });

  it("is false when the hashes differ in one character or in length", async () => {
    const { hash } = await generateApiKey();
    const last = hash.at(-1) === "0" ? "1" : "0";
    expect(apiKeyHashMatches(hash.slice(0, -1) + last, hash)).toBe(false);
    expect(apiKeyHashMatches(hash.slice(0, -1), hash)).toBe(false);
    expect(apiKeyHashMatches("", hash)).toBe(false);
    const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
    expect(apiKeyHashMatches(abc.toUpperCase(), abc)).toBe(false);
  });
});
