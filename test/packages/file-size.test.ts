import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// No source file over 400 lines (issue 27): a file that long holds more than one thing, and is split
// by what it does (ADR-0081). Migrations (one schema change each, append-only) and generated files
// (the typed client's schema.d.ts, made by `pnpm openapi`) are exempt.

const root = fileURLToPath(new URL("../..", import.meta.url));
const MAX_LINES = 400;
const EXEMPT = [/\/migrations\//, /^examples\/client\/src\/schema\.d\.ts$/];

const sources = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((path) => /\.(ts|tsx|mts|mjs|js|cjs)$/.test(path) && !EXEMPT.some((pattern) => pattern.test(path)));

describe("source files", () => {
  it("finds the project's sources", () => {
    expect(sources).toContain("packages/core/src/marketplace.ts");
    expect(sources.length).toBeGreaterThan(300);
  });

  it(`has none over ${MAX_LINES} lines, migrations and generated files aside`, () => {
    const long = sources.flatMap((path) => {
      let text: string;
      try {
        text = readFileSync(`${root}${path}`, "utf8");
      } catch {
        return []; // deleted in the work tree, not yet in the index
      }
      const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
      return lines > MAX_LINES ? [`${path}: ${lines}`] : [];
    });
    expect(long).toEqual([]);
  });
});
