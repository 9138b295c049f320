import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import coreDeno from "../../packages/core/deno.json" with { type: "json" };

// packages/http for browsers and edge workers: bundled by esbuild for the browser platform (which
// has no Node built-ins, so an import of one fails the build), from source, with the core's source.
// csv-parse comes through packages/http's "imports" map: its browser build there (a bundled
// pure-JS stream and Buffer), its Node entry on Node, Deno and Bun.

const root = fileURLToPath(new URL("../..", import.meta.url));
const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

describe("packages/http bundled for a browser or worker target", () => {
  it("builds with no Node built-in, csv-parse's browser build, and exports createApp", async () => {
    const result = await build({
      entryPoints: [`${root}packages/http/src/index.ts`],
      bundle: true,
      write: false,
      format: "esm",
      platform: "browser",
      conditions: ["worker", "browser"],
      target: "es2022",
      metafile: true,
      logLevel: "silent",
      // Every entry point of the core at its source, as its deno.json maps them.
      alias: Object.fromEntries(
        Object.entries(coreDeno.exports).map(([subpath, file]) => [
          `@marketplace/core${subpath.slice(1)}`,
          `${root}packages/core/${file.slice(2)}`,
        ]),
      ),
    });
    expect(result.errors).toEqual([]);

    const inputs = Object.values(result.metafile.inputs);
    const imports = inputs.flatMap((input) => input.imports.map((imported) => imported.path));
    expect(imports.filter((path) => NODE_BUILTINS.has(path))).toEqual([]);
    const files = Object.keys(result.metafile.inputs);
    expect(files.filter((file) => file.includes("/csv-parse/"))).toEqual([
      expect.stringMatching(/csv-parse\/dist\/esm\/index\.js$/),
    ]);
    const [output] = Object.values(result.metafile.outputs);
    expect(output?.exports).toEqual(expect.arrayContaining(["createApp", "resolveClientIp"]));
    expect(result.outputFiles[0]?.text).not.toMatch(/\bfrom\s*["']node:/);
  });
});
