import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import config from "../../vitest.config.ts";

// Every test file in the repository is run by something: vitest's include patterns, or `pnpm
// test:deno` for the Deno-only HTTP tests. A test file outside them passes by never running (one
// did: examples/server/src/stop-signals.test.ts, moved to examples/server/test/).

const root = fileURLToPath(new URL("../..", import.meta.url));
const DENO_ONLY = /^packages\/http\/test\/deno\//;

/** A vitest include glob as a regular expression: `*` is one path segment's part, `**\/` any depth. */
function globToRegExp(glob: string): RegExp {
  const source = glob
    .split("**/")
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
    .join("(?:.*/)?");
  return new RegExp(`^${source}$`);
}

const include = (config.test?.include ?? []).map(globToRegExp);
const testFiles = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
  cwd: root,
  encoding: "utf8",
})
  .split("\n")
  .filter((path) => /\.test\.(ts|tsx|mts|js|mjs)$/.test(path));

describe("test files", () => {
  it("reads vitest's include patterns as vitest does", () => {
    expect(include.some((pattern) => pattern.test("packages/core/src/orders/delete-order.test.ts"))).toBe(true);
    expect(include.some((pattern) => pattern.test("examples/server/test/stop-signals.test.ts"))).toBe(true);
    expect(include.some((pattern) => pattern.test("examples/server/src/stop-signals.test.ts"))).toBe(false);
    expect(testFiles.length).toBeGreaterThan(200);
  });

  it("are each run: by vitest's include patterns, or by pnpm test:deno", () => {
    const unrun = testFiles.filter((path) => !DENO_ONLY.test(path) && !include.some((pattern) => pattern.test(path)));
    expect(unrun).toEqual([]);
  });
});
