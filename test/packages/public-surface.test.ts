import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The public surface of every library package, entry point by entry point, is listed in the
// package's `surface.txt`: a change to what a package exports is a visible diff in review. After a
// deliberate change: `UPDATE_SURFACE=1 pnpm vitest run test/packages/public-surface.test.ts`.

const root = fileURLToPath(new URL("../..", import.meta.url));
const PACKAGES: Record<string, Record<string, string>> = {
  core: {
    ".": "src/index.ts",
    "./signing": "src/signing.ts",
    "./consent-evidence": "src/consent-evidence.ts",
    "./testing": "src/testing/index.ts",
  },
  "adapters-postgres": { ".": "src/index.ts" },
  http: { ".": "src/index.ts" },
  worker: { ".": "src/index.ts" },
  dashboard: { ".": "src/index.ts" },
};

function program(files: string[]): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json not readable");
  return ts.createProgram(files, config.options);
}

/** `name` for a value, `type name` for a type-only export, sorted. */
function surfaceOf(checker: ts.TypeChecker, source: ts.SourceFile): string[] {
  const module = checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${source.fileName} is not a module`);
  return checker
    .getExportsOfModule(module)
    .map((exported) => {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      return symbol.flags & ts.SymbolFlags.Value ? exported.name : `type ${exported.name}`;
    })
    .sort((a, b) => a.replace(/^type /, "").localeCompare(b.replace(/^type /, "")));
}

const entries = Object.entries(PACKAGES).flatMap(([name, subpaths]) =>
  Object.entries(subpaths).map(([subpath, file]) => ({ name, subpath, file: `${root}packages/${name}/${file}` })),
);
const built = program(entries.map((entry) => entry.file));
const checker = built.getTypeChecker();

describe("public surface", () => {
  for (const [name, subpaths] of Object.entries(PACKAGES)) {
    it(`@marketplace/${name} exports what its surface.txt lists`, () => {
      const lines: string[] = [];
      for (const [subpath, file] of Object.entries(subpaths)) {
        const source = built.getSourceFile(`${root}packages/${name}/${file}`);
        if (!source) throw new Error(`${name}/${file} not found`);
        const names = surfaceOf(checker, source);
        lines.push(
          `## @marketplace/${name}${subpath === "." ? "" : subpath.slice(1)}: ${names.length} names`,
          ...names,
          "",
        );
      }
      const text = `# The public surface of @marketplace/${name} (test/packages/public-surface.test.ts)\n\n${lines.join("\n")}`;
      const path = `${root}packages/${name}/surface.txt`;
      if (process.env.UPDATE_SURFACE) writeFileSync(path, text);
      expect(text).toBe(readFileSync(path, "utf8"));
    });
  }
});
