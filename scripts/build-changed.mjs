#!/usr/bin/env node
// Builds only the workspace packages whose build is missing or older than their sources, so that
// `pnpm start` on a current build starts at once. A package is stale when a file or folder under
// src/, or its package.json, tsup.config.ts or tsconfig.json, is newer than the oldest file of its
// dist/ (a deleted source changes its folder's time), or when a dist/ file its package.json names
// (exports, main, types, bin) is missing: a build stopped half-way (Ctrl-C during the first
// `pnpm start`) leaves the JavaScript without its .d.ts, which no time comparison sees, and every
// later build of a package that imports it failed. The stale ones are built by one
// `pnpm --filter … run build`, in dependency order.
//
//   node scripts/build-changed.mjs                       # every package and example (what pnpm build builds)
//   node scripts/build-changed.mjs examples/embed-node   # these package folders and what they import

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const started = Date.now();

/** Every workspace package by name: its folder and the workspace packages it depends on. */
function workspace() {
  const packages = new Map();
  for (const group of ["packages", "examples"]) {
    for (const name of readdirSync(join(root, group))) {
      const dir = join(root, group, name);
      const file = join(dir, "package.json");
      if (!existsSync(file)) continue;
      const pkg = JSON.parse(readFileSync(file, "utf8"));
      const deps = { ...pkg.dependencies, ...pkg.devDependencies };
      packages.set(pkg.name, {
        dir,
        hasBuild: Boolean(pkg.scripts?.build),
        outputs: declaredOutputs(pkg),
        deps: Object.keys(deps).filter((d) => String(deps[d]).startsWith("workspace:")),
      });
    }
  }
  return packages;
}

/** The dist/ files a package.json names in exports, main, types and bin (the build's promises). */
function declaredOutputs(pkg) {
  const found = new Set();
  const walk = (value) => {
    if (typeof value === "string") {
      if (value.startsWith("./dist/") && !value.includes("*")) found.add(value.slice(2));
    } else if (value && typeof value === "object") {
      for (const inner of Object.values(value)) walk(inner);
    }
  };
  for (const field of [pkg.exports, pkg.main, pkg.types, pkg.bin]) walk(field);
  return [...found];
}

/** Newest modification time under `path` (files and folders), and which entry it was. */
function newest(path, skip = (_p) => false) {
  if (!existsSync(path) || skip(path)) return { time: 0, path: null };
  const stat = statSync(path);
  let best = { time: stat.mtimeMs, path };
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path)) {
      const found = newest(join(path, entry), skip);
      if (found.time > best.time) best = found;
    }
  }
  return best;
}

/** Oldest modification time of the files under `path`; 0 when there is none. */
function oldestFile(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let oldest = Number.POSITIVE_INFINITY;
  for (const entry of readdirSync(path)) {
    const time = oldestFile(join(path, entry));
    if (time > 0 && time < oldest) oldest = time;
  }
  return oldest === Number.POSITIVE_INFINITY ? 0 : oldest;
}

const packages = workspace();
const byDir = new Map([...packages].map(([name, p]) => [relative(root, p.dir), name]));
// Default: every package and example, as `pnpm build` (the examples' start commands run their dist/).
const wanted = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : [...byDir.keys()]).map((dir) => {
  const name = byDir.get(relative(root, join(root, dir)));
  if (!name) throw new Error(`${dir} is not a workspace package folder`);
  return name;
});

// The wanted packages and everything they depend on inside the workspace.
const closure = new Set();
const visit = (name) => {
  if (closure.has(name) || !packages.has(name)) return;
  closure.add(name);
  for (const dep of packages.get(name).deps) visit(dep);
};
for (const name of wanted) visit(name);

const isTest = (p) => /\.test\.ts$/.test(p) || p.endsWith("node_modules") || p.endsWith(".d.ts.map");
const stale = [];
for (const name of closure) {
  const { dir, hasBuild, outputs } = packages.get(name);
  if (!hasBuild) continue;
  const built = oldestFile(join(dir, "dist"));
  const missing = outputs.find((file) => !existsSync(join(dir, file)));
  const inputs = ["src", "package.json", "tsup.config.ts", "tsconfig.json"].map((p) => newest(join(dir, p), isTest));
  const latest = inputs.reduce((a, b) => (b.time > a.time ? b : a));
  if (built === 0) stale.push({ name, why: "not built yet" });
  else if (missing) stale.push({ name, why: `${missing} missing: an earlier build stopped part-way` });
  else if (latest.time > built) stale.push({ name, why: `${relative(root, latest.path)} changed` });
}

if (stale.length === 0) {
  console.error(`build current (${closure.size} packages checked in ${Date.now() - started} ms)`);
} else {
  console.error(`building ${stale.map((s) => `${s.name} (${s.why})`).join(", ")}`);
  const filters = stale.flatMap((s) => ["--filter", s.name]);
  const result = spawnSync("pnpm", [...filters, "run", "build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.error(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
