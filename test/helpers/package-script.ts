/**
 * Starts a package.json script as `pnpm run` would, without pnpm in between (so signals reach the
 * program and its exit code is the test's): the script must be `node [flags] <file> [args]`.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** The program and arguments of a package's script; `node` becomes this Node.js. */
export function scriptCommand(packageDir: string, script: string): { command: string; args: string[] } {
  const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const text = pkg.scripts?.[script];
  if (!text) throw new Error(`${packageDir}/package.json has no "${script}" script`);
  const [program, ...args] = text.trim().split(/\s+/);
  if (program !== "node" || /[|&;<>$`]/.test(text)) {
    throw new Error(`"${script}" of ${packageDir} is not a plain \`node …\` command: ${text}`);
  }
  return { command: process.execPath, args };
}

/** A script running as a child process, its output captured. */
export interface ScriptProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  exited: Promise<number | string>;
  /** Resolves with the first stdout JSON line matching, or rejects after `timeoutMs` or an exit. */
  waitForLine(
    predicate: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
}

/** Spawns `pnpm run <script>`'s command in the package's folder, as pnpm does. */
export function startScript(packageDir: string, script: string, env: Record<string, string>): ScriptProcess {
  const { command, args } = scriptCommand(packageDir, script);
  const child = spawn(command, args, {
    cwd: packageDir,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    out += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString("utf8");
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const lines = () =>
    out
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const waitForLine: ScriptProcess["waitForLine"] = async (predicate, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = lines().find(predicate);
      if (found) return found;
      if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
        throw new Error(`line not seen (exit ${child.exitCode ?? child.signalCode})\nstdout:\n${out}\nstderr:\n${err}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, stdout: () => out, stderr: () => err, exited, waitForLine };
}
