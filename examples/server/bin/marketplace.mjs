#!/usr/bin/env node
// `pnpm marketplace …`: runs the CLI from the build, building first on a fresh clone.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
if (!existsSync(cli)) {
  console.error("Building the project first (pnpm build)…");
  execSync("pnpm build", {
    stdio: ["ignore", "inherit", "inherit"],
    cwd: fileURLToPath(new URL("../../..", import.meta.url)),
  });
}
await import(pathToFileURL(cli).href);
