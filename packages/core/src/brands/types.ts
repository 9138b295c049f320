/**
 * Brands: a provider's visual identity.
 *
 * @module
 */

/** A brand as shown on offers and catalog entries instead of the team name. */
export interface BrandSummary {
  id: string;
  name: string;
  logoUrl: string | null;
}

/** A provider's visual identity. */
export interface Brand extends BrandSummary {
  teamId: string;
  createdAt: Date;
  updatedAt: Date;
}
