import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Each library package is published twice from one source: to npm (package.json, the built dist/)
// and to JSR (deno.json, the TypeScript sources). The two manifests must describe the same package.
// `pnpm check:deno` type-checks them, and `pnpm release --dry-run` dry-runs their JSR publication.

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(`${root}${path}`, "utf8"));
const PACKAGES = readdirSync(`${root}packages`).sort();

describe("deno.json of each library package", () => {
  it("is a member of the root Deno workspace", () => {
    expect(read("deno.json").workspace).toEqual(expect.arrayContaining(PACKAGES.map((name) => `./packages/${name}`)));
  });

  it.each(PACKAGES)("%s: the npm package's name, version, license and entry points, as sources", (name) => {
    const npm = read(`packages/${name}/package.json`);
    const deno = read(`packages/${name}/deno.json`);
    const entryPoints = Object.entries(npm.exports as Record<string, string | { import: string }>).flatMap(
      ([subpath, target]) =>
        typeof target === "string" ? [] : [[subpath, target.import.replace(/^\.\/dist\/(.+)\.js$/, "./src/$1.ts")]],
    );
    expect({ name: deno.name, version: deno.version, license: deno.license, exports: deno.exports }).toEqual({
      name: npm.name,
      version: npm.version,
      license: npm.license,
      exports: Object.fromEntries(entryPoints),
    });
  });
});
