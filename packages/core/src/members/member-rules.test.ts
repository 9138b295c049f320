import { describe, expect, it } from "vitest";
import { sha256Hex } from "../crypto.ts";
import {
  generateRecoveryCode,
  generateToken,
  hashToken,
  isWellFormedToken,
  looksLikeRecoveryCode,
  MIN_PASSWORD_LENGTH,
  memberCan,
  normalizeEmail,
  normalizeRecoveryCode,
  normalizeTotpCode,
  passwordProblems,
} from "./member-rules.ts";
import { MEMBER_ROLES } from "./types.ts";

describe("memberCan", () => {
  it.each([
    ["owner", "manage_members", true],
    ["owner", "manage_api_keys", true],
    ["owner", "view_audit_log", true],
    ["developer", "manage_members", false],
    ["developer", "manage_api_keys", true],
    ["developer", "view_audit_log", true],
    ["operations", "manage_members", false],
    ["operations", "manage_api_keys", false],
    ["operations", "view_audit_log", false],
    ["viewer", "manage_members", false],
    ["viewer", "manage_api_keys", false],
    ["viewer", "view_audit_log", false],
    ["owner", "manage_workspace", true],
    ["operations", "manage_workspace", true],
    ["developer", "manage_workspace", false],
    ["viewer", "manage_workspace", false],
  ] as const)("%s may %s: %s", (role, permission, allowed) => {
    expect(memberCan(role, permission)).toBe(allowed);
  });

  it("knows the four roles", () => {
    expect(MEMBER_ROLES).toEqual(["owner", "developer", "operations", "viewer"]);
  });
});

describe("passwordProblems", () => {
  it("accepts a long, uncommon password", () => {
    expect(passwordProblems("correct horse battery staple", "ana@example.com")).toEqual([]);
  });

  it("counts characters, not UTF-16 units", () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(passwordProblems("🔑".repeat(11), "ana@example.com")).toEqual(["password must have at least 12 characters"]);
    expect(passwordProblems("🔑".repeat(12), "ana@example.com")).toEqual([]);
  });

  it.each([
    ["short", "short pw", "password must have at least 12 characters"],
    ["too long", "x".repeat(257), "password must have at most 256 characters"],
    ["common", "Password1234", "password is too common: choose another one"],
    ["the e-mail", "ana.lopez@example.com", "password must not be your e-mail address"],
  ])("refuses a %s password", (_, password, problem) => {
    expect(passwordProblems(password, "Ana.Lopez@example.com")).toEqual([problem]);
  });
});

describe("tokens", () => {
  it("are the prefix and 43 base64url characters, stored as their SHA-256", async () => {
    const { token, hash } = generateToken("ms_");
    expect(token).toMatch(/^ms_[A-Za-z0-9_-]{43}$/);
    expect(hash).toBe(await sha256Hex(token));
    expect(hashToken(token)).toBe(hash);
    expect(isWellFormedToken(token, "ms_")).toBe(true);
    expect(isWellFormedToken(token, "mi_")).toBe(false);
    expect(isWellFormedToken(`${token}x`, "ms_")).toBe(false);
    expect(isWellFormedToken(token.replace(/.$/, "+"), "ms_")).toBe(false);
    expect(generateToken("mi_").token).not.toBe(generateToken("mi_").token);
  });
});

describe("normalizeEmail", () => {
  it("trims and lower-cases", () => {
    expect(normalizeEmail("  Ana@Example.COM ")).toBe("ana@example.com");
  });
});

describe("two-factor codes", () => {
  it("recovery codes are two groups of five unambiguous symbols, each new", () => {
    const codes = Array.from({ length: 50 }, () => generateRecoveryCode());
    for (const code of codes) {
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
    expect(new Set(codes).size).toBe(50);
  });

  it("a typed recovery code is read without case, spaces or dashes", () => {
    expect(normalizeRecoveryCode(" K7M2P - XQ9RT ")).toBe("k7m2pxq9rt");
    expect(looksLikeRecoveryCode("k7m2p xq9rt")).toBe(true);
    expect(looksLikeRecoveryCode("123456")).toBe(false);
  });

  it("an authenticator code is 6 digits, spaces allowed", () => {
    expect(normalizeTotpCode("123 456")).toBe("123456");
    expect(normalizeTotpCode("12345")).toBeNull();
    expect(normalizeTotpCode("12345a")).toBeNull();
  });

  it("sign-in challenge and reset tokens have their own prefixes", () => {
    const { token } = generateToken("mr_");
    expect(isWellFormedToken(token, "mr_")).toBe(true);
    expect(isWellFormedToken(token, "mc_")).toBe(false);
  });
});
