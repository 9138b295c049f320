import { randomUUID } from "node:crypto";
import http from "node:http";
import { generateSigningKey } from "@marketplace/core/consents";
import { verifySignature } from "@marketplace/core/signing";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { apiCaller, type HostName, type ServerProcess, startServerProcess } from "./server-process.ts";

const ADMIN = "e2e-admin-token-0123456789";
const HOSTS: HostName[] = ["node", "deno", "bun"];

/**
 * The hosts' suite, one per runtime the project ships: the reference host on Node, and the same
 * composition (examples/server/src/host/compose.ts) on Deno (`Deno.serve`) and Bun (`Bun.serve`),
 * each a process started once on its own database and reused by every test below. Checked on each:
 * the contract's walk, /health and /ready, the dashboard at /dashboard, the Prometheus metrics on
 * their own port, the configured consent signing key in the JWKS at start, the retention window and
 * schedules taking effect, OTLP tracing, and a SIGTERM under keep-alive load (readiness 503 while
 * draining, every request answered, exit 0). The database restart under load is its own file,
 * parameterised by host too (database-restart.e2e.test.ts).
 *
 * Not run on every runtime, and why:
 * - the accept-queue drain with one connection per request (shutdown.e2e.test.ts): Node only. It
 *   tests http-drain.ts, the Node listener's socket-level drain (it reads the kernel's accept queue
 *   from /proc); Deno and Bun give a fetch handler no sockets, and drain at the request level
 *   (host/fetch-drain.ts), tested here under keep-alive load.
 * - the fatal-error exit (fatal-error.e2e.test.ts) and dev mode (dev-mode.e2e.test.ts): Node only.
 *   Both exercise Node's process wrapper (close-with-grace, tsx); Deno's and Bun's is
 *   `runPortableHost`, whose signal path the SIGTERM test below runs.
 * - in-process tests (observability.e2e, secret-key.e2e): Node only, they import the host into
 *   vitest's Node process; the same composition is checked black-box here on every runtime.
 *
 * The walk: teams through the admin API, an offer published and duplicated, the bulk CSV template
 * validated, webhooks registered, an order placed and cancelled, its signed events delivered by the
 * host's worker. Bodyless routes are called as fetch clients do (JSON content type, empty body):
 * under Deno.serve they once answered 500.
 */
describe.each(HOSTS)("the API on %s", (host) => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  let server: ServerProcess;
  let otlp: WebhookReceiver;
  let metricsUrl: string;
  let signingKey: Awaited<ReturnType<typeof generateSigningKey>>;
  const call = (...args: Parameters<ReturnType<typeof apiCaller>>) => apiCaller(server)(...args);
  /** A bodyless POST or PATCH as fetch clients send it: JSON content type, empty body. */
  const bodyless = async (key: string, method: string, path: string) => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { "x-api-key": key, "content-type": "application/json" },
      body: "",
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const createTeam = async (name: string, role: string) => {
    const res = await fetch(`${server.baseUrl}/admin/teams`, {
      method: "POST",
      headers: { authorization: `Bearer ${ADMIN}`, "content-type": "application/json" },
      body: JSON.stringify({ name, role }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { apiKey: { key: string } }).apiKey.key;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver();
    otlp = await startWebhookReceiver();
    signingKey = await generateSigningKey();
    server = await startServerProcess(
      {
        DATABASE_URL: database.url,
        MARKETPLACE_ADMIN_TOKEN: ADMIN,
        MARKETPLACE_SEED: "false",
        MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: "true",
        MARKETPLACE_CONSENT_SIGNING_KEY: JSON.stringify(signingKey),
        MARKETPLACE_EVENT_RETENTION_DAYS: "7",
        MARKETPLACE_SHUTDOWN_DELAY_MS: "300",
        OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
        OTEL_SERVICE_NAME: `marketplace-${host}`,
      },
      { host },
    );
    metricsUrl = (await server.waitForLog((line) => line.msg === "listening")).metricsUrl as string;
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
    await receiver?.close();
    await otlp?.close();
    await database?.drop();
  });

  it("serves the contract: offers, orders, signed webhook deliveries", async () => {
    expect((await fetch(`${server.baseUrl}/`)).status).toBe(200);
    const health = await fetch(`${server.baseUrl}/health`);
    expect([health.status, await health.json()]).toEqual([200, { status: "ok", database: "up" }]);
    expect(health.headers.get("x-content-type-options")).toBe("nosniff");
    // /docs and Swagger UI's files from the installed swagger-ui-dist, on this runtime too.
    const docs = await fetch(`${server.baseUrl}/docs`);
    expect(docs.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(await docs.text()).toContain('src="/docs/assets/swagger-ui-bundle.js"');
    for (const file of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
      const asset = await fetch(`${server.baseUrl}/docs/assets/${file}`);
      expect([file, asset.status, (await asset.arrayBuffer()).byteLength > 100_000]).toEqual([file, 200, true]);
    }

    const provider = await createTeam("Acme Fiber", "provider");
    const reseller = await createTeam("Resell Co", "reseller");
    expect((await call(reseller, "GET", "/provider/offers")).status).toBe(403);

    const created = await call(provider, "POST", "/provider/offers", {
      name: "Fiber 500",
      sku: `FIBER-${randomUUID()}`,
      serviceType: "internet",
      monthlyPrice: "49.99",
      internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 500, connectionType: "fiber" },
    });
    expect(created.status).toBe(201);
    const offerId = (created.body as { id: string }).id;
    const published = await bodyless(provider, "POST", `/provider/offers/${offerId}/publish`);
    expect([published.status, published.body.status]).toEqual([200, "active"]);
    const copy = await bodyless(provider, "POST", `/provider/offers/${offerId}/duplicate`);
    expect([copy.status, copy.body.status]).toEqual([201, "draft"]);

    // The bulk CSV path (csv-parse through packages/http's "imports"): the template validates as it is.
    const template = await fetch(`${server.baseUrl}/provider/offers/bulk-upload/template`, {
      headers: { "x-api-key": provider },
    });
    const validated = await fetch(`${server.baseUrl}/provider/offers/bulk-upload/validate`, {
      method: "POST",
      headers: { "x-api-key": provider, "content-type": "text/csv" },
      body: await template.text(),
    });
    expect([validated.status, ((await validated.json()) as { summary: unknown }).summary]).toEqual([
      200,
      { rows: 1, valid: 1, invalid: 0, created: 0 },
    ]);

    const events = ["order.created", "order.cancelled"];
    const hooks = {
      provider: await call(provider, "POST", "/provider/webhooks", { url: `${receiver.url}/provider`, events }),
      reseller: await call(reseller, "POST", "/reseller/webhooks", { url: `${receiver.url}/reseller`, events }),
    };
    expect([hooks.provider.status, hooks.reseller.status]).toEqual([201, 201]);

    const placed = await call(reseller, "POST", "/reseller/orders", {
      items: [{ offerId }],
      customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
      serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
    });
    expect(placed.status).toBe(201);
    const orderId = (placed.body as { id: string }).id;
    const cancelled = await bodyless(reseller, "PATCH", `/reseller/orders/${orderId}/cancel`);
    expect([cancelled.status, cancelled.body.status]).toEqual([200, "cancelled"]);

    for (const side of ["provider", "reseller"] as const) {
      const delivered = await receiver.waitFor(2, { path: `/${side}`, timeoutMs: 20_000 });
      const bodies = delivered.map(
        (request) => JSON.parse(request.body) as { type: string; data: { orderId: string } },
      );
      expect(bodies.map((body) => body.type).sort()).toEqual(["order.cancelled", "order.created"]);
      expect(bodies.every((body) => body.data.orderId === orderId)).toBe(true);
      for (const request of delivered) {
        const header = request.headers["x-service-signature"] as string;
        const { secret } = hooks[side].body as { secret: string };
        expect(await verifySignature({ payload: request.body, header, secret })).toMatchObject({ ok: true });
      }
    }
  });

  it("refuses a bad setting at start with a message naming it, and exits 2", async () => {
    const refused = await startServerProcess(
      { DATABASE_URL: database.url, PORT: "39999", MARKETPLACE_METRICS_PORT: "39999" },
      { host },
    ).then(
      (started) => {
        started.child.kill("SIGKILL");
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(refused).toContain("(exit 2)");
    expect(refused).toContain("MARKETPLACE_METRICS_PORT: must differ from PORT (39999)");
  });

  it("serves /health, /ready and the dashboard at /dashboard", async () => {
    const ready = await fetch(`${server.baseUrl}/ready`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: "ready", database: "up", migrations: "current", worker: "running", draining: false },
    ]);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    const signIn = await fetch(`${server.baseUrl}/dashboard/sign-in`);
    expect(signIn.status).toBe(200);
    expect(signIn.headers.get("content-type")).toMatch(/^text\/html/);
    expect(signIn.headers.get("content-security-policy")).toMatch(/'nonce-/);
    expect(await signIn.text()).toMatch(/<form[^>]+method="post"/i);
  });

  it("serves Prometheus metrics on their own port, never on the API's", async () => {
    expect(new URL(metricsUrl).port).not.toBe(new URL(server.baseUrl).port);
    await fetch(`${server.baseUrl}/health`);
    const metrics = await fetch(metricsUrl);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await metrics.text();
    expect(text).toMatch(
      /marketplace_http_request_duration_seconds_count\{method="GET",route="\/health",status_class="2xx"\} [1-9]/,
    );
    expect(text).toMatch(/marketplace_db_pool_connections\{pool="primary",state="total"\} \d+/);
    expect(text).toMatch(/marketplace_job_queue_jobs\{state="waiting"\} \d+/);
    expect(text).toContain("process_cpu_user_seconds_total");
    expect((await fetch(new URL("/other", metricsUrl))).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(404);
  });

  it("publishes the configured consent signing key at start, before any export", async () => {
    const jwks = await fetch(`${server.baseUrl}/.well-known/consent-keys.json`);
    expect(jwks.status).toBe(200);
    const { keys } = (await jwks.json()) as { keys: { kid: string; x: string }[] };
    expect(keys.map((key) => key.x)).toContain(signingKey.x);
    expect(server.logs().some((line) => line.msg === "consent signing key" && line.configured === true)).toBe(true);
  });

  it("schedules checkpoints and retention, and the events API keeps the configured window", async () => {
    const { rows } = await sql<{ identifier: string }>`
      select identifier from graphile_worker._private_known_crontabs order by identifier
    `.execute(database.db);
    expect(rows.map((row) => row.identifier)).toEqual(["consent_checkpoints", "prune_retention"]);
    // MARKETPLACE_EVENT_RETENTION_DAYS=7 reached the use cases: recover refuses 8 days back.
    const reseller = await createTeam("Window Co", "reseller");
    const hook = await call(reseller, "POST", "/reseller/webhooks", {
      url: `${receiver.url}/w`,
      events: ["order.created"],
    });
    const since = new Date(Date.now() - 8 * 86_400_000).toISOString();
    const recover = await call(reseller, "POST", `/reseller/webhooks/${hook.body.id}/recover`, { since, dryRun: true });
    expect(recover.status).toBe(400);
    expect(JSON.stringify(recover.body)).toContain("retention window of 7 days");
  });

  it("drains on SIGTERM under keep-alive load: readiness 503 first, every request answered, exit 0; spans exported; the signal's echo ignored", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const outcomes: { status?: number; error?: string }[] = [];
    let refused = false;
    const deadline = Date.now() + 15_000;
    const get = (url: string) =>
      new Promise<{ status?: number; error?: string }>((resolve) => {
        const request = http.get(url, { agent }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode }));
          response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
        });
        request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      });
    const clients = Array.from({ length: 4 }, async () => {
      while (!refused && Date.now() < deadline) {
        const outcome = await get(`${server.baseUrl}/health`);
        outcomes.push(outcome);
        if (outcome.error === "ECONNREFUSED") refused = true; // the listener is closed
      }
    });
    while (outcomes.length < 8 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill("SIGTERM");
    const draining = await fetch(`${server.baseUrl}/ready`);
    expect([draining.status, ((await draining.json()) as { draining: boolean }).draining]).toEqual([503, true]);
    // The same stop delivered again, as a process group and a relaying parent (pnpm, a shell's trap)
    // both deliver one Ctrl-C: not a second signal (which would exit 130 at once).
    server.child.kill("SIGTERM");
    await Promise.all(clients);
    agent.destroy();
    expect(await server.exited).toBe(0);
    expect(outcomes.filter((outcome) => outcome.error !== undefined && outcome.error !== "ECONNREFUSED")).toEqual([]);
    expect(outcomes.filter((outcome) => outcome.status !== undefined).every((o) => o.status === 200)).toBe(true);
    expect(server.logs().filter((line) => line.level === "error" || (line.level as number) >= 50)).toEqual([]);
    expect(server.logs().map((line) => line.msg)).toContain("stopped");
    expect(server.logs().map((line) => line.msg)).toContain("signal repeated: the same stop, still under way");
    // Tracing with the OTEL_* variables: the spans of the requests above, flushed at the stop.
    const exported = await otlp.waitFor(1, { path: "/v1/traces", timeoutMs: 5000 });
    const body = exported.map((request) => request.body).join("");
    expect(body).toContain(`marketplace-${host}`);
    expect(body).toContain("GET /health");
  });
});
