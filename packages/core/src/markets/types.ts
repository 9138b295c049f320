/**
 * Markets: where a provider's linked offers are available.
 *
 * @module
 */

/** The kinds of geographic area a market is made of. */
export const AREA_KINDS = ["zip"] as const;

/** A geographic area's kind; `zip` is a 5-digit US ZIP code. */
export type AreaKind = (typeof AREA_KINDS)[number];

/** One geographic area of a market. */
export interface MarketArea {
  id: string;
  kind: AreaKind;
  value: string;
  createdAt: Date;
}

/** A provider's market: where its linked offers are available. */
export interface Market {
  id: string;
  teamId: string;
  name: string;
  areas: MarketArea[];
  createdAt: Date;
  updatedAt: Date;
}
