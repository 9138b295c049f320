/**
 * The teams feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { ApiKeyCache, type ApiKeyCacheOptions, type CachedApiKey } from "./api-key-cache.ts";
export { type GeneratedApiKey, generateApiKey, hashApiKey } from "./api-keys.ts";
export {
  type AuthenticationUseCases,
  authenticationUseCases,
  LAST_USED_RESOLUTION_MS,
} from "./authentication-use-cases.ts";
export {
  NEW_API_KEY_SCHEMA,
  NEW_TEAM_SCHEMA,
  type NewApiKey,
  type NewTeam,
  parseNewApiKey,
  parseNewTeam,
} from "./input.ts";
export type { ApiKeyChangeFeed, ApiKeyChangeListener, ApiKeyRepository, TeamRepository } from "./ports.ts";
export {
  type ApiKey,
  type EndpointClass,
  type IssuedApiKey,
  type Principal,
  type StoredApiKey,
  TEAM_ROLES,
  type Team,
  type TeamRole,
} from "./types.ts";
export { type CreatedTeam, type TeamUseCases, teamUseCases, validateTeam } from "./use-cases.ts";
