import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";

// An unhandled rejection anywhere in the reference host is logged, the server stops cleanly, and
// the process exits 1, so a supervisor restarts it: never a half-alive server.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const tsx = fileURLToPath(new URL("../../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const fixture = fileURLToPath(new URL("./fixtures/fatal-host.ts", import.meta.url));

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.drop());

it("logs an unhandled rejection, stops the server, and exits 1", { timeout: 60_000 }, async () => {
  const child = spawn(process.execPath, [tsx, "--tsconfig", `${root}tsconfig.json`, fixture], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      DATABASE_URL: database.url,
      PORT: "0",
      HOST: "127.0.0.1",
      MARKETPLACE_SEED: "false",
      MARKETPLACE_METRICS_PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", (exitCode) => resolve(exitCode)));
  const lines = stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(code, stdout).toBe(1);
  const messages = lines.map((line) => line.msg);
  expect(messages).toContain("listening");
  expect(lines).toContainEqual(
    expect.objectContaining({ level: 50, msg: "fatal error: stopping", error: "boom: a rejection nobody handles" }),
  );
  // Stopped in order after the error, not killed.
  expect(messages.indexOf("stopped")).toBeGreaterThan(messages.indexOf("fatal error: stopping"));
});
