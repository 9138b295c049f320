/**
 * The teams feature: what other features, flows and the package's entry points use of it.
 *
 * @module
 */

export { canAccess } from "./access.ts";
export {
  API_KEY_CACHE_MAX_ENTRIES,
  API_KEY_CACHE_TTL_MS,
  ApiKeyCache,
  type ApiKeyCacheOptions,
  type CachedApiKey,
} from "./api-key-cache.ts";
export {
  API_KEY_DISPLAY_PREFIX_LENGTH,
  API_KEY_PREFIX,
  apiKeyHashMatches,
  displayPrefix,
  type GeneratedApiKey,
  generateApiKey,
  hashApiKey,
  isWellFormedApiKey,
} from "./api-keys.ts";
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
