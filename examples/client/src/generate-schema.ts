/**
 * The types of the marketplace API, generated from its OpenAPI 3.1 document: the document is built
 * in-process with `createApp` (no server, no database) and turned into TypeScript by
 * openapi-typescript.
 *
 * @module
 */

import { createMarketplace, type Repositories, type UnitOfWork } from "@marketplace/core";
import { createApp } from "@marketplace/http";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";

/** First lines of the generated file. */
export const GENERATED_HEADER = `/**
 * Types of the marketplace API, generated from its OpenAPI document (GET /openapi.json).
 * Do not edit: run \`pnpm --filter @marketplace/example-client generate\` after changing the API.
 */

`;

/** The OpenAPI document the reference server serves, admin routes included. */
export async function openApiDocument(): Promise<OpenAPI3> {
  // Building the document touches no port: any use would be a bug, so every port throws.
  const unavailable = () => {
    throw new Error("the OpenAPI document is built without a database");
  };
  const unitOfWork: UnitOfWork = {
    repositories: new Proxy({} as Repositories, { get: unavailable }),
    transaction: async () => unavailable(),
  };
  const app = createApp({
    marketplace: createMarketplace({ unitOfWork }),
    checkHealth: async () => {},
    adminToken: "document-only-admin-token", // enables the /admin routes in the document
  });
  const response = await app.request("/openapi.json");
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
  return (await response.json()) as OpenAPI3;
}

/** The content of `src/schema.d.ts`. */
export async function generateSchema(): Promise<string> {
  const ast = await openapiTS(await openApiDocument());
  return GENERATED_HEADER + astToString(ast);
}
