import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  type Marketplace,
  mapListResult,
  operatorCaller,
  pageRequest,
  requestOrigin,
  TEAM_ROLES,
} from "@marketplace/core";
import { NEW_INVITE_SCHEMA, parseNewInvite } from "@marketplace/core/members";
import { NEW_API_KEY_SCHEMA, NEW_TEAM_SCHEMA, parseNewApiKey, parseNewTeam } from "@marketplace/core/teams";
import { NEW_PORTAL_LINK_SCHEMA, parseNewPortalLink } from "@marketplace/core/webhooks";
import type { Context } from "hono";
import { type ClientIpOptions, resolveClientIp } from "../client-ip.ts";
import { DEFAULT_DOCUMENTED_SETTINGS, durationText, type ResolvedDocumentedSettings } from "../documented-settings.ts";
import { zodCommand } from "../fields.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import {
  emptyBodyIsNoBody,
  errorResponses,
  Id,
  json,
  listQuery,
  listResponse,
  NoQuery,
  noBody,
  pathParam,
  Timestamp,
} from "../schemas.ts";
import {
  apiKeyJson,
  createdTeamJson,
  inviteJson,
  issuedApiKeyJson,
  portalLinkJson,
  revokedPortalLinksJson,
  teamJson,
} from "../serializers/index.ts";
import { validationHook } from "../validation.ts";

const TeamSchema = z
  .object({ id: Id, name: z.string(), role: z.enum(TEAM_ROLES), createdAt: Timestamp, updatedAt: Timestamp })
  .openapi("Team");

const IssuedApiKeySchema = z
  .object({
    id: Id,
    key: z.string().openapi({ description: "The full key: shown in this response only, never again" }),
    prefix: z.string().openapi({ example: "mk_Ab3dE9xQ" }),
    name: z.string().nullable(),
    createdAt: Timestamp,
  })
  .openapi("IssuedApiKey");

const ApiKeySchema = z
  .object({
    id: Id,
    teamId: Id,
    name: z.string().nullable(),
    prefix: z.string(),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable(),
    revokedAt: Timestamp.nullable(),
  })
  .openapi("ApiKey");

const CreatedTeamSchema = TeamSchema.extend({ apiKey: IssuedApiKeySchema }).openapi("CreatedTeam");

// Bodies: the core's team parsers, documented from their fields.
const CreateTeamSchema = zodCommand("CreateTeam", parseNewTeam, NEW_TEAM_SCHEMA);

const CreateApiKeySchema = zodCommand("CreateApiKey", parseNewApiKey, NEW_API_KEY_SCHEMA);

const CreateInviteSchema = zodCommand("CreateInvite", parseNewInvite, NEW_INVITE_SCHEMA);

const InviteSchema = z
  .object({
    inviteUrl: z.string().openapi({
      description: "The dashboard link that lets the person join (single use); a secret: hand it over privately",
      example: "https://market.example.com/dashboard/invite/mi_…",
    }),
    expiresAt: Timestamp,
  })
  .openapi("Invite");

const TeamParams = z.object({ id: pathParam("id") });
const KeyParams = z.object({ id: pathParam("id"), keyId: pathParam("keyId") });

const security = [{ adminToken: [] }];
const tags = ["Admin"];

const createTeam = createRoute({
  method: "post",
  path: "/teams",
  tags,
  security,
  summary: "Create a team and its first API key (shown once)",
  request: { body: { required: true, content: json(CreateTeamSchema) } },
  responses: {
    201: { description: "The team with its first key", content: json(CreatedTeamSchema) },
    ...errorResponses(400, 401, 413, 415, 500),
  },
});

const listTeams = createRoute({
  method: "get",
  path: "/teams",
  tags,
  security,
  summary: "List teams, newest first",
  request: { query: listQuery() },
  responses: {
    200: { description: "Teams", content: json(listResponse(TeamSchema, "Team")) },
    ...errorResponses(400, 401, 500),
  },
});

const getTeam = createRoute({
  method: "get",
  path: "/teams/{id}",
  tags,
  security,
  summary: "Get a team",
  request: { params: TeamParams, query: NoQuery },
  responses: { 200: { description: "The team", content: json(TeamSchema) }, ...errorResponses(400, 401, 404, 500) },
});

const listKeys = createRoute({
  method: "get",
  path: "/teams/{id}/api-keys",
  tags,
  security,
  summary: "List a team's API keys (prefixes only)",
  request: { params: TeamParams, query: NoQuery },
  responses: {
    200: { description: "Keys, newest first", content: json(z.array(ApiKeySchema)) },
    ...errorResponses(400, 401, 404, 500),
  },
});

const createKey = createRoute({
  method: "post",
  path: "/teams/{id}/api-keys",
  tags,
  security,
  summary: "Issue another API key for a team (shown once)",
  request: { params: TeamParams, body: { required: false, content: json(CreateApiKeySchema) } },
  responses: {
    201: { description: "The new key", content: json(IssuedApiKeySchema) },
    ...errorResponses(400, 401, 404, 413, 415, 500),
  },
});

const revokeKey = createRoute({
  method: "delete",
  path: "/teams/{id}/api-keys/{keyId}",
  tags,
  security,
  summary: "Revoke an API key at once (idempotent)",
  request: { params: KeyParams, query: NoQuery, body: noBody },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: { description: "The revoked key", content: json(ApiKeySchema) },
    ...errorResponses(400, 401, 404, 413, 415, 500),
  },
});

/** The invite route; its description states how long the link works (`inviteTtlMs`). */
const createInviteRoute = (inviteTtlMs: number) =>
  createRoute({
    method: "post",
    path: "/teams/{id}/invites",
    tags,
    security,
    summary: "Invite a person to a team's dashboard (e.g. its first owner)",
    description: `Returns a single-use link to the dashboard, valid ${durationText(inviteTtlMs)}, where the person chooses a password and joins the team with the role. The link is shown in this response only.`,
    request: { params: TeamParams, body: { required: true, content: json(CreateInviteSchema) } },
    responses: {
      201: { description: "The invite link", content: json(InviteSchema) },
      ...errorResponses(400, 401, 404, 413, 415, 422, 500),
    },
  });

const CreatePortalLinkSchema = zodCommand("CreatePortalLink", parseNewPortalLink, NEW_PORTAL_LINK_SCHEMA);

const PortalLinkSchema = z
  .object({
    url: z.string().openapi({
      description:
        "The single-use link that opens a webhooks-portal session for the team; a secret: give it to your signed-in user only (e.g. as an iframe's src)",
      example: "https://market.example.com/dashboard/portal/mp_…",
    }),
    expiresAt: Timestamp,
  })
  .openapi("PortalLink");

const createPortalLink = createRoute({
  method: "post",
  path: "/teams/{id}/portal-links",
  tags,
  security,
  summary: "Issue a portal link: the webhooks portal for one team, embeddable, with chosen capabilities",
  description:
    "Returns a single-use link that opens a session of the dashboard's webhooks pages for the team, limited to the capabilities (read-only: view only), until expiresAt. The session sees no other page; a request outside its capabilities is 403 and logged. The dashboard may be framed only by the origins of MARKETPLACE_PORTAL_FRAME_ANCESTORS.",
  request: { params: TeamParams, body: { required: true, content: json(CreatePortalLinkSchema) } },
  responses: {
    201: { description: "The portal link", content: json(PortalLinkSchema) },
    ...errorResponses(400, 401, 404, 413, 415, 500),
  },
});

const revokePortalLinks = createRoute({
  method: "delete",
  path: "/teams/{id}/portal-links",
  tags,
  security,
  summary: "End the team's portal links and sessions of a label",
  request: {
    params: TeamParams,
    query: z.strictObject({
      sessionLabel: z
        .string()
        .min(1)
        .max(100)
        .openapi({ description: "The label given at issue", example: "acme-user-42" }),
    }),
    body: noBody,
  },
  middleware: emptyBodyIsNoBody,
  responses: {
    200: {
      description: "How many links and sessions ended",
      content: json(z.object({ revoked: z.number().int() }).openapi("RevokedPortalLinks")),
    },
    ...errorResponses(400, 401, 404, 413, 415, 500),
  },
});

/** What the admin routes need besides the use cases. */
export interface AdminRouteOptions {
  /** The dashboard's public URL (e.g. `https://market.example.com/dashboard`); default: this origin + `/dashboard`. */
  dashboardUrl?: string | null;
  /** How the client's address is found (kept on the audit log). */
  clientIp?: ClientIpOptions;
  /** The settings the document states (createApp's `documentedSettings`, resolved); default the defaults. */
  settings?: Pick<ResolvedDocumentedSettings, "inviteTtlMs">;
}

/** `/admin` routes: team and key bootstrap, behind the admin token. */
export function adminRoutes(marketplace: Marketplace, options: AdminRouteOptions = {}) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const operator = (c: Context) =>
    operatorCaller(
      requestOrigin(options.clientIp ? resolveClientIp(c, options.clientIp) : null, c.req.header("user-agent") ?? null),
    );

  app.openapi(createTeam, async (c) => {
    return c.json(createdTeamJson(await marketplace.teams.create(c.req.valid("json"))), 201);
  });

  app.openapi(listTeams, async (c) => {
    const result = await marketplace.teams.list(pageRequest("teams", c.req.valid("query")));
    return c.json(mapListResult(result, teamJson), 200);
  });

  app.openapi(getTeam, async (c) => c.json(teamJson(await marketplace.teams.get(c.req.valid("param").id)), 200));

  app.openapi(listKeys, async (c) => {
    const keys = await marketplace.teams.listApiKeys(c.req.valid("param").id);
    return c.json(keys.map(apiKeyJson), 200);
  });

  app.openapi(createKey, async (c) => {
    const body = c.req.valid("json") ?? {};
    const key = await marketplace.apiKeys.create(c.req.valid("param").id, { name: body.name ?? null }, operator(c));
    return c.json(issuedApiKeyJson(key), 201);
  });

  app.openapi(revokeKey, async (c) => {
    const { id, keyId } = c.req.valid("param");
    return c.json(apiKeyJson(await marketplace.apiKeys.revoke(id, keyId, operator(c))), 200);
  });

  app.openapi(createInviteRoute((options.settings ?? DEFAULT_DOCUMENTED_SETTINGS).inviteTtlMs), async (c) => {
    const issued = await marketplace.members.invite(c.req.valid("param").id, c.req.valid("json"), operator(c));
    const dashboardUrl = options.dashboardUrl ?? `${new URL(c.req.url).origin}/dashboard`;
    c.header("cache-control", "no-store");
    return c.json(inviteJson(issued, dashboardUrl), 201);
  });

  app.openapi(createPortalLink, async (c) => {
    const created = await marketplace.portalLinks.create(c.req.valid("param").id, c.req.valid("json"), operator(c));
    const dashboardUrl = options.dashboardUrl ?? `${new URL(c.req.url).origin}/dashboard`;
    c.header("cache-control", "no-store");
    return c.json(portalLinkJson(created, dashboardUrl), 201);
  });

  app.openapi(revokePortalLinks, async (c) => {
    const revoked = await marketplace.portalLinks.revoke(
      c.req.valid("param").id,
      c.req.valid("query").sessionLabel,
      operator(c),
    );
    return c.json(revokedPortalLinksJson(revoked), 200);
  });

  return app;
}
