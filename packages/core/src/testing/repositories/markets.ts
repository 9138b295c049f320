/**
 * Markets and their areas in memory. Names are unique per team, compared case-insensitively
 * (see team-names.ts); an area is unique per market,
 * kind and value. Reads give the areas ordered by value, then kind, then id, as the SQL adapter does.
 *
 * @module
 */

import { ConflictError, NotFoundError } from "../../errors.ts";
import type { Market, MarketArea, MarketRepository } from "../../markets/index.ts";
import { copy, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { keysetPage } from "./keyset.ts";
import { MARKETS, OFFERS } from "./offer-tables.ts";
import { newestFirst } from "./ordering.ts";
import { refuseTakenName } from "./team-names.ts";
import { TEAMS } from "./teams.ts";

const AREA_KINDS: readonly string[] = ["zip"];

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A copy of the market with its areas in the SQL adapter's order. */
function marketOf(market: Market): Market {
  const out = copy(market);
  out.areas.sort((a, b) => byText(a.value, b.value) || byText(a.kind, b.kind) || byText(a.id, b.id));
  return out;
}

/** The in-memory `MarketRepository`. */
export function inMemoryMarkets(context: InMemoryContext): MarketRepository {
  const rows = () => context.tables.rows(MARKETS);
  const ofTeam = (teamId: string, id: string) => {
    const market = rows().get(id);
    return market && market.teamId === teamId ? market : undefined;
  };
  const teamMarkets = (teamId: string) => [...rows().values()].filter((market) => market.teamId === teamId);
  const checkName = (market: Market) => refuseTakenName(rows().values(), market, "market", "markets_team_name");
  /** The area checks of the `market_areas` table: kind, primary key, (market, kind, value) unique. */
  const checkArea = (areas: readonly MarketArea[], area: MarketArea, message: string) => {
    if (!AREA_KINDS.includes(area.kind)) {
      throw new InMemoryConstraintError("23514", "market_areas_kind_check", `area kind ${area.kind} is not allowed`);
    }
    const ids = [...rows().values()].flatMap((market) => market.areas.map((stored) => stored.id));
    if (ids.includes(area.id))
      throw new InMemoryConstraintError("23505", "market_areas_pkey", `area ${area.id} exists`);
    if (areas.some((other) => other.kind === area.kind && other.value === area.value)) {
      const cause = new InMemoryConstraintError("23505", "market_areas_market_kind_value", message);
      throw new ConflictError(message, { cause });
    }
  };
  return {
    async insert(market) {
      if (!context.tables.rows(TEAMS).has(market.teamId)) {
        throw new InMemoryConstraintError("23503", "markets_team_id_fkey", `team ${market.teamId} does not exist`);
      }
      if (rows().has(market.id))
        throw new InMemoryConstraintError("23505", "markets_pkey", `market ${market.id} exists`);
      checkName(market);
      const areas: MarketArea[] = [];
      for (const area of market.areas) {
        checkArea(areas, area, "A market cannot have the same area twice");
        areas.push(area);
      }
      rows().set(market.id, copy(market));
    },
    async update(market) {
      const stored = ofTeam(market.teamId, market.id);
      if (!stored) return;
      checkName(market);
      stored.name = market.name;
      stored.updatedAt = new Date(market.updatedAt);
    },
    async findById(teamId, id) {
      const market = ofTeam(teamId, id);
      return market ? marketOf(market) : null;
    },
    async findByIds(teamId, ids) {
      const wanted = new Set(ids);
      return teamMarkets(teamId)
        .filter((market) => wanted.has(market.id))
        .sort(newestFirst)
        .map(marketOf);
    },
    async findByNames(teamId, names) {
      const wanted = new Set(names.map((name) => name.toLowerCase()));
      return teamMarkets(teamId)
        .filter((market) => wanted.has(market.name.toLowerCase()))
        .sort(newestFirst)
        .map(marketOf);
    },
    async list(teamId, page) {
      return keysetPage(teamMarkets(teamId), page, (id) => ofTeam(teamId, id)).map(marketOf);
    },
    async listNames(teamId) {
      return teamMarkets(teamId)
        .sort((a, b) => byText(a.name.toLowerCase(), b.name.toLowerCase()) || byText(a.id, b.id))
        .map(({ id, name }) => ({ id, name }));
    },
    async delete(teamId, id) {
      if (!ofTeam(teamId, id)) return "not_found";
      const linked = [...context.tables.rows(OFFERS).values()].filter((offer) => offer.marketIds.includes(id));
      if (linked.some((offer) => offer.deletedAt === null)) return "in_use";
      for (const offer of linked) offer.marketIds = offer.marketIds.filter((marketId) => marketId !== id);
      rows().delete(id);
      return "deleted";
    },
    async addArea(marketId, area) {
      const market = rows().get(marketId);
      if (!market) {
        const cause = new InMemoryConstraintError("23503", "market_areas_market_id_fkey", `no market ${marketId}`);
        throw new NotFoundError("Market", marketId, { cause });
      }
      checkArea(market.areas, area, `The market already has ${area.kind} area ${area.value}`);
      market.areas.push(copy(area));
      market.updatedAt = new Date(area.createdAt);
    },
    async removeArea(marketId, areaId, at) {
      const market = rows().get(marketId);
      const index = market ? market.areas.findIndex((area) => area.id === areaId) : -1;
      if (!market || index < 0) return false;
      market.areas.splice(index, 1);
      market.updatedAt = new Date(at);
      return true;
    },
  };
}
