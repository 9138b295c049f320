import { ConflictError, InvalidInputError, NotFoundError } from "../errors.ts";
import { isUuidV4 } from "../ids.ts";
import { type ListResult, type PageRequest, toListResult } from "../pagination.ts";
import type { Principal } from "../teams/index.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import {
  type MarketChanges,
  type NewArea,
  type NewMarket,
  parseMarketChanges,
  parseNewArea,
  parseNewMarket,
} from "./input.ts";
import type { MarketName } from "./ports.ts";
import type { Market, MarketArea } from "./types.ts";

export type { MarketChanges, NewArea, NewMarket };

/** A provider team's markets: named sets of geographic areas where linked offers are available. */
export interface MarketUseCases {
  /** Creates a market with no areas; ConflictError when the team has a market of that name (any case). */
  create(principal: Principal, input: NewMarket): Promise<Market>;
  /** The team's markets with their areas, newest first. */
  list(principal: Principal, page: PageRequest): Promise<ListResult<Market>>;
  /** Every market of the team by id and name, without areas, by name (pickers and filters). */
  listNames(principal: Principal): Promise<MarketName[]>;
  /** One of the team's markets with its areas; NotFoundError when absent or another team's. */
  get(principal: Principal, marketId: string): Promise<Market>;
  /** Renames a market; no changes is a no-op. */
  update(principal: Principal, marketId: string, changes: MarketChanges): Promise<Market>;
  /** Deletes a market (and its areas) no live offer links to; ConflictError while one does. */
  delete(principal: Principal, marketId: string): Promise<void>;
  /** Adds an area to a market; ConflictError when the market already has it. */
  addArea(principal: Principal, marketId: string, input: NewArea): Promise<MarketArea>;
  /** Removes an area from a market; NotFoundError when the market has no such area. */
  removeArea(principal: Principal, marketId: string, areaId: string): Promise<void>;
}

export function marketUseCases(ctx: UseCaseContext<"markets">): MarketUseCases {
  const { unitOfWork, clock, ids } = ctx;

  return {
    async create(principal, input) {
      const problems = validateMarket(input, { creating: true });
      if (problems.length > 0) throw new InvalidInputError(problems);
      const now = clock.now();
      const market: Market = {
        id: ids.uuid(),
        teamId: principal.teamId,
        name: input.name.trim(),
        areas: [],
        createdAt: now,
        updatedAt: now,
      };
      await unitOfWork.transaction((tx) => tx.markets.insert(market));
      return market;
    },

    async list(principal, page) {
      return toListResult("markets", page, await unitOfWork.repositories.markets.list(principal.teamId, page));
    },

    async listNames(principal) {
      return unitOfWork.repositories.markets.listNames(principal.teamId);
    },

    async get(principal, marketId) {
      const market = isUuidV4(marketId)
        ? await unitOfWork.repositories.markets.findById(principal.teamId, marketId)
        : null;
      if (!market) throw new NotFoundError("Market", marketId);
      return market;
    },

    async update(principal, marketId, changes) {
      const problems = validateMarket(changes, { creating: false });
      if (problems.length > 0) throw new InvalidInputError(problems);
      if (!isUuidV4(marketId)) throw new NotFoundError("Market", marketId);
      return unitOfWork.transaction(async (tx) => {
        const current = await tx.markets.findById(principal.teamId, marketId);
        if (!current) throw new NotFoundError("Market", marketId);
        if (changes.name === undefined) return current;
        const market: Market = { ...current, name: changes.name.trim(), updatedAt: clock.now() };
        await tx.markets.update(market);
        return market;
      });
    },

    async delete(principal, marketId) {
      if (!isUuidV4(marketId)) throw new NotFoundError("Market", marketId);
      await unitOfWork.transaction(async (tx) => {
        const market = await tx.markets.findById(principal.teamId, marketId);
        if (!market) throw new NotFoundError("Market", marketId);
        const outcome = await tx.markets.delete(principal.teamId, marketId);
        if (outcome === "not_found") throw new NotFoundError("Market", marketId);
        if (outcome === "in_use") {
          throw new ConflictError(`Market ${market.name} is linked to one or more offers; remove it from them first`);
        }
      });
    },

    async addArea(principal, marketId, input) {
      const problems = validateArea(input);
      if (problems.length > 0) throw new InvalidInputError(problems);
      if (!isUuidV4(marketId)) throw new NotFoundError("Market", marketId);
      return unitOfWork.transaction(async (tx) => {
        const market = await tx.markets.findById(principal.teamId, marketId);
        if (!market) throw new NotFoundError("Market", marketId);
        const now = clock.now();
        const area: MarketArea = {
          id: ids.uuid(),
          kind: input.kind === undefined ? "zip" : input.kind,
          value: input.value,
          createdAt: now,
        };
        await tx.markets.addArea(market.id, area);
        return area;
      });
    },

    async removeArea(principal, marketId, areaId) {
      if (!isUuidV4(marketId)) throw new NotFoundError("Market", marketId);
      if (!isUuidV4(areaId)) throw new NotFoundError("Area", areaId);
      await unitOfWork.transaction(async (tx) => {
        const market = await tx.markets.findById(principal.teamId, marketId);
        if (!market) throw new NotFoundError("Market", marketId);
        if (!(await tx.markets.removeArea(market.id, areaId, clock.now()))) throw new NotFoundError("Area", areaId);
      });
    },
  };
}

/**
 * Problems with a market's fields, field name first; empty when valid. A create needs a name; an
 * update checks only the fields it carries (see `parseNewMarket`, `parseMarketChanges`).
 *
 * @example
 * validateMarket({ name: "" }, { creating: true }); // ["name must not be empty"]
 */
export function validateMarket(input: unknown, options: { creating: boolean }): string[] {
  const parsed = options.creating ? parseNewMarket(input) : parseMarketChanges(input);
  return parsed.ok ? [] : parsed.problems;
}

/**
 * Problems with a new area, field name first; empty when valid (see `parseNewArea`).
 *
 * @example
 * validateArea({ value: "78701" }); // []
 * validateArea({ kind: "zip", value: "7870" }); // ["value must be a 5-digit US ZIP code"]
 */
export function validateArea(input: unknown): string[] {
  const parsed = parseNewArea(input);
  return parsed.ok ? [] : parsed.problems;
}
