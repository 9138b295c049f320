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
    "./teams": "src/teams/index.ts",
    "./brands": "src/brands/index.ts",
    "./markets": "src/markets/index.ts",
    "./offers": "src/offers/index.ts",
    "./catalog": "src/catalog/index.ts",
    "./orders": "src/orders/index.ts",
    "./customers": "src/customers/index.ts",
    "./consents": "src/consents/index.ts",
    "./storefront": "src/storefront/index.ts",
    "./events": "src/events/index.ts",
    "./webhooks": "src/webhooks/index.ts",
    "./rate-limits": "src/rate-limits/index.ts",
    "./members": "src/members/index.ts",
    "./analytics": "src/analytics/index.ts",
    "./audit-log": "src/audit-log/index.ts",
    "./flows": "src/flows/index.ts",
    "./fields": "src/fields/index.ts",
    "./event-payloads": "src/event-payloads.ts",
    "./kernel": "src/kernel.ts",
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
  // The core's root is what embedders use; the rest lives on its feature subpaths (ADR-0084).
  it("keeps the core's root at most 150 names", () => {
    const source = built.getSourceFile(`${root}packages/core/src/index.ts`);
    if (!source) throw new Error("core/src/index.ts not found");
    expect(surfaceOf(checker, source).length).toBeLessThanOrEqual(150);
  });

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
