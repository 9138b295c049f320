/**
 * `pnpm --filter @marketplace/example-client start`: the walkthrough against a running server.
 *
 * MARKETPLACE_URL (default http://localhost:3000) and MARKETPLACE_ADMIN_TOKEN (the server's) from
 * the environment.
 *
 * @module
 */

import { runWalkthrough } from "./walkthrough.ts";

const adminToken = process.env.MARKETPLACE_ADMIN_TOKEN;
if (!adminToken) {
  console.error("MARKETPLACE_ADMIN_TOKEN is required: the same value the server was started with");
  process.exit(2);
}
try {
  await runWalkthrough({ baseUrl: process.env.MARKETPLACE_URL ?? "http://localhost:3000", adminToken });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
