/**
 * Brands to JSON.
 *
 * @module
 */

import type { Brand } from "@marketplace/core";

export function brandJson(brand: Brand) {
  return {
    id: brand.id,
    name: brand.name,
    logoUrl: brand.logoUrl,
    createdAt: brand.createdAt.toISOString(),
    updatedAt: brand.updatedAt.toISOString(),
  };
}
