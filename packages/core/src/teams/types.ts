/**
 * Teams, their API keys and the principal a use case runs for.
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
