import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { scriptCommand } from "../../../test/helpers/package-script.ts";
import { type ServerProcess, startServerProcess } from "../../server/test/server-process.ts";
import { runWalkthrough } from "../src/walkthrough.ts";

// The typed client's walkthrough against the reference server, run as a process from its build.

const ADMIN_TOKEN = "walkthrough-admin-token-0123456789";
const exampleDir = fileURLToPath(new URL("..", import.meta.url));

describe("examples/client walkthrough", () => {
  let database: TestDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServerProcess({
      DATABASE_URL: database.url,
      MARKETPLACE_ADMIN_TOKEN: ADMIN_TOKEN,
      MARKETPLACE_SEED: "false",
    });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    await database?.drop();
  });

  it("creates teams, publishes an offer, finds it in the catalog, places an order and accepts it", async () => {
    const lines: string[] = [];
    const result = await runWalkthrough({
      baseUrl: server.baseUrl,
      adminToken: ADMIN_TOKEN,
      log: (l) => lines.push(l),
    });

    expect(result.offer).toMatchObject({ status: "active", monthlyPrice: "49.99" });
    expect(result.catalogEntry).toMatchObject({ id: result.offer.id, name: result.offer.name, monthlyPrice: "49.99" });
    expect(result.placedOrder).toMatchObject({ status: "pending", totalMonthly: "49.99" });
    expect(result.placedOrder.items).toEqual([
      expect.objectContaining({ offerId: result.offer.id, status: "pending", providerTeamId: result.providerTeamId }),
    ]);
    expect(result.acceptedItem).toMatchObject({ id: result.placedOrder.items[0]?.id, status: "accepted" });
    expect(result.order).toMatchObject({ id: result.placedOrder.id, status: "in_progress" });
    expect(result.order.items[0]?.status).toBe("accepted");
    expect(lines.map((line) => line.slice(0, 2))).toEqual(["1.", "2.", "3.", "4.", "5."]);
  });

  it("runs as its documented `pnpm --filter @marketplace/example-client start` runs it, and says what is missing", async () => {
    // The command of package.json's "start" script, in the example's folder, as pnpm runs it.
    const { command, args } = scriptCommand(exampleDir, "start");
    const run = (env: Record<string, string>) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(command, args, {
          cwd: exampleDir,
          env: { PATH: process.env.PATH ?? "", ...env },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk.toString("utf8");
        });
        child.stderr.on("data", (chunk: Buffer) => {
          stderr += chunk.toString("utf8");
        });
        child.on("exit", (code) => resolve({ code, stdout, stderr }));
      });
    const ok = await run({ MARKETPLACE_URL: server.baseUrl, MARKETPLACE_ADMIN_TOKEN: ADMIN_TOKEN });
    expect({ code: ok.code, stderr: ok.stderr }).toEqual({ code: 0, stderr: "" });
    expect(ok.stdout).toMatch(/^5\. item .*: pending → accepted; order .*: in_progress$/m);

    const missing = await run({ MARKETPLACE_URL: server.baseUrl });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("MARKETPLACE_ADMIN_TOKEN");
    const wrong = await run({
      MARKETPLACE_URL: server.baseUrl,
      MARKETPLACE_ADMIN_TOKEN: "not-the-server-token-at-all",
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^create the provider team: 401 /);
  });
});
