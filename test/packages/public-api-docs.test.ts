import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every export of every published entry point carries a doc comment (on its declaration, which is
// what editors show and what the built .d.ts keeps).

const root = fileURLToPath(new URL("../..", import.meta.url));
const ENTRY_POINTS = [
  "packages/core/src/index.ts",
  "packages/core/src/signing.ts",
  "packages/adapters-postgres/src/index.ts",
  "packages/http/src/index.ts",
  "packages/worker/src/index.ts",
];

function undocumentedExports(entries: string[]): Record<string, string[]> {
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
  const program = ts.createProgram(
    entries.map((entry) => `${root}${entry}`),
    config.options,
  );
  const checker = program.getTypeChecker();
  const missing: Record<string, string[]> = {};
  for (const entry of entries) {
    const source = program.getSourceFile(`${root}${entry}`);
    if (!source) throw new Error(`${entry} not found`);
    const module = checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${entry} is not a module`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const documented = (symbol.declarations ?? []).some((declaration) => {
        // A variable's comment sits on its statement; ts.getJSDocCommentsAndTags walks up to it.
        const docs = ts.getJSDocCommentsAndTags(declaration);
        return docs.some((doc) => ts.isJSDoc(doc) && (doc.comment !== undefined || (doc.tags?.length ?? 0) > 0));
      });
      if (!documented) missing[entry] = [...(missing[entry] ?? []), exported.name];
    }
  }
  return missing;
}

describe("public API", () => {
  it("documents every export of every entry point", () => {
    expect(undocumentedExports(ENTRY_POINTS)).toEqual({});
  }, 60_000);
});
