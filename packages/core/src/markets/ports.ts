/**
 * Ports of markets.
 *
 * @module
 */

import type { PageRequest } from "../pagination.ts";
import type { Market, MarketArea } from "./types.ts";

/** A market's id and name, without its areas. */
export interface MarketName {
  id: string;
  name: string;
}

/** Stores markets and their areas. */
export interface MarketRepository {
  /** Inserts a market (with no areas); ConflictError on a duplicate name within the team. */
  insert(market: Market): Promise<void>;
  /** Saves the name; ConflictError on a duplicate name. */
  update(market: Market): Promise<void>;
  /** The team's market with its areas, or null. */
  findById(teamId: string, id: string): Promise<Market | null>;
  /** The team's markets among these ids (areas included). */
  findByIds(teamId: string, ids: readonly string[]): Promise<Market[]>;
  /** The team's markets with these names, compared case-insensitively (areas included). */
  findByNames(teamId: string, names: readonly string[]): Promise<Market[]>;
  /** The team's markets, newest first, with their areas. */
  list(teamId: string, page: PageRequest): Promise<Market[]>;
  /** Every market of the team by id and name only (no areas), by name: for pickers and filters. */
  listNames(teamId: string): Promise<MarketName[]>;
  /** Deletes the market unless an offer that is not deleted links to it. */
  delete(teamId: string, id: string): Promise<"deleted" | "in_use" | "not_found">;
  /** Adds an area and sets the market's updatedAt to its createdAt; ConflictError when the market already has it. */
  addArea(marketId: string, area: MarketArea): Promise<void>;
  /** Removes an area and sets the market's updatedAt to `at`; false when the market has no such area. */
  removeArea(marketId: string, areaId: string, at: Date): Promise<boolean>;
}
