/**
 * `.env.example`, generated from the reference host's configuration schema
 * (examples/server/src/config.ts): every variable it reads, commented out at its default, with the
 * meaning the README's Configuration table gives it.
 *
 *   pnpm env:example   # writes .env.example
 *
 * `test/env-example.test.ts` fails when the file and the schema differ, naming this command.
 *
 * @module
 */

import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CONFIG_SCHEMA } from "../examples/server/src/config.ts";

/** Where the generated file lives. */
export const ENV_EXAMPLE_FILE = fileURLToPath(new URL("../.env.example", import.meta.url));

/** The command that regenerates it (named in failure messages). */
export const ENV_EXAMPLE_COMMAND = "pnpm env:example";

const README = fileURLToPath(new URL("../README.md", import.meta.url));

/** The README's Configuration section. */
export function configurationSection(): string {
  const readme = readFileSync(README, "utf8");
  const start = readme.indexOf("## Configuration");
  return readme.slice(start, readme.indexOf("\n## ", start + 1));
}

/** The variables the schema reads, in its order. */
export function configVariables(): string[] {
  return Object.keys(CONFIG_SCHEMA.shape);
}

/** A variable's meaning: its README table row, or the row that mentions it. */
function meaning(name: string, section: string): string {
  const row = section.split("\n").find((line) => line.startsWith(`| \`${name}\` |`));
  if (row) {
    const text = row.split(" | ").slice(2).join(" | ").replace(/ \|$/, "");
    return text.replace(/\[([^\]]+)\]\([^)]+\)/g, "$1");
  }
  const mentioning = section.split("\n").find((line) => line.startsWith("| `") && line.includes(`\`${name}\``));
  const owner = mentioning ? /^\| `([^`]+)`/.exec(mentioning)?.[1] : null;
  return owner ? `See ${owner}.` : "See examples/server/src/config.ts.";
}

/** A default as an env file writes it; null when the variable has none. */
function defaultValue(name: string): string | null {
  const field = CONFIG_SCHEMA.shape[name as keyof typeof CONFIG_SCHEMA.shape];
  const parsed = field.safeParse(undefined);
  if (!parsed.success || parsed.data === undefined || parsed.data === null) return null;
  const text = String(parsed.data);
  return /^[A-Za-z0-9_./:-]*$/.test(text) ? text : JSON.stringify(text);
}

/** Wraps a comment at about 100 columns. */
function comment(text: string): string[] {
  const lines: string[] = [];
  let line = "#";
  for (const word of text.split(/\s+/)) {
    if (line.length + word.length + 1 > 100 && line !== "#") {
      lines.push(line);
      line = "#";
    }
    line += ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/** The content of `.env.example`. */
export function generateEnvExample(): string {
  const section = configurationSection();
  const out = [
    "# The reference server's configuration (examples/server), generated from its schema in",
    "# examples/server/src/config.ts by `pnpm env:example`: do not edit, regenerate.",
    "# Every variable is optional; each is shown commented out at its default. Copy to .env, uncomment",
    "# what you change, and start with `node --env-file=.env examples/server/dist/main.js` (or export",
    "# the variables). Details: the Configuration table of README.md. Never commit a real .env.",
    "",
  ];
  for (const name of configVariables()) {
    const value = defaultValue(name);
    out.push(...comment(meaning(name, section)), `# ${name}=${value ?? ""}`, "");
  }
  return `${out.join("\n").trimEnd()}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ENV_EXAMPLE_FILE, generateEnvExample());
  console.log(`wrote ${ENV_EXAMPLE_FILE}`);
}
