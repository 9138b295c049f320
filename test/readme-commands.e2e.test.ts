import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "./helpers/database.ts";
import { freePort } from "./helpers/free-port.ts";
import { type ScriptProcess, startScript } from "./helpers/package-script.ts";
import { isRunBlock, runCommands, type ShellCommand, shellBlocks } from "./helpers/readme-shell.ts";

// The README's commands as a new user runs them: the reference server started as `pnpm start`
// starts it, from a folder of its own (the embedded PostgreSQL in .data/, the keys in
// .data/demo-keys.env), then every shell block that calls the API, verbatim, in one bash session.
// Any HTTP answer outside 2xx that the command's comment does not announce fails the test. The
// examples' READMEs too; their `pnpm …` commands must name scripts that exist, and files that the
// build made.

const root = fileURLToPath(new URL("..", import.meta.url));
const ADMIN_TOKEN = "readme-admin-token-0123456789";

const readmes = [
  "README.md",
  ...readdirSync(join(root, "examples"))
    .map((name) => `examples/${name}/README.md`)
    .filter((path) => existsSync(join(root, path))),
];

describe("the READMEs' commands", () => {
  let dir: string;
  let server: ChildProcess;
  let serverExited: Promise<unknown>;
  let stdout = "";
  let serverUrl: string;
  let database: TestDatabase;
  let embed: ScriptProcess;
  let embedUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "readme-"));
    await chmod(dir, 0o755); // the embedded PostgreSQL runs as the postgres user under root
    server = spawn(process.execPath, ["--enable-source-maps", join(root, "examples/server/dist/main.js")], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? "",
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        MARKETPLACE_EMBEDDED_PG_PORT: String(await freePort()),
        MARKETPLACE_METRICS_PORT: "0",
        MARKETPLACE_ADMIN_TOKEN: ADMIN_TOKEN,
        // No delivery: the README registers https://example.com, and this test stays on loopback.
        MARKETPLACE_WORKER: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    serverExited = new Promise((resolve) => server.on("exit", resolve));
    let stderr = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    database = await createTestDatabase();
    embed = startScript(join(root, "examples/embed-node"), "start", {
      DATABASE_URL: database.url,
      PORT: "0",
      HOST: "127.0.0.1",
    });
    embedUrl = (await embed.waitForLine((line) => line.msg === "listening")).url as string;
    const deadline = Date.now() + 90_000;
    for (;;) {
      const listening = stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg?: string; url?: string })
        .find((line) => line.msg === "listening");
      if (listening) {
        serverUrl = listening.url as string;
        break;
      }
      if (server.exitCode !== null || Date.now() > deadline) {
        throw new Error(`server did not start (exit ${server.exitCode})\n${stdout}\n${stderr}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    if (embed && embed.child.exitCode === null) {
      embed.child.kill("SIGTERM");
      await embed.exited;
    }
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await serverExited;
    }
    await database?.drop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("the start banner prints an export line to paste, and writes it to .data/demo-keys.env", async () => {
    const line = /^ {2}(export PROVIDER_KEY=mk_\S{43} RESELLER_KEY=mk_\S{43} HYBRID_KEY=mk_\S{43})$/m.exec(stdout);
    expect(line, stdout).not.toBeNull();
    const file = await readFile(join(dir, ".data/demo-keys.env"), "utf8");
    expect((await stat(join(dir, ".data/demo-keys.env"))).mode & 0o777).toBe(0o600); // this user's only
    expect(file.split("\n")).toContain(line?.[1]);
    expect(stdout).toContain("source .data/demo-keys.env");
  });

  it("the API reference at /docs loads nothing from the network: its assets come from the server", async () => {
    const page = await (await fetch(`${serverUrl}/docs`)).text();
    expect(page).not.toMatch(/(?:href|src)="https?:/);
    const assets = [...page.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThanOrEqual(2);
    for (const path of assets) expect([path, (await fetch(`${serverUrl}${path}`)).status]).toEqual([path, 200]);
    expect((await fetch(`${serverUrl}/openapi.json`)).status).toBe(200);
  });

  for (const readme of readmes) {
    it(`${readme}: every block that calls the API runs verbatim, each answer 2xx or announced`, async () => {
      const blocks = shellBlocks(readFileSync(join(root, readme), "utf8")).filter(isRunBlock);
      if (readme === "README.md") expect(blocks.length).toBeGreaterThanOrEqual(4);
      const commands = blocks.flatMap((block) => block.commands);
      const hosts = {
        "localhost:3000": serverUrl.replace("http://", ""),
        "localhost:3001": embedUrl.replace("http://", ""),
      };
      const run = await runCommands(commands, {
        cwd: dir,
        env: { MARKETPLACE_ADMIN_TOKEN: ADMIN_TOKEN },
        hosts,
      });
      expect(run.failures).toEqual([]);
      expect(run.statuses.length).toBeGreaterThanOrEqual(run.ran.filter((c) => /\bcurl\b/.test(c.text)).length);
    });

    it(`${readme}: every pnpm command names a script that exists, and its file was built`, () => {
      const problems: string[] = [];
      // Every README's blocks start at the repository root (the examples' say so), `cd` moves one block.
      for (const block of shellBlocks(readFileSync(join(root, readme), "utf8"))) {
        let cwd = root;
        for (const command of block.commands) {
          for (const part of command.text.split(/&&|\n/).map((p) => p.trim())) {
            const cd = /^cd (\S+)$/.exec(part);
            if (cd) cwd = join(root, cd[1] as string);
            const problem = checkPnpm(part, cwd, command);
            if (problem) problems.push(problem);
          }
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

const PNPM_BUILTINS = new Set(["install", "i", "add", "exec", "dlx", "vitest", "-v", "--version"]);

/** Why a `pnpm …` command would fail as written, or null. */
function checkPnpm(part: string, cwd: string, command: ShellCommand): string | null {
  const words = part.replace(/^([A-Za-z_][A-Za-z0-9_]*=\S*\s+)+/, "").split(/\s+/);
  if (words[0] !== "pnpm") return null;
  let dir = cwd;
  let i = 1;
  if (words[1] === "--filter") {
    const name = words[2] as string;
    const found = readdirSync(join(root, "examples"))
      .map((d) => join(root, "examples", d))
      .concat(readdirSync(join(root, "packages")).map((d) => join(root, "packages", d)))
      .find((d) => existsSync(join(d, "package.json")) && readJson(join(d, "package.json")).name === name);
    if (!found) return `line ${command.line}: no package named ${name}`;
    dir = found;
    i = 3;
  }
  const script = words[i] as string;
  if (PNPM_BUILTINS.has(script)) return null;
  const scripts = (readJson(join(dir, "package.json")).scripts ?? {}) as Record<string, string>;
  const text = scripts[script];
  if (!text) return `line ${command.line}: no script "${script}" in ${dir}/package.json`;
  const file = /^node(?:\s+--\S+)*\s+(\S+\.(?:m?js))\b/.exec(text)?.[1];
  if (file && !existsSync(join(dir, file))) return `line ${command.line}: "${script}" runs ${file}, which is missing`;
  return null;
}

function readJson(path: string): { name?: string; scripts?: Record<string, string> } {
  return JSON.parse(readFileSync(path, "utf8")) as { name?: string; scripts?: Record<string, string> };
}
