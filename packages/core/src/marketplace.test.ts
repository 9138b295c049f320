import { beforeEach, describe, expect, it } from "vitest";
import { freshMarketplace, type ProbedUnitOfWork, rejection, START } from "../test/marketplace-harness.ts";
import { InvalidInputError, NotFoundError, PermissionError } from "./errors.ts";
import { createMarketplace, type Marketplace } from "./marketplace.ts";
import type { UnitOfWork } from "./ports.ts";
import type { Principal, TeamRole } from "./teams/index.ts";
import { hashApiKey } from "./teams/index.ts";

let uow: ProbedUnitOfWork;
let marketplace: Marketplace;

beforeEach(() => {
  ({ uow, marketplace } = freshMarketplace());
});

describe("createMarketplace", () => {
  it("requires a unit of work", () => {
    expect(() => createMarketplace({} as unknown as { unitOfWork: UnitOfWork })).toThrow(TypeError);
  });
});

describe("auth.authorize", () => {
  const principal = (role: TeamRole): Principal => ({
    teamId: "11111111-1111-4111-8111-111111111111",
    role,
    apiKeyId: "22222222-2222-4222-8222-222222222222",
  });

  it("refuses a reseller on provider endpoints", () => {
    expect(() => marketplace.auth.authorize(principal("reseller"), "provider")).toThrow(PermissionError);
    expect(() => marketplace.auth.authorize(principal("reseller"), "provider")).toThrow(
      "A reseller team cannot call provider endpoints",
    );
  });

  it("refuses a provider on reseller endpoints", () => {
    expect(() => marketplace.auth.authorize(principal("provider"), "reseller")).toThrow(PermissionError);
  });

  it("lets each role call its own endpoints and a hybrid team call both", () => {
    expect(() => marketplace.auth.authorize(principal("provider"), "provider")).not.toThrow();
    expect(() => marketplace.auth.authorize(principal("reseller"), "reseller")).not.toThrow();
    expect(() => marketplace.auth.authorize(principal("hybrid"), "provider")).not.toThrow();
    expect(() => marketplace.auth.authorize(principal("hybrid"), "reseller")).not.toThrow();
  });
});

describe("teams", () => {
  it("creates a team with a first key whose hash alone is stored", async () => {
    const { team, apiKey } = await marketplace.teams.create({ name: "  Acme  ", role: "hybrid" });
    expect(team).toEqual({
      id: expect.any(String),
      name: "Acme",
      role: "hybrid",
      createdAt: new Date(START),
      updatedAt: new Date(START),
    });
    expect(apiKey).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^mk_[A-Za-z0-9_-]{43}$/),
      prefix: apiKey.key.slice(0, 11),
      name: null,
      createdAt: new Date(START),
    });
    const stored = await uow.unprobed.apiKeys.findByPrefix(apiKey.prefix);
    expect(stored.map((key) => key.keyHash)).toEqual([await hashApiKey(apiKey.key)]);
    expect(JSON.stringify(stored)).not.toContain(apiKey.key);
  });

  it.each([
    [{ name: "", role: "provider" }, ["name must not be empty"]],
    [{ name: "   ", role: "provider" }, ["name must not be empty"]],
    [{ name: "Acme", role: "admin" }, ["role must be one of the following values: provider, reseller, hybrid"]],
  ])("rejects %j with InvalidInputError and stores nothing", async (input, problems) => {
    const error = await rejection(marketplace.teams.create(input as { name: string; role: TeamRole }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).problems).toEqual(problems);
    // No team, so no key either (a key needs its team).
    expect(await uow.unprobed.teams.isEmpty()).toBe(true);
  });

  it("treats a non-UUID team id as not found", async () => {
    await expect(marketplace.teams.get("not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
    await expect(marketplace.teams.createApiKey("not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("offers", () => {
  let provider: Principal;

  beforeEach(async () => {
    const { apiKey } = await marketplace.teams.create({ name: "Provider", role: "provider" });
    provider = await marketplace.auth.authenticate(apiKey.key);
  });

  it("creates a draft with a trimmed name and sku and a normalised price", async () => {
    const offer = await marketplace.offers.create(provider, {
      name: " Fiber 500 ",
      sku: " FIB-500 ",
      serviceType: "internet",
      monthlyPrice: "49.9",
    });
    expect(offer).toMatchObject({
      teamId: provider.teamId,
      name: "Fiber 500",
      sku: "FIB-500",
      status: "draft",
      monthlyPrice: "49.90",
      publishedAt: null,
    });
    await expect(marketplace.offers.get(provider, offer.id)).resolves.toEqual(offer);
  });

  it("rejects invalid input with InvalidInputError", async () => {
    const error = await rejection(
      marketplace.offers.create(provider, { name: "", serviceType: "internet", monthlyPrice: "1.234" }),
    );
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as InvalidInputError).problems).toHaveLength(2);
    expect(await uow.unprobed.offers.list(provider.teamId, { kind: "all" })).toEqual([]);
  });

  it.each(["not-a-uuid", "", "00000000-0000-0000-0000-000000000000", "' or 1=1 --"])(
    "answers NotFoundError for the non-UUID id %j without a lookup",
    async (id) => {
      const error = await rejection(marketplace.offers.get(provider, id));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ code: "not_found", resource: "Offer", id });
      expect(uow.probe.offerFindById).toBe(0);
    },
  );

  it("answers NotFoundError for another team's offer", async () => {
    const offer = await marketplace.offers.create(provider, { name: "Mine", serviceType: "tv" });
    const { apiKey } = await marketplace.teams.create({ name: "Other", role: "provider" });
    const other = await marketplace.auth.authenticate(apiKey.key);
    const lookups = uow.probe.offerFindById;
    await expect(marketplace.offers.get(other, offer.id)).rejects.toBeInstanceOf(NotFoundError);
    expect(uow.probe.offerFindById - lookups).toBe(1);
  });
});
