import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../examples/server/src/config.ts";
import {
  configurationSection,
  configVariables,
  ENV_EXAMPLE_COMMAND,
  ENV_EXAMPLE_FILE,
  generateEnvExample,
} from "../scripts/env-example.ts";

// .env.example is generated from the reference host's configuration schema: a variable added to
// examples/server/src/config.ts without regenerating the file fails here, naming the command.

describe(".env.example", () => {
  const file = readFileSync(ENV_EXAMPLE_FILE, "utf8");

  it("is what the configuration schema generates now", () => {
    const generated = generateEnvExample();
    if (generated !== file) {
      const lines = file.split("\n");
      const line = generated.split("\n").findIndex((text, index) => text !== lines[index]);
      expect.fail(`.env.example is out of date (first at line ${line + 1}): run \`${ENV_EXAMPLE_COMMAND}\``);
    }
  });

  it("names every variable the host reads, once, each documented in README.md's Configuration table", () => {
    const named = [...file.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]);
    expect(named).toEqual(configVariables());
    const section = configurationSection();
    const undocumented = configVariables().filter((name) => !section.includes(`\`${name}\``));
    expect(undocumented, "add these to README.md's Configuration table, then run pnpm env:example").toEqual([]);
  });

  it("shows the defaults: every value uncommented is accepted and configures what no variable does", () => {
    const env = Object.fromEntries(
      [...file.matchAll(/^# ([A-Z][A-Z0-9_]+)=(.*)$/gm)]
        .filter((match) => match[2] !== "")
        .map((match) => [match[1], (match[2] as string).startsWith('"') ? JSON.parse(match[2] as string) : match[2]]),
    );
    expect(Object.keys(env).length).toBeGreaterThan(10);
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });
});
