import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// packages/core reads as feature folders whose imports point only downward (ADR-0007). Layers,
// lowest first:
// 0. the kernel: the root's leaf modules (errors, events, ids, logger, pagination, signing, …);
// 1. fields/: the field specifications every parser is built from;
// 2. features that stand alone: teams, offers, catalog, webhooks, consents;
// 3. orders (places orders, records their consents, serves customers);
// 4. storefront (the consumer side: links and public orders over offers, catalog and orders), and
//    analytics (figures over orders and their items);
// 5. members (people of a team, their sessions, and the team's keys as they manage them, audited);
// 6. the aggregates that gather every feature: ports.ts (the unit of work's repositories),
//    event-payloads.ts, use-case-context.ts, marketplace.ts, and the entry points index.ts and
//    consent-evidence.ts (the offline verifier).
// 7. testing/: the in-memory adapter of `@marketplace/core/testing`, which implements the ports
//    over everything below it; nothing imports it but its own tests.
// Features import the aggregates' types only (a transaction scope names every repository).

const src = fileURLToPath(new URL("../../packages/core/src/", import.meta.url));
const AGGREGATES = new Set([
  "ports.ts",
  "event-payloads.ts",
  "use-case-context.ts",
  "marketplace.ts",
  "index.ts",
  "consent-evidence.ts",
]);
const LAYER: Record<string, number> = {
  kernel: 0,
  fields: 1,
  teams: 2,
  offers: 2,
  catalog: 2,
  webhooks: 2,
  consents: 2,
  orders: 3,
  storefront: 4,
  analytics: 4,
  members: 5,
  aggregate: 6,
  testing: 7,
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
    expect(files.find((file) => file.path === "orders/place-order.ts")?.imports.length).toBeGreaterThan(5);
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

  it("has no import cycle between modules", () => {
    const graph = new Map(files.map(({ path, imports }) => [path, imports.map(({ target }) => target)]));
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
