/**
 * Portal links' rules, Svix-style: the operator issues a single-use, expiring link that opens a session
 * of the webhooks portal for one team, limited to some capabilities, which an operator's own
 * product can embed. Links and sessions are revoked by label.
 *
 * - **link**: `mp_` + 32 random bytes (base64url); only its SHA-256 is stored. Opened once, before
 *   `expiresAt`.
 * - **session**: opening the link issues a session token (`mp_…` too, stored hashed) that lasts
 *   until the link's `expiresAt`.
 *
 * @module
 */

import { randomBytes, toBase64Url } from "../crypto.ts";
import {
  arrayOf,
  boolean,
  documented,
  int,
  type JsonSchema,
  objectSchema,
  oneOf,
  optional,
  type ParseResult,
  parseObject,
  text,
} from "../fields/fields.ts";
import { sha256HexSync } from "../sha256.ts";

/** What a portal session may do. */
export const PORTAL_CAPABILITIES = [
  "view",
  "manage_endpoints",
  "view_secrets",
  "rotate_secrets",
  "replay",
  "send_tests",
] as const;

/** One capability of a portal session. */
export type PortalCapability = (typeof PORTAL_CAPABILITIES)[number];

/** Default life of a link (and the session it opens): 1 hour. */
export const DEFAULT_PORTAL_LINK_TTL_SECONDS = 60 * 60;
/** Longest life of a link (and its session): 24 hours. */
export const MAX_PORTAL_LINK_TTL_SECONDS = 24 * 60 * 60;

/** A stored link (and, once opened, its session). */
export interface PortalLink {
  id: string;
  teamId: string;
  capabilities: PortalCapability[];
  sessionLabel: string;
  createdAt: Date;
  expiresAt: Date;
  openedAt: Date | null;
}

/** A portal session found by its token. */
export interface PortalSession {
  linkId: string;
  teamId: string;
  capabilities: readonly PortalCapability[];
  sessionLabel: string;
  expiresAt: Date;
  /** When the link was opened (the session's start); null only for links never opened. */
  openedAt?: Date | null;
}

/** Stores portal links and their sessions (tokens only as hashes). */
export interface PortalLinkRepository {
  insert(link: PortalLink & { linkTokenHash: string }): Promise<void>;
  /**
   * Marks the unopened, unexpired link with this hash opened at `at` with the session's hash, in one
   * statement; the link, or null (unknown, used or expired).
   */
  open(linkTokenHash: string, sessionTokenHash: string, at: Date): Promise<PortalLink | null>;
  /** The open session with this hash, unexpired at `at`, or null. */
  findSession(sessionTokenHash: string, at: Date): Promise<PortalLink | null>;
  /** Deletes the team's links and sessions of this label; how many. */
  revoke(teamId: string, sessionLabel: string): Promise<number>;
}

/** Input of `portalLinks.create` (checked by `parseNewPortalLink`). */
export interface NewPortalLink {
  capabilities?: PortalCapability[];
  /** Seconds, 60 to 86400; default 3600. */
  expiresIn?: number;
  /** true: `view` only, whatever `capabilities` says. */
  readOnly?: boolean;
  sessionLabel: string;
}

const PORTAL_LINK_FIELDS = {
  capabilities: optional(
    documented(arrayOf(oneOf(PORTAL_CAPABILITIES), { min: 1, max: PORTAL_CAPABILITIES.length }), {
      description:
        "What the session may do; default [view]. view: the webhooks pages; manage_endpoints: add, change, pause, delete; view_secrets: see a secret when it is issued; rotate_secrets; replay: resend and recover; send_tests.",
      example: ["view", "replay"],
    }),
  ),
  expiresIn: optional(
    documented(int(60, MAX_PORTAL_LINK_TTL_SECONDS), {
      description: "Seconds until the link and its session expire (60 to 86400); default 3600",
    }),
  ),
  readOnly: optional(documented(boolean(), { description: "true: view only, whatever capabilities says" })),
  sessionLabel: documented(text({ min: 1, max: 100, noControlCharacters: true }), {
    description: "Names the session (e.g. your user's id); DELETE …/portal-links?sessionLabel= ends them",
    example: "acme-user-42",
  }),
};

/** JSON Schema of a create-portal-link body. */
export const NEW_PORTAL_LINK_SCHEMA: JsonSchema = objectSchema(PORTAL_LINK_FIELDS);

/** Parses the input of `portalLinks.create`. */
export function parseNewPortalLink(input: unknown): ParseResult<NewPortalLink> {
  return parseObject(PORTAL_LINK_FIELDS, input);
}

/** The capabilities a link grants: `view` always, only `view` when read-only. */
export function grantedCapabilities(input: Pick<NewPortalLink, "capabilities" | "readOnly">): PortalCapability[] {
  if (input.readOnly) return ["view"];
  return [...new Set<PortalCapability>(["view", ...(input.capabilities ?? [])])];
}

/** A new link or session token and its stored hash. */
export function portalToken(): { token: string; hash: string } {
  const token = `mp_${toBase64Url(randomBytes(32))}`;
  return { token, hash: sha256HexSync(token) };
}

/** True for a token of the link's shape (checked before any look-up). */
export function isPortalToken(token: string | undefined | null): token is string {
  return typeof token === "string" && /^mp_[A-Za-z0-9_-]{43}$/.test(token);
}
