import { describe, expect, it } from "vitest";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { silentLogger } from "../logger.ts";
import type { Principal } from "../teams/index.ts";
import { scopedUnitOfWork } from "../testing/index.ts";
import type { BrandRepository } from "./ports.ts";
import type { Brand } from "./types.ts";
import { type BrandChanges, brandUseCases, validateBrand } from "./use-cases.ts";

const NAME_EMPTY = "name must not be empty";
const LOGO_HTTPS = "logoUrl must be an https URL";

/** Input as it may arrive from outside, before types are known to hold. */
function changes(input: Record<string, unknown>): BrandChanges {
  return input as unknown as BrandChanges;
}

describe("validateBrand", () => {
  it("accepts a name alone, with a logo, and with a null logo", () => {
    expect(validateBrand({ name: "Acme" }, { creating: true })).toEqual([]);
    expect(validateBrand({ name: "Acme", logoUrl: "https://cdn.example.com/a.png?v=2" }, { creating: true })).toEqual(
      [],
    );
    expect(validateBrand({ name: "Acme", logoUrl: null }, { creating: true })).toEqual([]);
  });

  it("requires a name on create only", () => {
    expect(validateBrand({}, { creating: true })).toEqual(["name is required"]);
    expect(validateBrand({}, { creating: false })).toEqual([]);
    expect(validateBrand({ logoUrl: null }, { creating: false })).toEqual([]);
  });

  it.each(["", "   ", "\t\n"])("rejects the name %j as empty", (name) => {
    expect(validateBrand({ name }, { creating: true })).toEqual([NAME_EMPTY]);
    expect(validateBrand({ name }, { creating: false })).toEqual([NAME_EMPTY]);
  });

  it.each([null, 42, ["Acme"]])("rejects the name %j as not a string", (name) => {
    expect(validateBrand(changes({ name }), { creating: true })).toEqual(["name must be a string"]);
  });

  it("limits the trimmed name to 200 characters and refuses NUL", () => {
    expect(validateBrand({ name: `  ${"a".repeat(200)}  ` }, { creating: true })).toEqual([]);
    expect(validateBrand({ name: "a".repeat(201) }, { creating: true })).toEqual([
      "name must be at most 200 characters",
    ]);
    expect(validateBrand({ name: "Ac\u0000me" }, { creating: true })).toEqual(["name must not contain NUL characters"]);
  });

  it.each([
    "http://cdn.example.com/a.png",
    "ftp://cdn.example.com/a.png",
    "cdn.example.com/a.png",
    "/logo.png",
    "https://",
    "https://cdn.example.com/a b.png",
    " https://cdn.example.com/a.png",
    "https://cdn.example.com/a.png\n",
    "https://cdn.example.com/\u0000.png",
    "javascript:alert(1)",
    "",
  ])("rejects the logo URL %j", (logoUrl) => {
    expect(validateBrand({ name: "Acme", logoUrl }, { creating: true })).toEqual([LOGO_HTTPS]);
  });

  it("limits the logo URL to 2048 characters", () => {
    const base = "https://cdn.example.com/";
    expect(validateBrand({ logoUrl: base + "a".repeat(2048 - base.length) }, { creating: false })).toEqual([]);
    expect(validateBrand({ logoUrl: base + "a".repeat(2049 - base.length) }, { creating: false })).toEqual([
      "logoUrl must be at most 2048 characters",
    ]);
  });

  it("rejects a logo URL that is not a string", () => {
    expect(validateBrand(changes({ logoUrl: 42 }), { creating: false })).toEqual(["logoUrl must be a string"]);
  });

  it("reports every problem, name first", () => {
    expect(validateBrand({ name: "", logoUrl: "http://x.test/a.png" }, { creating: true })).toEqual([
      NAME_EMPTY,
      LOGO_HTTPS,
    ]);
  });
});

const TEAM = "0b0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21";
const OTHER_TEAM = "1b0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21";
const principal: Principal = { teamId: TEAM, role: "provider", apiKeyId: "2b0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21" };
const T0 = Date.parse("2026-03-01T00:00:00.000Z");

/** Brands in memory, enough to exercise the use cases' rules; `inUse` marks brands offers reference. */
function setup() {
  const rows = new Map<string, Brand>();
  const inUse = new Set<string>();
  const calls: string[] = [];
  let now = T0;
  let counter = 0;
  const brands: BrandRepository = {
    async insert(brand) {
      calls.push("insert");
      rows.set(brand.id, { ...brand });
    },
    async update(brand) {
      calls.push("update");
      rows.set(brand.id, { ...brand });
    },
    async findById(teamId, id) {
      calls.push("findById");
      const brand = rows.get(id);
      return brand && brand.teamId === teamId ? { ...brand } : null;
    },
    async list(teamId) {
      return [...rows.values()].filter((brand) => brand.teamId === teamId);
    },
    async delete(teamId, id) {
      calls.push("delete");
      if (rows.get(id)?.teamId !== teamId) return "not_found";
      if (inUse.has(id)) return "in_use";
      rows.delete(id);
      return "deleted";
    },
  };
  // The use cases name the one repository they use: nothing else needs to be given.
  const unitOfWork = scopedUnitOfWork({ brands });
  const useCases = brandUseCases({
    unitOfWork,
    clock: { now: () => new Date(now) },
    ids: { uuid: () => `${String(++counter).padStart(8, "0")}-5b7a-4c8e-9d7c-2a4b6f1d9e21` },
    logger: silentLogger,
  });
  return { useCases, rows, inUse, calls, tick: (ms: number) => (now += ms) };
}

describe("brand use cases", () => {
  it("creates a brand with a trimmed name and no logo by default", async () => {
    const { useCases, rows } = setup();
    const brand = await useCases.create(principal, { name: "  Acme  " });
    expect(brand).toEqual({
      id: "00000001-5b7a-4c8e-9d7c-2a4b6f1d9e21",
      teamId: TEAM,
      name: "Acme",
      logoUrl: null,
      createdAt: new Date(T0),
      updatedAt: new Date(T0),
    });
    expect(rows.get(brand.id)).toEqual(brand);
  });

  it("throws InvalidInputError before touching the store", async () => {
    const { useCases, calls } = setup();
    const error = await useCases.create(principal, { name: "", logoUrl: "http://x.test" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).problems).toEqual([NAME_EMPTY, LOGO_HTTPS]);
    expect(calls).toEqual([]);
  });

  it("answers NotFoundError for a malformed id without a lookup", async () => {
    const { useCases, calls } = setup();
    for (const run of [
      () => useCases.get(principal, "not-a-uuid"),
      () => useCases.update(principal, "not-a-uuid", { name: "X" }),
      () => useCases.delete(principal, "not-a-uuid"),
    ]) {
      const error = await run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).message).toBe("Brand not-a-uuid not found");
    }
    expect(calls).toEqual([]);
  });

  it("hides another team's brand", async () => {
    const { useCases } = setup();
    const brand = await useCases.create({ ...principal, teamId: OTHER_TEAM }, { name: "Theirs" });
    await expect(useCases.get(principal, brand.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(useCases.update(principal, brand.id, { name: "Mine" })).rejects.toBeInstanceOf(NotFoundError);
    await expect(useCases.delete(principal, brand.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("updates only the given fields, clears the logo with null, and moves updatedAt", async () => {
    const { useCases, tick } = setup();
    const brand = await useCases.create(principal, { name: "Acme", logoUrl: "https://x.test/a.png" });
    tick(1000);
    const renamed = await useCases.update(principal, brand.id, { name: " Acme Fiber " });
    expect(renamed).toEqual({ ...brand, name: "Acme Fiber", updatedAt: new Date(T0 + 1000) });
    tick(1000);
    const cleared = await useCases.update(principal, brand.id, { logoUrl: null });
    expect(cleared).toEqual({ ...renamed, logoUrl: null, updatedAt: new Date(T0 + 2000) });
    expect(await useCases.get(principal, brand.id)).toEqual(cleared);
  });

  it("treats an update without changes as a no-op: no write, updatedAt kept", async () => {
    const { useCases, calls, tick } = setup();
    const brand = await useCases.create(principal, { name: "Acme" });
    tick(1000);
    calls.length = 0;
    expect(await useCases.update(principal, brand.id, {})).toEqual(brand);
    expect(calls).toEqual(["findById"]);
  });

  it("refuses to delete a brand offers use, naming it, and deletes it once they no longer do", async () => {
    const { useCases, inUse, rows } = setup();
    const brand = await useCases.create(principal, { name: "Acme" });
    inUse.add(brand.id);
    const error = await useCases.delete(principal, brand.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).message).toBe(
      "Brand Acme is used by one or more offers; remove it from them first",
    );
    expect(rows.has(brand.id)).toBe(true);
    inUse.delete(brand.id);
    await expect(useCases.delete(principal, brand.id)).resolves.toBeUndefined();
    expect(rows.has(brand.id)).toBe(false);
  });
});
