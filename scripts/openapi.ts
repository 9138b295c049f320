/**
 * The committed OpenAPI document (`openapi.json` at the repository root), generated from the code:
 * the HTTP app built with one canonical configuration (admin routes included, loopback webhook URLs
 * refused, no mount path, the version of @marketplace/http), asked for `/openapi.json`.
 *
 *   pnpm openapi           # writes openapi.json, then the typed client's examples/client/src/schema.d.ts
 *   tsx scripts/openapi.ts --check   # exits 1 when openapi.json differs from what the code serves
 *
 * `test/openapi-file.test.ts` fails on a difference too, and `pnpm lint:openapi` lints the file with
 * the ruleset in `redocly.yaml`.
 *
 * @module
 */

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createMarketplace, type Marketplace, type Repositories, type UnitOfWork } from "../packages/core/src/index.ts";
import { type AppOptions, createApp } from "../packages/http/src/index.ts";

/** Where the committed document lives. */
export const OPENAPI_FILE = fileURLToPath(new URL("../openapi.json", import.meta.url));

/** The command that regenerates the file (named in failure messages). */
export const OPENAPI_COMMAND = "pnpm openapi";

/**
 * A marketplace over ports that throw: building the routes and serving the document touch no port,
 * so any use is a bug worth a loud error (as examples/client/src/generate-schema.ts does).
 */
function documentOnlyMarketplace(): Marketplace {
  const unavailable = () => {
    throw new Error("the OpenAPI document is built without a database");
  };
  const unitOfWork: UnitOfWork = {
    repositories: new Proxy({} as Repositories, { get: unavailable }),
    transaction: async () => unavailable(),
  };
  return createMarketplace({ unitOfWork });
}

/**
 * The document the canonically configured app serves at `/openapi.json`; `overrides` change that
 * configuration (tests of what the document states under other settings).
 */
export async function servedOpenApiDocument(overrides: Partial<AppOptions> = {}): Promise<Record<string, unknown>> {
  const { version } = JSON.parse(
    readFileSync(fileURLToPath(new URL("../packages/http/package.json", import.meta.url)), "utf8"),
  ) as { version: string };
  const app = createApp({
    marketplace: documentOnlyMarketplace(),
    checkHealth: async () => {},
    adminToken: "canonical-admin-token-for-the-document-only",
    allowLoopbackWebhooks: false,
    service: { name: "marketplace-service", version },
    ...overrides,
  });
  const res = await app.request("/openapi.json");
  if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** The document as the file holds it: two-space JSON and a final newline. */
export function serialize(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main(): Promise<void> {
  const text = serialize(await servedOpenApiDocument());
  if (process.argv.includes("--check")) {
    let current = "";
    try {
      current = readFileSync(OPENAPI_FILE, "utf8");
    } catch {}
    if (current !== text) {
      console.error(`openapi.json differs from the document the code serves: run \`${OPENAPI_COMMAND}\``);
      process.exit(1);
    }
    console.log("openapi.json is current");
    return;
  }
  writeFileSync(OPENAPI_FILE, text);
  console.log(`wrote ${OPENAPI_FILE}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
