import { describe, expect, it } from "vitest";
import { randomBytes, sha256Hex, toHex, utf8 } from "./crypto.ts";
import { sha256, sha256HexSync } from "./sha256.ts";
import { hashApiKey } from "./teams/index.ts";

describe("sha256 (plain JavaScript)", () => {
  it("matches the FIPS 180-4 test vectors", () => {
    expect(sha256HexSync("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256HexSync("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256HexSync("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
    expect(sha256HexSync("a".repeat(1_000_000))).toBe(
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    );
  });

  it("equals Web Crypto's digest for every length around the block and padding boundaries", async () => {
    for (let length = 0; length <= 200; length++) {
      const bytes = randomBytes(length);
      const expected = toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>)));
      expect(toHex(sha256(bytes)), `length ${length}`).toBe(expected);
    }
  });

  it("hashes ASCII text of every length around the block and padding boundaries like Web Crypto", async () => {
    for (let length = 0; length <= 200; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(32 + ((i * 37 + length) % 95))).join("");
      expect(sha256HexSync(text), `length ${length}`).toBe(await sha256Hex(text));
    }
  });

  it("hashes UTF-8 text like sha256Hex, and API keys as before", async () => {
    for (const text of [`mk_${"A".repeat(43)}`, "héllo wörld ✓", "\u{1F600}"]) {
      expect(sha256HexSync(text)).toBe(await sha256Hex(text));
      expect(await hashApiKey(text)).toBe(await sha256Hex(text));
    }
    expect(sha256(utf8("abc"))).toHaveLength(32);
  });
});
