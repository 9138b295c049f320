/**
 * `pnpm check:packages` (run by `pnpm test` after the build): each publishable package, packed as
 * npm would publish it, must pass
 * - publint (strict, suggestions included): exports, types, files and fields as published;
 * - are-the-types-wrong (`attw --pack`, profile esm-only: the packages are ESM only, so CommonJS
 *   and node10 resolution are out of scope): every entry point resolves to JavaScript and to types
 *   under node16 and bundler resolution;
 * - a file list limited to what users need: `dist/` (JavaScript, declarations, source maps with
 *   their sources inlined), `package.json`, `README.md`, `LICENSE`.
 *
 * Prints one line per package; on a failure, the tool's own output, and exits 1.
 */

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bin = (name) => join(root, "node_modules", ".bin", name);
const ALLOWED_FILE = /^(dist\/[^/].*\.(js|d\.ts|js\.map)|package\.json|README\.md|LICENSE)$/;
const REQUIRED_FILES = ["package.json", "README.md", "LICENSE"];

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { ok: result.status === 0, output: `${result.stdout ?? ""}${result.stderr ?? ""}`.trim() };
}

let failed = false;
for (const name of readdirSync(join(root, "packages")).sort()) {
  const dir = join(root, "packages", name);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  if (manifest.private) continue;
  const problems = [];

  const publint = run(bin("publint"), ["--strict", "--level", "suggestion"], dir);
  if (!publint.ok) problems.push(`publint:\n${publint.output}`);

  const attw = run(bin("attw"), ["--pack", ".", "--profile", "esm-only", "--format", "ascii"], dir);
  if (!attw.ok) problems.push(`attw:\n${attw.output}`);

  const pack = run("npm", ["pack", "--dry-run", "--json", "--ignore-scripts", "--loglevel", "error"], dir);
  let files = [];
  if (!pack.ok) {
    problems.push(`npm pack:\n${pack.output}`);
  } else {
    files = JSON.parse(pack.output.slice(pack.output.indexOf("[")))[0].files.map((file) => file.path);
    const unexpected = files.filter((file) => !ALLOWED_FILE.test(file));
    if (unexpected.length > 0) problems.push(`files users do not need: ${unexpected.join(", ")}`);
    const absent = REQUIRED_FILES.filter((file) => !files.includes(file));
    if (absent.length > 0) problems.push(`files missing from the package: ${absent.join(", ")}`);
  }

  if (problems.length > 0) {
    failed = true;
    console.log(`✗ ${manifest.name}\n${problems.join("\n\n")}\n`);
  } else {
    console.log(`✓ ${manifest.name}: publint, attw (esm-only), ${files.length} files`);
  }
}
process.exit(failed ? 1 : 0);
