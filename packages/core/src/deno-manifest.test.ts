import { describe, expect, it } from "vitest";
import deno from "../deno.json" with { type: "json" };
import npm from "../package.json" with { type: "json" };

// deno.json is the core's JSR manifest (Deno reads it instead of a jsr.json when both exist);
// package.json is the npm one. They describe one package, so they must not drift apart.
describe("deno.json", () => {
  it("has the npm package's name, version and license", () => {
    expect({ name: deno.name, version: deno.version, license: deno.license }).toEqual({
      name: npm.name,
      version: npm.version,
      license: npm.license,
    });
  });

  it("maps every entry point of the npm package to its source file", () => {
    const entryPoints = Object.entries(npm.exports).flatMap(([subpath, target]) =>
      typeof target === "string" ? [] : [[subpath, target.import.replace(/^\.\/dist\/(.+)\.js$/, "./src/$1.ts")]],
    );
    expect(deno.exports).toEqual(Object.fromEntries(entryPoints));
  });
});
