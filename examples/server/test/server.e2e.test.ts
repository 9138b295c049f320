import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { freePort } from "../../../test/helpers/free-port.ts";
import { demoKeys, runCli, type ServerProcess, seededKeys, startServerProcess } from "./server-process.ts";

const ADMIN = "e2e-admin-token-0123456789";

async function json(response: Response): Promise<unknown> {
  return JSON.parse(await response.text());
}

describe("reference server on DATABASE_URL", () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      MARKETPLACE_ADMIN_TOKEN: ADMIN,
      MARKETPLACE_SEED: "true",
    });
  });
  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    await database.drop();
  });

  it("serves health, root and docs, and logs one structured line per request", async () => {
    const health = await fetch(`${server.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await json(health)).toEqual({ status: "ok", database: "up" });
    const requestId = health.headers.get("x-request-id");
    const line = await server.waitForLog((l) => l.msg === "request" && l.requestId === requestId);
    expect(line).toMatchObject({ method: "GET", path: "/health", status: 200 });
    expect(typeof line.durationMs).toBe("number");

    expect(await json(await fetch(`${server.baseUrl}/`))).toEqual({
      name: "marketplace-service",
      version: "0.1.0",
      docs: "/docs",
      openapi: "/openapi.json",
    });
    const docs = await fetch(`${server.baseUrl}/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("/docs/assets/swagger-ui-bundle.js");
    const bundle = await fetch(`${server.baseUrl}/docs/assets/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });

  it("seeds demo teams when MARKETPLACE_SEED=true, keys in a 0600 file and never on stdout; they work with their roles", async () => {
    expect(server.output()).not.toMatch(/mk_[A-Za-z0-9_-]{43}/);
    expect(server.output()).toContain(server.demoKeysFile);
    expect((await stat(server.demoKeysFile)).mode & 0o777).toBe(0o600);
    const keys = demoKeys(server);
    expect(Object.keys(keys).sort()).toEqual(["hybrid", "provider", "reseller"]);
    const offers = await fetch(`${server.baseUrl}/provider/offers`, {
      headers: { "x-api-key": keys.provider as string },
    });
    expect(offers.status).toBe(200);
    expect((await json(offers)) as unknown[]).toHaveLength(5);
    const forbidden = await fetch(`${server.baseUrl}/provider/offers`, {
      headers: { "x-api-key": keys.reseller as string },
    });
    expect(forbidden.status).toBe(403);
    const hybrid = await fetch(`${server.baseUrl}/provider/offers`, {
      headers: { "x-api-key": keys.hybrid as string },
    });
    expect(hybrid.status).toBe(200);
  });

  it("creates teams through the admin API", async () => {
    const response = await fetch(`${server.baseUrl}/admin/teams`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Acme", role: "provider" }),
    });
    expect(response.status).toBe(201);
    const body = (await json(response)) as { id: string; apiKey: { id: string; key: string } };
    const offers = () => fetch(`${server.baseUrl}/provider/offers`, { headers: { "x-api-key": body.apiKey.key } });
    expect(await json(await offers())).toEqual([]);
    expect((await offers()).status).toBe(200); // now answered from the key cache

    // Revoked through this process: the very next request is 401, cache or not.
    const revoked = await fetch(`${server.baseUrl}/admin/teams/${body.id}/api-keys/${body.apiKey.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    expect(revoked.status).toBe(200);
    const refused = await offers();
    expect(refused.status).toBe(401);
    expect(await json(refused)).toEqual({
      statusCode: 401,
      error: "Unauthorized",
      message: "Missing or invalid API key",
    });
  });

  it("shuts down gracefully on SIGTERM, and a restart does not seed again", async () => {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.logs().map((l) => l.msg)).toContain("stopped");

    const again = await startServerProcess({ DATABASE_URL: database.url, MARKETPLACE_SEED: "true" });
    try {
      expect(demoKeys(again)).toEqual({});
      expect(again.output()).not.toContain("mk_");
      const health = await fetch(`${again.baseUrl}/health`);
      expect(health.status).toBe(200);
    } finally {
      again.child.kill("SIGTERM");
      expect(await again.exited).toBe(0);
    }
  });

  it("by default (pnpm start, MARKETPLACE_SEED unset) seeds nothing into an empty DATABASE_URL and prints no key", async () => {
    const empty = await createTestDatabase();
    const proc = await startServerProcess({ DATABASE_URL: empty.url });
    try {
      expect((await fetch(`${proc.baseUrl}/ready`)).status).toBe(200);
      const teams = await empty.db.selectFrom("teams").select("id").execute();
      expect(teams).toEqual([]);
      expect(await empty.db.selectFrom("offers").select("id").execute()).toEqual([]);
      expect(proc.output()).not.toContain("mk_");
      expect(proc.output()).not.toContain("Demo data");
      expect(existsSync(proc.demoKeysFile)).toBe(false);
    } finally {
      proc.child.kill("SIGTERM");
      expect(await proc.exited).toBe(0);
      await empty.drop();
    }
  });

  it("answers 503 on /health when the database is gone, without crashing", async () => {
    const other = await createTestDatabase();
    const proc = await startServerProcess({
      DATABASE_URL: other.url,
      MARKETPLACE_SEED: "false",
      MARKETPLACE_WORKER: "false",
    });
    try {
      await other.drop(); // terminates the server's connections and removes the database
      const health = await fetch(`${proc.baseUrl}/health`);
      expect(health.status).toBe(503);
      expect(await json(health)).toEqual({
        statusCode: 503,
        message: "Database unavailable",
        error: "Service Unavailable",
      });
    } finally {
      proc.child.kill("SIGTERM");
      await proc.exited;
    }
  });
});

describe("reference server on embedded PostgreSQL", () => {
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "marketplace-e2e-"));
    await chmod(dir, 0o755);
    env = {
      MARKETPLACE_DATA_DIR: join(dir, "postgres"),
      MARKETPLACE_EMBEDDED_PG_PORT: String(await freePort()),
      MARKETPLACE_DEMO_KEYS_FILE: join(dir, "demo-keys.env"),
    };
  });
  afterAll(async () => {
    // Best effort: stop a cluster a failed test may have left running.
    await promisify(execFile)("pkill", ["-f", `${dir}/postgres/pgdata`]).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  });

  it("starts PostgreSQL itself, recovers it after a SIGKILL, keeps data, and stops it on shutdown", {
    timeout: 120_000,
  }, async () => {
    const first = await startServerProcess(env);
    // The embedded database seeds by default: the keys in the banner, and in a file of mode 0600
    // beside the data folder (not the MARKETPLACE_DEMO_KEYS_FILE the harness sets for others).
    const keys = seededKeys(first.output());
    expect(keys.provider).toBeDefined();
    const keysFile = join(dir, "demo-keys.env");
    expect((await stat(keysFile)).mode & 0o777).toBe(0o600);
    expect(seededKeys(await readFile(keysFile, "utf8"))).toEqual(keys);
    expect((await fetch(`${first.baseUrl}/health`)).status).toBe(200);
    first.child.kill("SIGKILL");
    await first.exited;

    // The killed host left PostgreSQL running: the next start adopts it.
    const second = await startServerProcess(env);
    expect(second.logs().some((l) => String(l.msg).startsWith("recovered an embedded PostgreSQL"))).toBe(true);
    expect(seededKeys(second.output())).toEqual({});
    const offers = await fetch(`${second.baseUrl}/provider/offers`, {
      headers: { "x-api-key": keys.provider as string },
    });
    expect(offers.status).toBe(200);
    expect((await json(offers)) as unknown[]).toHaveLength(5);

    // A second server on the same data folder refuses to start: it must not adopt (then stop) the
    // cluster the running one uses.
    const clash = await startServerProcess(env).then(
      (third) => {
        third.child.kill("SIGKILL");
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(clash).toContain("belongs to a server that is still running");
    expect((await fetch(`${second.baseUrl}/ready`)).status).toBe(200);

    // The CLI shares the running cluster (and leaves it running).
    const created = await runCli(["teams", "create", "--name", "Acme", "--role", "reseller", "--json"], env);
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
    const { team, apiKey } = JSON.parse(created.stdout) as {
      team: { id: string };
      apiKey: { id: string; key: string };
    };
    const asReseller = await fetch(`${second.baseUrl}/provider/offers`, { headers: { "x-api-key": apiKey.key } });
    expect(asReseller.status).toBe(403);
    const revoked = await runCli(["keys", "revoke", "--team", team.id, "--key", apiKey.id], env);
    expect(revoked.code).toBe(0);
    const afterRevoke = await fetch(`${second.baseUrl}/provider/offers`, { headers: { "x-api-key": apiKey.key } });
    expect(afterRevoke.status).toBe(401);
    expect((await fetch(`${second.baseUrl}/health`)).status).toBe(200);

    second.child.kill("SIGINT");
    expect(await second.exited).toBe(0);
    const pid = await readFile(join(dir, "postgres", "pgdata", "postmaster.pid"), "utf8").catch(() => null);
    expect(pid).toBeNull(); // PostgreSQL stopped cleanly
    // After the pools ended, not under them: no session is cut by the stop (a smart shutdown first).
    expect(second.logs().filter((l) => l.msg === "database client failed")).toEqual([]);
    const serverLog = await readFile(join(dir, "postgres", "pgdata", "server.log"), "utf8");
    expect(
      serverLog.split("\n").filter((line) => line.includes("received smart shutdown request")).length,
    ).toBeGreaterThan(0);
    expect(serverLog).not.toMatch(/terminating connection due to administrator command/);
  });

  it("the CLI explains bad usage", async () => {
    const result = await runCli(["teams", "create", "--name", "X"], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--role is required");
  });
});
