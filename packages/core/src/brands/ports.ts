/**
 * Ports of brands.
 *
 * @module
 */

import type { PageRequest } from "../pagination.ts";
import type { Brand } from "./types.ts";

/** Stores brands. */
export interface BrandRepository {
  /** Inserts a brand; ConflictError when the team has a brand of that name (case-insensitive). */
  insert(brand: Brand): Promise<void>;
  /** Saves name and logo; ConflictError on a duplicate name. */
  update(brand: Brand): Promise<void>;
  /** The team's brand, or null. */
  findById(teamId: string, id: string): Promise<Brand | null>;
  /** The team's brands, newest first, as the page request asks. */
  list(teamId: string, page: PageRequest): Promise<Brand[]>;
  /** Deletes the brand unless an offer that is not deleted references it. */
  delete(teamId: string, id: string): Promise<"deleted" | "in_use" | "not_found">;
}
