import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// packages/core reads as feature folders whose imports point only downward (ADR-0007, ADR-0081).
// Layers, lowest first:
// 0. the kernel: the root's leaf modules (errors, ids, logger, pagination, signing, shared-ports, …);
// 1. fields/: the field specifications every parser is built from;
// 2.–6. the features, each a folder with its types, ports, input parsing, use cases and an index:
//    teams, audit-log and rate-limits stand alone; brands, markets and events build on teams; offers,
//    consents and webhooks on those; orders, catalog and members next; customers, storefront and
//    analytics last;
// 7. flows/: work that spans features (placing an order writes customers, consents and ledger
//    entries; a public order spans storefront, orders and consents; the webhooks portal is members
//    acting on webhooks);
// 8. the aggregates that gather every feature: ports.ts (the unit of work's repositories),
//    event-payloads.ts, use-case-context.ts, marketplace.ts, and the entry points index.ts and
//    consent-evidence.ts (the offline verifier);
// 9. testing/: the in-memory adapter of `@marketplace/core/testing`, which implements the ports
//    over everything below it; nothing imports it but its own tests.
// Features import the aggregates' types only (a use case's context names the unit of work), and
// reach another feature only through its index.ts: a feature's other modules are its own.

const src = fileURLToPath(new URL("../../packages/core/src/", import.meta.url));
const AGGREGATES = new Set([
  "ports.ts",
  "event-payloads.ts",
  "use-case-context.ts",
  "marketplace.ts",
  "index.ts",
  "consent-evidence.ts",
]);
const FEATURES: Record<string, number> = {
  teams: 2,
  "audit-log": 2,
  "rate-limits": 2,
  brands: 3,
  markets: 3,
  events: 3,
  offers: 4,
  consents: 4,
  webhooks: 4,
  orders: 5,
  catalog: 5,
  members: 5,
  customers: 6,
  storefront: 6,
  analytics: 6,
};
const LAYER: Record<string, number> = {
  kernel: 0,
  fields: 1,
  ...FEATURES,
  flows: 7,
  aggregate: 8,
  testing: 9,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** Relative imports and re-exports of a file, `import type` included, as paths below src. */
function importsOf(file: string): { target: string; typeOnly: boolean }[] {
  const text = readFileSync(file, "utf8");
  const found: { target: string; typeOnly: boolean }[] = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+"(\.{1,2}\/[^"]+)"/gms)) {
    found.push({
      target: relative(src, normalize(join(dirname(file), match[3] as string))),
      typeOnly: match[2] !== undefined,
    });
  }
  return found;
}

function layerOf(path: string): string {
  const [first, ...rest] = path.split("/");
  if (rest.length > 0) return first as string;
  return AGGREGATES.has(first as string) ? "aggregate" : "kernel";
}

const files = sourceFiles(src).map((file) => ({ path: relative(src, file), imports: importsOf(file) }));

describe("packages/core layers", () => {
  it("finds the core's modules and their imports", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.find((file) => file.path === "flows/place-order.ts")?.imports.length).toBeGreaterThan(5);
  });

  it("has every folder in a layer", () => {
    const folders = new Set(files.map((file) => layerOf(file.path)));
    expect([...folders].filter((folder) => LAYER[folder] === undefined)).toEqual([]);
  });

  it("imports only downward, or the aggregates' types", () => {
    const upward = files.flatMap(({ path, imports }) =>
      imports.flatMap(({ target, typeOnly }) => {
        const from = layerOf(path);
        const to = layerOf(target);
        if (from === to) return [];
        if (to === "aggregate" && typeOnly && from !== "kernel") return [];
        return (LAYER[to] as number) < (LAYER[from] as number) ? [] : [`${path} -> ${target}`];
      }),
    );
    expect(upward).toEqual([]);
  });

  it("reaches another feature only through its index", () => {
    const inner = files.flatMap(({ path, imports }) =>
      imports.flatMap(({ target }) => {
        const to = layerOf(target);
        if (FEATURES[to] === undefined || layerOf(path) === to) return [];
        // The offline verifier's entry (`@marketplace/core/consent-evidence`) is the evidence bundle
        // alone: through the index it would name the consent use cases in its declarations too.
        if (path === "consent-evidence.ts" && target === "consents/evidence-bundle.ts") return [];
        return target === `${to}/index.ts` ? [] : [`${path} -> ${target}`];
      }),
    );
    expect(inner).toEqual([]);
  });

  it("gives every feature the same shape: an index, and its ports and use cases where it has them", () => {
    for (const feature of Object.keys(FEATURES)) {
      const own = files.filter((file) => file.path.startsWith(`${feature}/`)).map((file) => file.path);
      expect(own, feature).toContain(`${feature}/index.ts`);
      for (const file of own) {
        expect(file.split("/").length, file).toBe(2);
      }
      if (own.some((file) => /-use-cases\.ts$|\/use-cases\.ts$/.test(file))) {
        expect(own, feature).toContain(`${feature}/use-cases.ts`);
      }
    }
  });

  it("has every use case name the parts of the transaction scope it uses", () => {
    const wide = files
      .filter(({ path }) => FEATURES[layerOf(path)] !== undefined || layerOf(path) === "flows")
      .filter(({ path }) => {
        const text = readFileSync(join(src, path), "utf8").replace(/^import[^;]*;$/gms, "");
        return /\bUseCaseContext\b(?!<)|:\s*(TransactionScope|Repositories)\b(?!<)/.test(text);
      })
      .map(({ path }) => path);
    expect(wide).toEqual([]);
  });

  it("declares every port of a feature in its ports.ts", () => {
    const elsewhere = files
      .filter(({ path }) => FEATURES[layerOf(path)] !== undefined && !path.endsWith("/ports.ts"))
      .filter(({ path }) =>
        /^export interface \w*(Repository|Store|Outbox|Feed|Queue|Transport)\b/m.test(
          readFileSync(join(src, path), "utf8"),
        ),
      )
      .map(({ path }) => path);
    expect(elsewhere).toEqual([]);
  });

  it("has no import cycle between modules", () => {
    // A feature's use cases name the unit of work's types (use-case-context.ts, ports.ts), which name
    // every feature's repositories: those type-only edges into the aggregates close loops that
    // exist for the type checker only, and are the one exemption "imports only downward" makes too.
    const graph = new Map(
      files.map(({ path, imports }) => [
        path,
        imports
          .filter(
            ({ target, typeOnly }) => !(typeOnly && layerOf(target) === "aggregate" && layerOf(path) !== "aggregate"),
          )
          .map(({ target }) => target),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, "visiting" | "done">();
    const visit = (path: string, trail: string[]) => {
      if (state.get(path) === "done") return;
      if (state.get(path) === "visiting") {
        cycles.push([...trail.slice(trail.indexOf(path)), path].join(" -> "));
        return;
      }
      state.set(path, "visiting");
      for (const next of graph.get(path) ?? []) if (graph.has(next)) visit(next, [...trail, path]);
      state.set(path, "done");
    };
    for (const path of graph.keys()) visit(path, []);
    expect(cycles).toEqual([]);
  });
});
