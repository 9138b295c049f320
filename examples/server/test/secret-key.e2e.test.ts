import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Logger } from "@marketplace/core";
import { verifySignature } from "@marketplace/core/signing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { startWebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { loadConfig } from "../src/config.ts";
import { resolveSecretKey } from "../src/secret-key.ts";
import { startServer } from "../src/server.ts";

// The reference host's key-encryption key (issue 25 item 4): MARKETPLACE_SECRET_KEY seals stored
// secrets; without it every start warns, and a production start refuses.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const tsx = fileURLToPath(new URL("../../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const newKek = () => randomBytes(32).toString("base64");

/** A logger that keeps what it is told. */
function recordingLogger() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push({ level, message, fields });
    };
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { logger, lines };
}

/** Runs a host entry point (from source) to its exit; its code and everything it printed. */
function runFromSource(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [tsx, "--tsconfig", `${root}tsconfig.json`, entry, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
}

describe("the host's key-encryption key settings", () => {
  it("read MARKETPLACE_SECRET_KEY, MARKETPLACE_SECRET_KEY_PREVIOUS (comma-separated) and NODE_ENV", () => {
    const [a, b, c] = [newKek(), newKek(), newKek()];
    const config = loadConfig({
      MARKETPLACE_SECRET_KEY: a,
      MARKETPLACE_SECRET_KEY_PREVIOUS: `${b}, ${c}`,
      NODE_ENV: "production",
    });
    expect(config.secretKey).toBe(a);
    expect(config.previousSecretKeys).toEqual([b, c]);
    expect(config.production).toBe(true);
    expect(loadConfig({})).toMatchObject({ secretKey: null, previousSecretKeys: [], production: false });
  });

  it("refuse a key that is not 32 bytes of base64 (without echoing it) and a previous key without a current one", () => {
    const short = randomBytes(16).toString("base64");
    let message = "";
    try {
      loadConfig({ MARKETPLACE_SECRET_KEY: short });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/MARKETPLACE_SECRET_KEY: must be 32 random bytes in base64/);
    expect(message).not.toContain(short);
    expect(() => loadConfig({ MARKETPLACE_SECRET_KEY_PREVIOUS: newKek() })).toThrow(
      /MARKETPLACE_SECRET_KEY_PREVIOUS: only with MARKETPLACE_SECRET_KEY/,
    );
  });

  it("without a key: a warning naming the risk and the variable; in production, a refusal saying how to configure it", async () => {
    const { logger, lines } = recordingLogger();
    expect(await resolveSecretKey(loadConfig({}), logger)).toBeNull();
    const warning = lines.find((line) => line.level === "warn");
    expect(warning?.message).toMatch(/MARKETPLACE_SECRET_KEY is not set/);
    expect(warning?.message).toMatch(/plaintext in the database/);
    expect(warning?.message).toMatch(/forge consent evidence and webhook signatures/);
    expect(warning?.fields).toEqual({ variable: "MARKETPLACE_SECRET_KEY" });
    await expect(resolveSecretKey(loadConfig({ NODE_ENV: "production" }), logger)).rejects.toThrow(
      /refusing to start with NODE_ENV=production: .*set MARKETPLACE_SECRET_KEY to 32 random bytes in base64 \(openssl rand -base64 32\).*MARKETPLACE_CONSENT_SIGNING_KEY/,
    );
    const keyring = await resolveSecretKey(
      loadConfig({ MARKETPLACE_SECRET_KEY: newKek(), NODE_ENV: "production" }),
      logger,
    );
    expect(keyring?.current.id).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe("the reference server and its key-encryption key", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());
  /** The key the stored secrets are sealed under after the first test. */
  let kek = "";

  const base = () => ({
    DATABASE_URL: database.url,
    PORT: "0",
    HOST: "127.0.0.1",
    MARKETPLACE_METRICS_PORT: "off",
    MARKETPLACE_SEED: "false",
    MARKETPLACE_WORKER: "false",
  });
  const keyColumns = async () =>
    (
      await sql<{ kid: string; private_jwk: unknown; private_key_sealed: string | null }>`
        select kid, private_jwk, private_key_sealed from consent_signing_keys
      `.execute(database.db)
    ).rows;

  it("warns at a start without the key, seals the stored key at the first start with it, and refuses a wrong key", {
    timeout: 60_000,
  }, async () => {
    const first = recordingLogger();
    let server = await startServer(loadConfig(base()), first.logger, { version: "0.0.0-test" });
    const jwks = async () =>
      (await (await fetch(`${server.url}/.well-known/consent-keys.json`)).json()) as {
        keys: { kid: string }[];
      };
    const kid = (await jwks()).keys[0]?.kid;
    await server.stop();
    expect(first.lines.some((line) => line.level === "warn" && /MARKETPLACE_SECRET_KEY/.test(line.message))).toBe(true);
    const [plain] = await keyColumns();
    const d = (plain?.private_jwk as { d?: string } | null)?.d ?? "";
    expect(d).not.toBe("");

    kek = newKek();
    const second = recordingLogger();
    server = await startServer(loadConfig({ ...base(), MARKETPLACE_SECRET_KEY: kek }), second.logger, {
      version: "0.0.0-test",
    });
    expect((await jwks()).keys.map((key) => key.kid)).toEqual([kid]);
    await server.stop();
    expect(second.lines.some((line) => line.level === "warn" && /MARKETPLACE_SECRET_KEY/.test(line.message))).toBe(
      false,
    );
    const [sealed] = await keyColumns();
    expect(sealed?.kid).toBe(kid);
    expect(sealed?.private_jwk).toBeNull();
    expect(sealed?.private_key_sealed).toMatch(/^kek1\./);
    expect(sealed?.private_key_sealed).not.toContain(d);

    const wrong = recordingLogger();
    await expect(
      startServer(loadConfig({ ...base(), MARKETPLACE_SECRET_KEY: newKek() }), wrong.logger, {
        version: "0.0.0-test",
      }),
    ).rejects.toThrow(
      /not a configured key-encryption key.*Set MARKETPLACE_SECRET_KEY to the key they were sealed with/,
    );
    await expect(startServer(loadConfig(base()), wrong.logger, { version: "0.0.0-test" })).rejects.toThrow(
      /encrypted at rest and no key-encryption key is configured.*MARKETPLACE_SECRET_KEY/,
    );
    // Refused starts changed nothing.
    expect((await keyColumns())[0]?.private_key_sealed).toBe(sealed?.private_key_sealed);
  });

  it("pnpm marketplace secrets reencrypt re-seals every stored secret under a rotated key", {
    timeout: 60_000,
  }, async () => {
    expect(kek).not.toBe("");
    const next = newKek();
    const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
    const run = await runFromSource(cli, ["secrets", "reencrypt"], {
      DATABASE_URL: database.url,
      MARKETPLACE_SECRET_KEY: next,
      MARKETPLACE_SECRET_KEY_PREVIOUS: kek,
    });
    expect(run.code, run.output).toBe(0);
    const nextId = (await resolveSecretKey(loadConfig({ MARKETPLACE_SECRET_KEY: next }), recordingLogger().logger))
      ?.current.id;
    expect(run.output).toContain(`Sealed 0 plaintext secret(s) and re-sealed 1 under key id ${nextId}`);
    expect((await keyColumns())[0]?.private_key_sealed).toMatch(new RegExp(`^kek1\\.${nextId}\\.`));
    // Without the key to seal under, the command says what it needs.
    const bare = await runFromSource(cli, ["secrets", "reencrypt"], { DATABASE_URL: database.url });
    expect(bare.code).toBe(2);
    expect(bare.output).toContain("'secrets reencrypt' needs MARKETPLACE_SECRET_KEY");
    kek = next;
  });

  it("with the key, a webhook's secret is stored sealed and its deliveries are signed with the secret shown at creation", {
    timeout: 60_000,
  }, async () => {
    const receiver = await startWebhookReceiver();
    const adminToken = "secret-key-test-admin-token";
    const server = await startServer(
      loadConfig({
        ...base(),
        MARKETPLACE_WORKER: "true",
        MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
        MARKETPLACE_ADMIN_TOKEN: adminToken,
        MARKETPLACE_SECRET_KEY: kek,
      }),
      recordingLogger().logger,
      { version: "0.0.0-test" },
    );
    try {
      const team = await fetch(`${server.url}/admin/teams`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "Sealed Reseller", role: "reseller" }),
      });
      expect(team.status).toBe(201);
      const { apiKey } = (await team.json()) as { apiKey: { key: string } };
      const headers = { "x-api-key": apiKey.key, "content-type": "application/json" };
      const created = await fetch(`${server.url}/reseller/webhooks`, {
        method: "POST",
        headers,
        body: JSON.stringify({ url: `${receiver.url}/sealed`, events: ["order.created"] }),
      });
      expect(created.status).toBe(201);
      const webhook = (await created.json()) as { id: string; secret: string };
      const { rows } = await sql<{ secret: string }>`select secret from webhooks where id = ${webhook.id}`.execute(
        database.db,
      );
      expect(rows[0]?.secret).toMatch(/^kek1\./);
      expect(rows[0]?.secret).not.toContain(webhook.secret);
      const queued = await fetch(`${server.url}/reseller/webhooks/${webhook.id}/test`, { method: "POST", headers });
      expect(queued.status).toBe(202);
      const [request] = await receiver.waitFor(1, { path: "/sealed", timeoutMs: 20_000 });
      const header = request?.headers["x-service-signature"] as string;
      expect(await verifySignature({ payload: request?.body as string, header, secret: webhook.secret })).toMatchObject(
        { ok: true },
      );
    } finally {
      await server.stop();
      await receiver.close();
    }
  });

  it("NODE_ENV=production without MARKETPLACE_SECRET_KEY: the server refuses to start and says how to configure it", {
    timeout: 60_000,
  }, async () => {
    const { code, output } = await runFromSource(fileURLToPath(new URL("../src/main.ts", import.meta.url)), [], {
      ...base(),
      NODE_ENV: "production",
    });
    expect(code, output).toBe(1);
    const failed = output
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.msg === "failed to start");
    expect(failed?.error).toMatch(/refusing to start with NODE_ENV=production/);
    expect(failed?.error).toMatch(/set MARKETPLACE_SECRET_KEY to 32 random bytes in base64/);
    expect(failed?.error).toMatch(/MARKETPLACE_CONSENT_SIGNING_KEY/);
    expect(output).not.toMatch(/"msg":"listening"/);
  });
});
