/**
 * Entry point of the reference server: `pnpm start`.
 *
 * @module
 */

import { createRequire } from "node:module";
import { loadConfig } from "./config.ts";
import { runHost } from "./host.ts";
import { createLogger } from "./logger.ts";

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  await runHost(config, createLogger(config.logLevel), { version });
}

void main();
