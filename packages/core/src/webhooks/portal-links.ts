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
  type Field,
  int,
  type JsonSchema,
  object,
  objectSchema,
  oneOf,
  optional,
  type ParseResult,
  parseObject,
  refined,
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

/** A link's colours (`#rrggbb`): `accent` for links and buttons, on `background` (default white). */
export interface PortalLinkTheme {
  accent: string;
  /** The page's background; given, the theme holds in both colour schemes; absent, in the light one only. */
  background?: string;
}

/** The least contrast of the accent on its background: WCAG 2.2 AA for text, 4.5:1. */
export const PORTAL_THEME_MIN_CONTRAST = 4.5;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** True for a `#rrggbb` colour. */
export function isHexColour(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value);
}

function hexColour(description: string, example: string): Field<string> {
  return refined(text({ min: 1, max: 7 }), isHexColour, "must be a colour as #rrggbb", {
    pattern: "^#[0-9a-fA-F]{6}$",
    description,
    example,
  });
}

const THEME_FIELD = documented(
  refined(
    object({
      accent: hexColour("Links and buttons", "#7a1fa2"),
      background: optional(hexColour("The page's background; default white (and the dark scheme's own)", "#fdf6e3")),
    }),
    (theme) => contrastRatio(theme.accent, theme.background ?? "#ffffff") >= PORTAL_THEME_MIN_CONTRAST,
    "accent must contrast at least 4.5:1 with the background (WCAG AA)",
  ),
  {
    description:
      "The session's colours. accent must contrast at least 4.5:1 with background (white when absent; then the dark colour scheme keeps the dashboard's own colours).",
  },
);

/** Parses a theme as the link's `theme` field does (the stylesheet route checks its colours so). */
export function parsePortalLinkTheme(input: unknown): PortalLinkTheme | null {
  const problems: string[] = [];
  const theme = THEME_FIELD.parse(input, "theme", problems);
  return problems.length > 0 ? null : lowerCased(theme);
}

function lowerCased(theme: PortalLinkTheme): PortalLinkTheme {
  return {
    accent: theme.accent.toLowerCase(),
    ...(theme.background !== undefined && { background: theme.background.toLowerCase() }),
  };
}

/** A stored link (and, once opened, its session). */
export interface PortalLink {
  id: string;
  teamId: string;
  capabilities: PortalCapability[];
  sessionLabel: string;
  createdAt: Date;
  expiresAt: Date;
  openedAt: Date | null;
  /** The colours of its session's pages, or null for the dashboard's. */
  theme?: PortalLinkTheme | null;
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
  /** The link's colours, or null. */
  theme?: PortalLinkTheme | null;
}

/** Input of `portalLinks.create` (checked by `parseNewPortalLink`). */
export interface NewPortalLink {
  capabilities?: PortalCapability[];
  /** Seconds, 60 to 86400; default 3600. */
  expiresIn?: number;
  /** true: `view` only, whatever `capabilities` says. */
  readOnly?: boolean;
  sessionLabel: string;
  theme?: PortalLinkTheme;
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
  theme: optional(THEME_FIELD),
};

/** JSON Schema of a create-portal-link body. */
export const NEW_PORTAL_LINK_SCHEMA: JsonSchema = objectSchema(PORTAL_LINK_FIELDS);

/** Parses the input of `portalLinks.create`. */
export function parseNewPortalLink(input: unknown): ParseResult<NewPortalLink> {
  const parsed = parseObject(PORTAL_LINK_FIELDS, input);
  if (!parsed.ok || parsed.value.theme === undefined) return parsed;
  return { ok: true, value: { ...parsed.value, theme: lowerCased(parsed.value.theme) } };
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
