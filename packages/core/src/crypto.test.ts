import { describe, expect, it } from "vitest";
import {
  fromBase64,
  fromBase64Url,
  fromHex,
  randomBytes,
  sha256Hex,
  timingSafeEqual,
  timingSafeEqualText,
  toBase64,
  toBase64Url,
  toHex,
  utf8,
} from "./crypto.ts";

const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);

describe("toHex / fromHex", () => {
  it("writes lowercase, zero-padded hex", () => {
    expect(toHex(new Uint8Array([0, 1, 15, 16, 171, 255]))).toBe("00010f10abff");
    expect(toHex(new Uint8Array())).toBe("");
  });

  it("round-trips every byte value", () => {
    const hex = toHex(ALL_BYTES);
    expect(hex).toHaveLength(512);
    expect(hex).toMatch(/^[0-9a-f]+$/);
    expect(fromHex(hex)).toEqual(ALL_BYTES);
  });

  it("reads upper and mixed case", () => {
    expect(fromHex("ABcd0F")).toEqual(new Uint8Array([0xab, 0xcd, 0x0f]));
  });

  it("reads the empty string as no bytes", () => {
    expect(fromHex("")).toEqual(new Uint8Array());
  });

  it.each(["a", "abc", "zz", "0g", " 00", "00 ", "0x00", "-1", "+1"])("returns null for %j", (text) => {
    expect(fromHex(text)).toBeNull();
  });
});

describe("toBase64Url / fromBase64Url", () => {
  it.each([
    ["", ""],
    ["f", "Zg"],
    ["fo", "Zm8"],
    ["foo", "Zm9v"],
    ["foob", "Zm9vYg"],
    ["fooba", "Zm9vYmE"],
    ["foobar", "Zm9vYmFy"],
  ])("encodes the RFC 4648 vector %j as %j, without padding", (text, encoded) => {
    expect(toBase64Url(utf8(text))).toBe(encoded);
    expect(fromBase64Url(encoded)).toEqual(utf8(text));
  });

  it("uses the URL-safe alphabet (- and _ instead of + and /)", () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe("-_8");
    expect(toBase64Url(new Uint8Array([0xff, 0xff, 0xff]))).toBe("____");
    expect(toBase64Url(new Uint8Array([0xfb, 0xef, 0xbe]))).toBe("----");
    expect(fromBase64Url("-_8")).toEqual(new Uint8Array([0xfb, 0xff]));
  });

  it("round-trips every byte value, at every offset and length modulo 3", () => {
    for (let length = 0; length <= 6; length++) {
      for (let start = 0; start + length <= 256; start += 7) {
        const bytes = ALL_BYTES.slice(start, start + length);
        const encoded = toBase64Url(bytes);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64Url(encoded)).toEqual(bytes);
      }
    }
    const encoded = toBase64Url(ALL_BYTES);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(fromBase64Url(encoded)).toEqual(ALL_BYTES);
  });

  it("round-trips random bytes", () => {
    for (let i = 0; i < 50; i++) {
      const bytes = randomBytes(1 + i);
      expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
    }
  });

  it("accepts only the canonical unpadded encoding", () => {
    expect(fromBase64Url("Zg")).toEqual(utf8("f"));
    expect(fromBase64Url("Zg==")).toBeNull();
    expect(fromBase64Url("Zm8=")).toBeNull();
    // "Zh" carries the same 8 data bits as "Zg" but sets unused low bits: not canonical.
    expect(fromBase64Url("Zh")).toBeNull();
  });

  it.each(["Zm9v+", "Zm9v/", "Zg=", "=Zg", "Z", "Zm9vY", "Zm 9v", "Zm9v\n", "é"])("returns null for %j", (text) => {
    expect(fromBase64Url(text)).toBeNull();
  });
});

describe("randomBytes", () => {
  it("returns the requested number of bytes, different each time", () => {
    const a = randomBytes(32);
    const b = randomBytes(32);
    expect(a).toHaveLength(32);
    expect(toHex(a)).not.toBe(toHex(b));
  });
});

describe("sha256Hex", () => {
  it("matches the FIPS 180-2 vectors", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes the UTF-8 bytes", async () => {
    const expected = toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array([0xc3, 0xa9]))));
    expect(await sha256Hex("é")).toBe(expected);
  });
});

describe("timingSafeEqual", () => {
  it("is true for equal contents, including empty arrays and distinct instances", () => {
    expect(timingSafeEqual(new Uint8Array(), new Uint8Array())).toBe(true);
    expect(timingSafeEqual(ALL_BYTES, ALL_BYTES.slice())).toBe(true);
  });

  it("is false when any single byte differs, wherever it is", () => {
    for (const index of [0, 1, 127, 255]) {
      const other = ALL_BYTES.slice();
      other[index] = (other[index] as number) ^ 0x01;
      expect(timingSafeEqual(ALL_BYTES, other), `differs at ${index}`).toBe(false);
    }
  });

  it("is false for different lengths, even when one is a prefix of the other", () => {
    expect(timingSafeEqual(ALL_BYTES, ALL_BYTES.slice(0, 255))).toBe(false);
    expect(timingSafeEqual(new Uint8Array([1]), new Uint8Array())).toBe(false);
    expect(timingSafeEqual(new Uint8Array([0]), new Uint8Array([0, 0]))).toBe(false);
  });
});

describe("timingSafeEqualText", () => {
  it("compares strings by their UTF-8 bytes", () => {
    expect(timingSafeEqualText("abc", "abc")).toBe(true);
    expect(timingSafeEqualText("", "")).toBe(true);
    expect(timingSafeEqualText("abc", "abd")).toBe(false);
    expect(timingSafeEqualText("abc", "ab")).toBe(false);
    expect(timingSafeEqualText("é", "e")).toBe(false);
    expect(timingSafeEqualText("é", "é")).toBe(true);
  });
});

describe("toBase64 / fromBase64", () => {
  it("encodes RFC 4648 test vectors with padding", () => {
    const vectors: [string, string][] = [
      ["", ""],
      ["f", "Zg=="],
      ["fo", "Zm8="],
      ["foo", "Zm9v"],
      ["foobar", "Zm9vYmFy"],
    ];
    for (const [text, encoded] of vectors) {
      expect(toBase64(utf8(text))).toBe(encoded);
      expect(fromBase64(encoded)).toEqual(utf8(text));
    }
    expect(toBase64(new Uint8Array([0xfb, 0xff]))).toBe("+/8=");
  });

  it("decodes either alphabet, padded or not, and round-trips every byte", () => {
    expect(fromBase64("+/8=")).toEqual(new Uint8Array([0xfb, 0xff]));
    expect(fromBase64("+/8")).toEqual(new Uint8Array([0xfb, 0xff]));
    expect(fromBase64("-_8")).toEqual(new Uint8Array([0xfb, 0xff]));
    const all = new Uint8Array(256).map((_, i) => i);
    expect(fromBase64(toBase64(all))).toEqual(all);
  });

  it("refuses what is not base64", () => {
    for (const bad of ["a", "ab!c", "Zg===", "Z g=", "=Zg"]) expect(fromBase64(bad), bad).toBeNull();
  });
});
