/**
 * Releases of the five packages to npm and JSR (versions and changelogs come from Changesets).
 *
 *   pnpm release --dry-run   # what would be published where (run by `pnpm test`); publishes nothing
 *   pnpm release             # publish: `changeset publish` (npm, git tags), then `deno publish` (JSR)
 *   node scripts/release.mjs sync-jsr   # copy each package.json version into its deno.json
 *                                        # (part of `pnpm version-packages`)
 *
 * The dry run fails when a package's deno.json and package.json versions differ (JSR and npm must
 * publish the same version), and otherwise prints, per package: the version, the pending changesets'
 * bumps, the npm tarball's files with its dependencies as published (`workspace:` resolved), and
 * the JSR dry run's verdict.
 */

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return {
    ok: result.status === 0,
    stdout: result.stdout ?? "",
    output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim(),
  };
}

function packages() {
  return readdirSync(join(root, "packages"))
    .sort()
    .map((name) => {
      const dir = join(root, "packages", name);
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      let jsr = null;
      try {
        jsr = JSON.parse(readFileSync(join(dir, "deno.json"), "utf8"));
      } catch {}
      return { dir, manifest, jsr };
    })
    .filter(({ manifest }) => !manifest.private);
}

function syncJsr() {
  for (const { dir, manifest, jsr } of packages()) {
    if (!jsr || jsr.version === manifest.version) continue;
    const path = join(dir, "deno.json");
    const text = readFileSync(path, "utf8");
    writeFileSync(path, text.replace(`"version": "${jsr.version}"`, `"version": "${manifest.version}"`));
    console.log(`${manifest.name}: deno.json ${jsr.version} -> ${manifest.version}`);
  }
}

/** A dependency range as the published package.json has it (pnpm rewrites `workspace:` ranges). */
function published(range, name, versions) {
  if (!range.startsWith("workspace:")) return range;
  const spec = range.slice("workspace:".length);
  const version = versions.get(name);
  return spec === "^" || spec === "~" ? `${spec}${version}` : spec === "*" ? version : spec;
}

function dryRun() {
  const list = packages();
  const versions = new Map(list.map(({ manifest }) => [manifest.name, manifest.version]));
  const problems = [];
  for (const { manifest, jsr } of list) {
    if (jsr && jsr.version !== manifest.version) {
      problems.push(`${manifest.name}: deno.json has ${jsr.version}, package.json ${manifest.version}`);
    }
  }
  if (problems.length > 0) {
    console.error(`${problems.join("\n")}\nrun \`node scripts/release.mjs sync-jsr\` (pnpm version-packages does)`);
    process.exit(1);
  }

  console.log("Pending changesets (changeset status):");
  const status = run(bin("changeset"), ["status", "--verbose"]);
  console.log(status.output.replace(/^/gm, "  "));

  console.log("\nnpm (registry.npmjs.org, access public):");
  for (const { dir, manifest } of list) {
    const pack = run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--loglevel", "error"], dir);
    if (!pack.ok) {
      console.error(`${manifest.name}: npm pack failed\n${pack.output}`);
      process.exit(1);
    }
    const [info] = JSON.parse(pack.stdout.slice(pack.stdout.indexOf("[")));
    const deps = Object.entries(manifest.dependencies ?? {}).map(([n, r]) => `${n}@${published(r, n, versions)}`);
    const peers = Object.entries(manifest.peerDependencies ?? {}).map(([n, r]) => `${n}@${r}`);
    console.log(`  ${manifest.name}@${manifest.version}: ${info.entryCount} files, ${info.size} bytes packed`);
    console.log(`    dependencies: ${deps.join(", ") || "none"}`);
    if (peers.length > 0) console.log(`    peerDependencies: ${peers.join(", ")}`);
  }

  console.log("\nJSR (deno publish --dry-run):");
  const deno = run(bin("deno"), ["publish", "--dry-run", "--allow-dirty"]);
  if (!deno.ok) {
    console.error(deno.output);
    process.exit(1);
  }
  for (const { manifest, jsr } of list) {
    if (jsr) console.log(`  ${jsr.name}@${jsr.version}`);
    else console.log(`  ${manifest.name}: not published to JSR (no deno.json)`);
  }
  const warnings = deno.output.split("\n").filter((line) => /warning/i.test(line));
  console.log(`  ${warnings.length === 0 ? "no warnings" : warnings.join("\n  ")}`);
  console.log("\nDry run: nothing was published.");
}

function publish() {
  dryRun();
  for (const [command, args] of [
    [bin("changeset"), ["publish"]],
    [bin("deno"), ["publish"]],
  ]) {
    const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

const args = process.argv.slice(2);
if (args[0] === "sync-jsr") syncJsr();
else if (args.includes("--dry-run")) dryRun();
else publish();
