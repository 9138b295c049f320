/**
 * Brands in memory: names unique per team, compared case-insensitively (see team-names.ts).
 *
 * @module
 */

import type { Brand, BrandRepository } from "../../brands/index.ts";
import { copy, InMemoryConstraintError, type InMemoryContext } from "../in-memory-database.ts";
import { keysetPage } from "./keyset.ts";
import { BRANDS, OFFERS } from "./offer-tables.ts";
import { refuseTakenName } from "./team-names.ts";
import { TEAMS } from "./teams.ts";

/** The in-memory `BrandRepository`. */
export function inMemoryBrands(context: InMemoryContext): BrandRepository {
  const rows = () => context.tables.rows(BRANDS);
  const ofTeam = (teamId: string, id: string) => {
    const brand = rows().get(id);
    return brand && brand.teamId === teamId ? brand : undefined;
  };
  const checkName = (brand: Brand) => refuseTakenName(rows().values(), brand, "brand", "brands_team_name");
  return {
    async insert(brand) {
      if (!context.tables.rows(TEAMS).has(brand.teamId)) {
        throw new InMemoryConstraintError("23503", "brands_team_id_fkey", `team ${brand.teamId} does not exist`);
      }
      if (rows().has(brand.id)) throw new InMemoryConstraintError("23505", "brands_pkey", `brand ${brand.id} exists`);
      checkName(brand);
      rows().set(brand.id, copy(brand));
    },
    async update(brand) {
      const stored = ofTeam(brand.teamId, brand.id);
      if (!stored) return;
      checkName(brand);
      stored.name = brand.name;
      stored.logoUrl = brand.logoUrl;
      stored.updatedAt = new Date(brand.updatedAt);
    },
    async findById(teamId, id) {
      const brand = ofTeam(teamId, id);
      return brand ? copy(brand) : null;
    },
    async list(teamId, page) {
      const mine = [...rows().values()].filter((brand) => brand.teamId === teamId);
      return keysetPage(mine, page, (id) => ofTeam(teamId, id)).map(copy);
    },
    async delete(teamId, id) {
      if (!ofTeam(teamId, id)) return "not_found";
      const offers = [...context.tables.rows(OFFERS).values()].filter((offer) => offer.brandId === id);
      if (offers.some((offer) => offer.deletedAt === null)) return "in_use";
      for (const offer of offers) offer.brandId = null;
      rows().delete(id);
      return "deleted";
    },
  };
}
