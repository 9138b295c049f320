/**
 * A typed client of the marketplace API: openapi-fetch over the types generated from
 * `/openapi.json` (`schema.d.ts`). Paths, parameters, bodies and responses are all checked by
 * TypeScript; nothing is hand-written.
 *
 * @module
 */

import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema.d.ts";

/** A client for one caller: a team (its API key), the admin (its token), or anonymous. */
export type MarketplaceClient = Client<paths>;

/** Who calls: a team's API key, or the server's admin token. */
export type Credentials = { apiKey: string } | { adminToken: string } | null;

/**
 * Creates a typed client.
 *
 * @example
 * const provider = marketplaceClient("http://localhost:3000", { apiKey: "mk_…" });
 * const { data, error } = await provider.GET("/provider/offers", { params: { query: { limit: 10 } } });
 */
export function marketplaceClient(baseUrl: string, credentials: Credentials = null): MarketplaceClient {
  const headers: Record<string, string> = {};
  if (credentials && "apiKey" in credentials) headers["x-api-key"] = credentials.apiKey;
  if (credentials && "adminToken" in credentials) headers.authorization = `Bearer ${credentials.adminToken}`;
  return createClient<paths>({ baseUrl, headers });
}

/**
 * The data of a successful call, or an error naming the step, the status and the error envelope.
 *
 * @example
 * const offer = expectData("create offer", await provider.POST("/provider/offers", { body }));
 */
export function expectData<T>(step: string, result: { data?: T; error?: unknown; response: Response }): NonNullable<T> {
  if (result.data === undefined || result.data === null) {
    throw new Error(`${step}: ${result.response.status} ${JSON.stringify(result.error ?? null)}`);
  }
  return result.data as NonNullable<T>;
}
