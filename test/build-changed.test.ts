import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// scripts/build-changed.mjs (what `pnpm start` runs before starting) on a workspace of its own: one
// package whose build writes the two files its package.json exports, as tsup does (JavaScript first,
// declarations last).

const script = fileURLToPath(new URL("../scripts/build-changed.mjs", import.meta.url));
const root = mkdtempSync(join(tmpdir(), "build-changed-"));
const pkg = join(root, "packages/a");
mkdirSync(join(root, "scripts"));
mkdirSync(join(root, "examples"));
mkdirSync(join(pkg, "src"), { recursive: true });
copyFileSync(script, join(root, "scripts/build-changed.mjs"));
writeFileSync(join(root, "package.json"), JSON.stringify({ name: "root", private: true }));
writeFileSync(join(root, "pnpm-workspace.yaml"), "packages:\n  - packages/*\n");
writeFileSync(
  join(pkg, "package.json"),
  JSON.stringify({
    name: "a",
    version: "0.0.0",
    private: true,
    type: "module",
    exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
    scripts: { build: "node build.mjs" },
  }),
);
writeFileSync(
  join(pkg, "build.mjs"),
  'import { mkdirSync, writeFileSync } from "node:fs";\nmkdirSync("dist", { recursive: true });\n' +
    'writeFileSync("dist/index.js", "export {};\\n");\nwriteFileSync("dist/index.d.ts", "export {};\\n");\n',
);
writeFileSync(join(pkg, "src/index.ts"), "export {};\n");
afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(): { status: number | null; said: string } {
  const result = spawnSync(process.execPath, ["scripts/build-changed.mjs"], { cwd: root, encoding: "utf8" });
  return { status: result.status, said: result.stderr };
}

describe("build-changed", () => {
  it("builds what was never built, then finds the build current", () => {
    expect(run()).toMatchObject({ status: 0, said: expect.stringContaining("building a (not built yet)") });
    expect(run()).toMatchObject({ status: 0, said: expect.stringContaining("build current") });
  });

  it("rebuilds a package whose declarations a stopped build never wrote, though its JavaScript is newer than its sources", () => {
    rmSync(join(pkg, "dist/index.d.ts"));
    expect(run()).toMatchObject({
      status: 0,
      said: expect.stringContaining("building a (dist/index.d.ts missing: an earlier build stopped part-way)"),
    });
    expect(run().said).toContain("build current");
  });

  it("rebuilds after a source changes", () => {
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(pkg, "src/index.ts"), later, later);
    expect(run().said).toContain("building a (packages/a/src/index.ts changed)");
  });
});
