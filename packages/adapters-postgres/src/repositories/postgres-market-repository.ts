import {
  ConflictError,
  isUuidV4,
  type Market,
  type MarketArea,
  type MarketName,
  NotFoundError,
  type PageRequest,
} from "@marketplace/core";
import type { AreaKind, MarketRepository } from "@marketplace/core/markets";
import { type Kysely, sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import { isUniqueViolation } from "../errors.ts";
import { applyPage } from "../pagination.ts";
import type { Database } from "../schema.ts";
import { inTransaction } from "../transactions.ts";

/**
 * Markets and their areas in PostgreSQL. Names are unique per team, case-insensitively (index on
 * `lower(name)`); an area is unique per market, kind and value. Every read fetches the markets and
 * their areas in one query (a `json_agg` subquery per market, ordered by value). Adding or removing an
 * area moves the market's `updated_at` in the same statement.
 */
export class PostgresMarketRepository implements MarketRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(market: Market): Promise<void> {
    const insertMarket = (db: Kysely<Database>) =>
      db
        .insertInto("markets")
        .values({
          id: market.id,
          team_id: market.teamId,
          name: market.name,
          created_at: market.createdAt,
          updated_at: market.updatedAt,
        })
        .execute();
    try {
      if (market.areas.length === 0) {
        await insertMarket(this.db);
        return;
      }
      await inTransaction(this.db, async (trx) => {
        await insertMarket(trx);
        await trx
          .insertInto("market_areas")
          .values(market.areas.map((area) => areaRow(market.id, area)))
          .execute();
      });
    } catch (error) {
      if (isUniqueViolation(error, "markets_team_name")) {
        throw new ConflictError(`A market named ${market.name} already exists`, { cause: error });
      }
      if (isUniqueViolation(error, "market_areas_market_kind_value")) {
        throw new ConflictError("A market cannot have the same area twice", { cause: error });
      }
      throw error;
    }
  }

  async update(market: Market): Promise<void> {
    try {
      await this.db
        .updateTable("markets")
        .set({ name: market.name, updated_at: market.updatedAt })
        .where("id", "=", market.id)
        .where("team_id", "=", market.teamId)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error, "markets_team_name")) {
        throw new ConflictError(`A market named ${market.name} already exists`, { cause: error });
      }
      throw error;
    }
  }

  async findById(teamId: string, id: string): Promise<Market | null> {
    const row = await this.selectMarkets(teamId).where("markets.id", "=", id).executeTakeFirst();
    return row ? toMarket(row) : null;
  }

  async findByIds(teamId: string, ids: readonly string[]): Promise<Market[]> {
    // A malformed id names no market; leaving it out keeps PostgreSQL from failing the uuid cast.
    const wanted = [...new Set(ids.filter(isUuidV4))];
    if (wanted.length === 0) return [];
    const rows = await this.selectMarkets(teamId)
      .where("markets.id", "in", wanted)
      .orderBy("markets.created_at", "desc")
      .orderBy("markets.id", "desc")
      .execute();
    return rows.map(toMarket);
  }

  async findByNames(teamId: string, names: readonly string[]): Promise<Market[]> {
    if (names.length === 0) return [];
    // lower() on both sides, exactly as the unique index compares names.
    const rows = await this.selectMarkets(teamId)
      .where(sql<boolean>`lower(markets.name) = any (select lower(n) from unnest(${[...names]}::text[]) as n)`)
      .orderBy("markets.created_at", "desc")
      .orderBy("markets.id", "desc")
      .execute();
    return rows.map(toMarket);
  }

  /** Id and name of every market of the team, by name (the `(team_id, lower(name))` unique index). */
  async listNames(teamId: string): Promise<MarketName[]> {
    return this.db
      .selectFrom("markets")
      .select(["id", "name"])
      .where("team_id", "=", teamId)
      .orderBy(sql`lower(name)`)
      .orderBy("id")
      .execute();
  }

  async list(teamId: string, page: PageRequest): Promise<Market[]> {
    const rows = await applyPage(
      this.selectMarkets(teamId),
      page,
      "markets",
      sql`cursor_row.team_id = ${teamId}`,
    ).execute();
    return rows.map(toMarket);
  }

  /**
   * Locks the market row first: linking an offer or adding an area takes a key-share lock on it (the
   * foreign key), so no new link can appear between the check and the delete. The delete cascades to
   * the market's areas and to the links of soft-deleted offers.
   */
  async delete(teamId: string, id: string): Promise<"deleted" | "in_use" | "not_found"> {
    return inTransaction(this.db, async (trx) => {
      const market = await trx
        .selectFrom("markets")
        .select("id")
        .where("id", "=", id)
        .where("team_id", "=", teamId)
        .forUpdate()
        .executeTakeFirst();
      if (!market) return "not_found";
      const linked = await trx
        .selectFrom("offer_markets")
        .innerJoin("offers", "offers.id", "offer_markets.offer_id")
        .select("offers.id")
        .where("offer_markets.market_id", "=", id)
        .where("offers.deleted_at", "is", null)
        .limit(1)
        .executeTakeFirst();
      if (linked) return "in_use";
      await trx.deleteFrom("markets").where("id", "=", id).execute();
      return "deleted";
    });
  }

  async addArea(marketId: string, area: MarketArea): Promise<void> {
    try {
      await this.db
        .with("added", (db) => db.insertInto("market_areas").values(areaRow(marketId, area)).returning("market_id"))
        .updateTable("markets")
        .set({ updated_at: area.createdAt })
        .where("id", "in", (eb) => eb.selectFrom("added").select("added.market_id"))
        .execute();
    } catch (error) {
      if (isUniqueViolation(error, "market_areas_market_kind_value")) {
        throw new ConflictError(`The market already has ${area.kind} area ${area.value}`, { cause: error });
      }
      // The market was deleted since the caller found it.
      if (isForeignKeyViolation(error)) throw new NotFoundError("Market", marketId, { cause: error });
      throw error;
    }
  }

  async removeArea(marketId: string, areaId: string, at: Date): Promise<boolean> {
    const result = await this.db
      .with("removed", (db) =>
        db.deleteFrom("market_areas").where("id", "=", areaId).where("market_id", "=", marketId).returning("market_id"),
      )
      .updateTable("markets")
      .set({ updated_at: at })
      .where("id", "in", (eb) => eb.selectFrom("removed").select("removed.market_id"))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The team's markets, each with its areas as a JSON array ordered by value (one query). */
  private selectMarkets(teamId: string) {
    return this.db
      .selectFrom("markets")
      .select((eb) => [
        "markets.id",
        "markets.team_id",
        "markets.name",
        "markets.created_at",
        "markets.updated_at",
        jsonArrayFrom(
          eb
            .selectFrom("market_areas")
            .select(["market_areas.id", "market_areas.kind", "market_areas.value", "market_areas.created_at"])
            .whereRef("market_areas.market_id", "=", "markets.id")
            .orderBy("market_areas.value")
            .orderBy("market_areas.kind")
            .orderBy("market_areas.id"),
        ).as("areas"),
      ])
      .where("markets.team_id", "=", teamId);
  }
}

interface MarketRow {
  id: string;
  team_id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  /** From JSON: timestamps arrive as ISO 8601 strings with an offset. */
  areas: Array<{ id: string; kind: string; value: string; created_at: string }>;
}

function toMarket(row: MarketRow): Market {
  return {
    id: row.id,
    teamId: row.team_id,
    name: row.name,
    areas: row.areas.map((area) => ({
      id: area.id,
      kind: area.kind as AreaKind,
      value: area.value,
      createdAt: new Date(area.created_at),
    })),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function areaRow(marketId: string, area: MarketArea) {
  return { id: area.id, market_id: marketId, kind: area.kind, value: area.value, created_at: area.createdAt };
}

function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23503";
}
