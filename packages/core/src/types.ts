/**
 * Terminology used across the marketplace core.
 *
 * - **team**: an organisation using the API. Its `role` is `provider` (sells services through the
 *   marketplace), `reseller` (sells providers' offers to consumers) or `hybrid` (both, one key).
 * - **API key**: a secret (`mk_…`) that authenticates a team. Only its SHA-256 hash is stored.
 * - **principal**: the authenticated caller of a use case: a team, its role and the key used.
 * - **offer**: a service a provider sells (an internet plan, an electricity tariff, …).
 * - **order**: what a reseller places for one customer; it holds one **item** per offer ordered.
 * - **consent**: a consumer's recorded decision about being contacted, with the disclosure shown.
 * - **event**: a fact about an order, stored in the outbox in the same transaction as the change.
 * - **delivery**: sending one event to the webhooks subscribed to it; each try is an **attempt**.
 *
 * @module
 */

/** The roles a team can have; a hybrid team may call provider and reseller endpoints alike. */
export const TEAM_ROLES = ["provider", "reseller", "hybrid"] as const;

/** A team's role: which endpoint classes its keys may call. */
export type TeamRole = (typeof TEAM_ROLES)[number];

/** An endpoint class guarded by role: `/provider/*` or `/reseller/*`. */
export type EndpointClass = "provider" | "reseller";

/** An organisation using the API. */
export interface Team {
  id: string;
  name: string;
  role: TeamRole;
  createdAt: Date;
  updatedAt: Date;
}

/** A stored API key: never the key itself, only its hash and a display prefix. */
export interface ApiKey {
  id: string;
  teamId: string;
  /** Optional label given at creation ("CI", "production"). */
  name: string | null;
  /** The first characters of the key, safe to display ("mk_Ab3dE9xQ"). */
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  /** When a rolled key stops working (its overlap ends); null or absent: no expiry. */
  expiresAt?: Date | null;
  /** Who created it, as a person reads it (a member's e-mail, `operator`); null or absent: unknown. */
  createdBy?: string | null;
}

/** An API key as stored, including the hash used to authenticate it. */
export interface StoredApiKey extends ApiKey {
  /** Lowercase hex SHA-256 of the full key. */
  keyHash: string;
  /** The role of the owning team, read in the same query. */
  teamRole: TeamRole;
}

/** A newly generated key: the only moment the plain key exists. */
export interface IssuedApiKey {
  id: string;
  /** The full secret, shown once and never stored. */
  key: string;
  prefix: string;
  name: string | null;
  createdAt: Date;
}

/** The authenticated caller of a use case. */
export interface Principal {
  teamId: string;
  role: TeamRole;
  apiKeyId: string;
}

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
