import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const serverEntry = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const cliEntry = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** A server process started from the build, with its output captured. */
export interface ServerProcess {
  child: ChildProcess;
  /** Everything written to stdout so far. */
  output(): string;
  /** JSON log lines parsed so far. */
  logs(): Record<string, unknown>[];
  /** Resolves with the first log line matching, or rejects after `timeoutMs`. */
  waitForLog(
    predicate: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
  baseUrl: string;
  /** Where this process writes demo keys when it seeds (MARKETPLACE_DEMO_KEYS_FILE). */
  demoKeysFile: string;
}

let started = 0;

const bin = (name: string) => fileURLToPath(new URL(`../../../node_modules/.bin/${name}`, import.meta.url));

/**
 * The deno executable of the npm package. Not its bin: that is a Node script which runs deno as a
 * child of its own, so a signal sent to it would never reach deno. The package links the
 * executable into place on first use (install_api's runInstall; its postinstall is not run).
 */
function denoExecutable(): string {
  const requireFromRoot = createRequire(join(root, "package.json"));
  const dir = dirname(requireFromRoot.resolve("deno/package.json"));
  const exe = join(dir, process.platform === "win32" ? "deno.exe" : "deno");
  return existsSync(exe)
    ? exe
    : (requireFromRoot(join(dir, "install_api.cjs")) as { runInstall(): string }).runInstall();
}

/**
 * The hosts the contract's end-to-end tests run against, each as the command that starts it from
 * the repository root: the reference host on Node (its build), and the API on Deno and Bun
 * (examples/deno-server, examples/bun-server; both need DATABASE_URL). Deno and Bun come from the
 * root devDependencies.
 */
export const HOSTS = {
  node: () => [process.execPath, serverEntry],
  deno: () => [
    denoExecutable(),
    "run",
    "--allow-net",
    "--allow-env",
    "--allow-read",
    "--allow-write",
    "--allow-run",
    "--allow-sys",
    "examples/deno-server/main.ts",
  ],
  bun: () => [bin("bun"), "examples/bun-server/main.ts"],
} satisfies Record<string, () => string[]>;

/** A host the harness can start. */
export type HostName = keyof typeof HOSTS;

/**
 * Starts a host with `env` and waits until it listens: the reference host's build by default, or
 * `options.host`'s command (see `HOSTS`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { host?: HostName } = {},
): Promise<ServerProcess> {
  const [command = "", ...args] = HOSTS[options.host ?? "node"]();
  // Each process its own keys file: never the repository's .data/demo-keys.env.
  started += 1;
  const demoKeysFile =
    env.MARKETPLACE_DEMO_KEYS_FILE ??
    join(tmpdir(), `marketplace-demo-keys-${process.pid}-${started}-${Date.now()}.env`);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: "0",
      HOST: "127.0.0.1",
      MARKETPLACE_LOG_LEVEL: "info",
      // Tests run servers side by side: each its own metrics port (every host serves one).
      MARKETPLACE_METRICS_PORT: "0",
      MARKETPLACE_DEMO_KEYS_FILE: demoKeysFile,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | string>((resolve) => {
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  const logs = () =>
    stdout
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const waitForLog: ServerProcess["waitForLog"] = (predicate, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      const started = Date.now();
      const tick = () => {
        const found = logs().find(predicate);
        if (found) return resolve(found);
        if (child.exitCode !== null || Date.now() - started > timeoutMs) {
          return reject(
            new Error(`log line not seen (exit ${child.exitCode}).\nstdout:\n${stdout}\nstderr:\n${stderr}`),
          );
        }
        setTimeout(tick, 50);
      };
      tick();
    });
  let listening: Record<string, unknown>;
  try {
    listening = await waitForLog((line) => line.msg === "listening");
  } catch (error) {
    // Never leave a half-started server behind a failed test.
    if (child.exitCode === null) child.kill("SIGKILL");
    throw error;
  }
  return {
    child,
    output: () => stdout,
    logs,
    waitForLog,
    exited,
    baseUrl: `http://127.0.0.1:${listening.port as number}`,
    demoKeysFile,
  };
}

/** Runs the CLI from the build; resolves with its exit code and output. */
export function runCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliEntry, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}

/** The demo keys printed after seeding (the embedded database's banner), by role. */
export function seededKeys(output: string): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const match of output.matchAll(/\((provider|reseller|hybrid)\)\s+(mk_[A-Za-z0-9_-]{43})/g)) {
    keys[match[1] as string] = match[2] as string;
  }
  for (const match of output.matchAll(/\b(PROVIDER|RESELLER|HYBRID)_KEY=(mk_[A-Za-z0-9_-]{43})/g)) {
    keys[(match[1] as string).toLowerCase()] = match[2] as string;
  }
  return keys;
}

/** The demo keys a process wrote to its keys file when it seeded (MARKETPLACE_SEED=true), by role; {} when none. */
export function demoKeys(server: Pick<ServerProcess, "demoKeysFile">): Record<string, string> {
  return existsSync(server.demoKeysFile) ? seededKeys(readFileSync(server.demoKeysFile, "utf8")) : {};
}

/** Calls the server's API with a team key and a JSON body; resolves with the status and the parsed body. */
export function apiCaller(server: Pick<ServerProcess, "baseUrl">) {
  return async (key: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
}
