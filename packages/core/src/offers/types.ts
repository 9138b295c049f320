/**
 * Offers: the services a provider sells.
 *
 * @module
 */

import type { BrandSummary } from "../brands/index.ts";

/** Service types an offer can have: the top-level discriminator of the catalog. */
export const SERVICE_TYPES = ["internet", "electricity", "natural_gas", "tv", "mobile", "home_security"] as const;

/** An offer's service type. */
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Offer lifecycle: drafts are private to the provider; active offers appear in the catalog. */
export const OFFER_STATUSES = ["draft", "active"] as const;

/** An offer's status. */
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** How an internet service reaches the home. */
export const CONNECTION_TYPES = ["fiber", "cable", "dsl", "fixed_wireless", "satellite", "5g_home"] as const;

/** An internet offer's connection type. */
export type ConnectionType = (typeof CONNECTION_TYPES)[number];

/** Whether an electricity rate is fixed for the term or follows the market. */
export const RATE_TYPES = ["fixed", "variable"] as const;

/** An electricity offer's rate type. */
export type RateType = (typeof RATE_TYPES)[number];

/** Details of an internet offer; fields are null until the provider fills them in. */
export interface InternetDetails {
  downloadSpeedMbps: number | null;
  uploadSpeedMbps: number | null;
  connectionType: ConnectionType | null;
  /** Monthly data cap in GB; null means unlimited (or not stated yet). */
  dataCapGb: number | null;
}

/** Details of an electricity offer; fields are null until the provider fills them in. */
export interface ElectricityDetails {
  /** USD per kWh as a decimal string with up to four decimals ("0.1425"). */
  ratePerKwh: string | null;
  rateType: RateType | null;
  /** Share of renewable sources, 0 to 100. */
  renewablePercent: number | null;
  /** Length of the rate's term in months. */
  termMonths: number | null;
}

/** Partner signup: the consumer signs up on the provider's site (lead generation). */
export interface PartnerSignup {
  kind: "lead_gen";
  /** https URL with the `{orderItemId}` placeholder, e.g. `https://signup.example.com/?ref={orderItemId}`. */
  signupUrlTemplate: string | null;
}

/** The fields of an offer a provider edits (everything but identity, status and timestamps). */
export interface OfferFields {
  name: string;
  sku: string | null;
  serviceType: ServiceType;
  description: string | null;
  marketingHeadline: string | null;
  brandId: string | null;
  marketIds: string[];
  /** Decimal string with two decimals ("49.99"); required to publish. */
  monthlyPrice: string | null;
  promoMonthlyPrice: string | null;
  /** How many months the promotional price lasts. */
  promoDurationMonths: number | null;
  /** Contract length in months; null means no contract (month to month). */
  contractTermMonths: number | null;
  /** What a reseller earns per accepted item, decimal string. */
  commission: string | null;
  partnerSignup: PartnerSignup | null;
  /** https URL receiving unsigned `order.item.created` when the team has no webhook at all. */
  submissionUrl: string | null;
  /** Present (possibly with null fields) when serviceType is internet, else null. */
  internet: InternetDetails | null;
  /** Present (possibly with null fields) when serviceType is electricity, else null. */
  electricity: ElectricityDetails | null;
}

/** A provider's offer. */
export interface Offer extends OfferFields {
  id: string;
  teamId: string;
  status: OfferStatus;
  /** The brand displayed, read with the offer (a rename shows at once). */
  brand: BrandSummary | null;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}
