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

/** A provider's offer. */
export interface Offer {
  id: string;
  teamId: string;
  name: string;
  sku: string | null;
  status: OfferStatus;
  serviceType: ServiceType;
  /** Decimal string with two decimals ("49.99"), or null while a draft has no price yet. */
  monthlyPrice: string | null;
  createdAt: Date;
  updatedAt: Date;
  publishedAt: Date | null;
}
