import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  type Marketplace,
  mapListResult,
  NEW_API_KEY_SCHEMA,
  NEW_TEAM_SCHEMA,
  pageRequest,
  parseNewApiKey,
  parseNewTeam,
  TEAM_ROLES,
} from "@marketplace/core";
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
import { apiKeyJson, issuedApiKeyJson, teamJson } from "../serializers.ts";
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

/** `/admin` routes: team and key bootstrap, behind the admin token. */
export function adminRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  app.openapi(createTeam, async (c) => {
    const { team, apiKey } = await marketplace.teams.create(c.req.valid("json"));
    return c.json({ ...teamJson(team), apiKey: issuedApiKeyJson(apiKey) }, 201);
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
    const key = await marketplace.teams.createApiKey(c.req.valid("param").id, { name: body.name ?? null });
    return c.json(issuedApiKeyJson(key), 201);
  });

  app.openapi(revokeKey, async (c) => {
    const { id, keyId } = c.req.valid("param");
    return c.json(apiKeyJson(await marketplace.teams.revokeApiKey(id, keyId)), 200);
  });

  return app;
}
