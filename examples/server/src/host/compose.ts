/**
 * The one composition of the marketplace host, on every runtime: from one validated configuration
 * it builds the database (embedded or DATABASE_URL) and the read pool, the delivery worker (with
 * scheduled consent checkpoints and retention), the unit of work, the API key change feed, the
 * marketplace (with its consent signing key at start), the HTTP app, the dashboard at /dashboard,
 * readiness (`/ready`, 503 while draining), the Prometheus metrics on their own port, and tracing.
 * The runtime (`HostRuntime`) supplies only the listener, the client address and the metrics
 * listener. Everything acquired is pushed on one last-in-first-out stack (`releasers.ts`): a
 * failure halfway through the start releases what was acquired; `stop` releases it all.
 *
 * @module
 */

import {
  createDatabase,
  createPool,
  PostgresApiKeyChangeFeed,
  PostgresUnitOfWork,
  PostgresWebhookAttemptFeed,
  pendingMigrations,
  pingDatabase,
} from "@marketplace/adapters-postgres";
import { createMarketplace, type Logger, type Marketplace } from "@marketplace/core";
import { argon2idPasswordHasher, createDashboard, type DashboardOptions, otpauthTotp } from "@marketplace/dashboard";
import { createApp, resolveClientIp, traceUseCases } from "@marketplace/http";
import { type DeliveryWorker, runDeliveryWorker } from "@marketplace/worker";
import type { SpanExporter } from "@opentelemetry/sdk-trace";
import { Hono } from "hono";
import type pg from "pg";
import type { ServerConfig } from "../config.ts";
import { adoptDatabase, openDatabase } from "../database.ts";
import { createHostMailer } from "../mailer.ts";
import { createHostMetrics, metricsFetch } from "../metrics.ts";
import { resolveSecretKey, sealSecretsAtStart } from "../secret-key.ts";
import { formatSeededKeys, formatSeededKeysFile, seedDemoData } from "../seed.ts";
import { startTracing } from "../tracing.ts";
import { withReleasers } from "./releasers.ts";
import { type FetchHandler, type HostRuntime, shownHost } from "./runtime.ts";

/** The host's readiness: whether it should be sent traffic, and why not. */
export interface Readiness {
  ready: boolean;
  checks: {
    database: "up" | "down";
    migrations: "current" | "pending" | "unknown";
    worker: "running" | "restarting" | "stopping" | "stopped" | "disabled";
    draining: boolean;
  };
}

/** What the composition takes besides the configuration and the runtime. */
export interface MarketplaceHostOptions {
  logger: Logger;
  /** The service version shown at `/` and on spans. */
  version: string;
  /** Where the start banner (the demo keys) goes; default `console.log`. */
  print?: (text: string) => void;
  /** Adds routes to the API app before it listens (dev mode's webhook inbox). Called once. */
  extendApp?: (app: ReturnType<typeof createApp>, context: { marketplace: Marketplace }) => void | Promise<void>;
  /**
   * Registers tracing with this exporter (spans sent one by one), whatever the OTEL_* variables
   * say: tests pass an in-memory exporter. The provider is registered globally for the process.
   */
  spanExporter?: SpanExporter;
  /** More options for `createDashboard` (e.g. a mailer), wired here for every runtime. */
  dashboard?: Partial<Omit<DashboardOptions, "marketplace">>;
  /**
   * An embedding service's own pool (and its Kysely over it, `createDatabase(pool)`): migrated at
   * start, shared by the use cases and the worker, never ended by the host. Default: the pool of
   * `DATABASE_URL`, or the embedded PostgreSQL.
   */
  database?: { pool: pg.Pool; db: ReturnType<typeof createDatabase> };
  /**
   * Serves the marketplace under `path` (e.g. `/marketplace`: the API, `/ready` and the dashboard
   * at `<path>/dashboard`) and every other request with `beside`, the embedding service's own
   * handler (default: 404). Default: the marketplace at the root.
   */
  mount?: { path: string; beside?: (context: { marketplace: Marketplace }) => FetchHandler };
}

/** A started host. */
export interface MarketplaceHost {
  /** Base URL, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Where the Prometheus metrics are served, e.g. `http://127.0.0.1:9464/metrics`; null when off. */
  metricsUrl: string | null;
  marketplace: Marketplace;
  /** What `/ready` reports now. */
  readiness(): Promise<Readiness>;
  /**
   * Deploy-safe stop: readiness answers 503 at once; after `shutdownDelayMs` the listener drains
   * (requests in flight finish); then, newest first, the metrics listener, the key change feed,
   * the worker, the pools, the embedded PostgreSQL and tracing are released. Idempotent.
   */
  stop(): Promise<void>;
}

/** The settings every runtime refuses (none today): the runtime's own refusals are added. */
function refusals(config: ServerConfig, runtime: HostRuntime): string[] {
  return runtime.unsupported?.(config) ?? [];
}

/**
 * Starts the marketplace host on `runtime`. Throws `invalid configuration: …` naming each setting
 * the runtime cannot honour; on any failure halfway, releases what was acquired, newest first.
 *
 * @example
 * const host = await createMarketplaceHost(loadConfig(process.env), nodeRuntime, { logger, version });
 */
export async function createMarketplaceHost(
  config: ServerConfig,
  runtime: HostRuntime,
  options: MarketplaceHostOptions,
): Promise<MarketplaceHost> {
  const { logger } = options;
  const refused = refusals(config, runtime);
  if (refused.length > 0) throw new Error(`invalid configuration:\n${refused.map((line) => `  ${line}`).join("\n")}`);
  const onReleaseError = (step: string, error: unknown) =>
    logger.error("stop step failed", { step, error: (error as Error)?.message ?? String(error) });
  return withReleasers(async (releasers) => {
    const release = <T>(step: string, fn: () => unknown, value?: T): T =>
      releasers.add(
        step,
        async () => {
          await fn();
          logger.debug("released", { step });
        },
        value,
      );
    // Secrets at rest: the key-encryption key, or a warning (a refusal in production) before anything starts.
    const secretKeyring = await resolveSecretKey(config, logger);
    // Before anything runs a query: spans need the provider and the context manager in place.
    const tracingConfig =
      config.tracing ??
      (options.spanExporter
        ? { tracesEndpoint: "", serviceName: "marketplace-service", sampler: "always_on" as const, samplerRatio: 1 }
        : null);
    const tracing = tracingConfig ? startTracing(tracingConfig, options.version, options.spanExporter) : null;
    if (tracing) release("tracing", () => tracing.shutdown());

    const database = options.database
      ? await adoptDatabase(options.database.pool, options.database.db, logger)
      : await openDatabase(config, logger, { applicationName: "marketplace-server" });
    release("database", () => database.close());
    // Catalog and public offer reads on a second pool when DATABASE_READ_URL is set (a replica).
    const readPool = config.databaseReadUrl
      ? createPool({
          connectionString: config.databaseReadUrl,
          max: config.readPoolSize,
          logger,
          applicationName: "marketplace-server-read",
        })
      : null;
    const readDb = readPool ? createDatabase(readPool) : null;
    if (readDb) release("read pool", () => readDb.destroy());
    const metrics = config.metrics
      ? createHostMetrics({
          db: database.db,
          pool: database.pool,
          pools: { primary: database.pool, ...(readPool && { read: readPool }) },
          logger,
        })
      : null;
    await sealSecretsAtStart(database.db, secretKeyring, logger);
    if (config.webhookAllowLoopback) {
      logger.warn(
        "webhooks may target loopback and http://localhost (MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK): development only",
      );
    }

    // The worker starts before the use cases exist; its scheduled checkpoints find them here.
    let checkpointAll: () => Promise<number> = async () => 0;
    let worker: DeliveryWorker | null = null;
    if (config.worker) {
      worker = await runDeliveryWorker({
        pgPool: database.pool,
        logger,
        concurrency: config.workerConcurrency,
        allowLoopback: config.webhookAllowLoopback,
        secretKeyring,
        consentCheckpoints: { run: () => checkpointAll(), schedule: config.consentCheckpointSchedule },
        // The window is the configuration's alone: the events API and recover read the same one.
        ...(config.retentionSchedule && {
          retention: { schedule: config.retentionSchedule, retentionDays: config.eventRetentionDays },
        }),
        ...(metrics && { observer: metrics.delivery }),
      });
      const started = worker;
      release("delivery worker", () => started.stop());
    }
    const currentWorker = worker;
    const unitOfWork = new PostgresUnitOfWork({
      db: database.db,
      secretKeyring,
      ...(readDb && { readDb }),
      onEventsCommitted: () => currentWorker?.nudge(),
    });
    // Authenticated keys stay in memory; revocations reach every process through LISTEN/NOTIFY.
    const keyChanges =
      config.apiKeyCacheTtlMs > 0 ? await PostgresApiKeyChangeFeed.start({ pool: database.pool, logger }) : null;
    if (keyChanges) release("api key change feed", () => keyChanges.close());
    const untraced = createMarketplace({
      unitOfWork,
      logger,
      eventRetentionDays: config.eventRetentionDays,
      ...(keyChanges && { apiKeyCache: { changes: keyChanges, ttlMs: config.apiKeyCacheTtlMs } }),
      ...(config.consentSigningKey && { consentSigningKey: config.consentSigningKey }),
      members: { passwordHasher: argon2idPasswordHasher(), totp: otpauthTotp() },
    });
    // A span per use case call, only when tracing is registered (otherwise the wrapper is pure cost).
    const marketplace = tracing ? traceUseCases(untraced) : untraced;
    checkpointAll = () => marketplace.consentEvidence.checkpointAll();
    // The consent signing key exists from the first start on (generated and stored unless configured).
    const signingKey = await marketplace.consentEvidence.ensureSigningKey();
    logger.info("consent signing key", { kid: signingKey.kid, configured: config.consentSigningKey !== null });

    const clientIp = runtime.clientIp.bind(runtime);
    const prefix = options.mount?.path ?? "";
    const dashboardPath = `${prefix}/dashboard`;
    const app = createApp({
      marketplace,
      logger,
      checkHealth: () => pingDatabase(database.db),
      adminToken: config.adminToken,
      service: { name: "marketplace-service", version: options.version },
      allowLoopbackWebhooks: config.webhookAllowLoopback,
      // The socket's peer keys the public rate limits; X-Forwarded-For only over trusted proxy hops.
      clientIp,
      trustProxyHops: config.trustProxyHops,
      optInRateLimits: config.optInRateLimits,
      strictTransportSecurity: config.strictTransportSecurity,
      // What /openapi.json states: the retention window this host's marketplace and worker apply.
      documentedSettings: { eventRetentionDays: config.eventRetentionDays },
      ...(metrics && { observer: metrics.http }),
      ...(config.publicUrl && { dashboardUrl: `${config.publicUrl}${dashboardPath}` }),
      ...(prefix && { mountPath: prefix }),
    });
    // One LISTEN for the webhooks portal's live tail, whoever records the attempts.
    const webhookAttempts = await PostgresWebhookAttemptFeed.start({ pool: database.pool, logger });
    release("webhook attempt feed", () => webhookAttempts.close());
    // The team dashboard at /dashboard: its own app (own headers, CSP, log lines without secrets).
    const dashboard = createDashboard({
      basePath: dashboardPath,
      logger,
      webhookUrlPolicy: { allowLoopback: config.webhookAllowLoopback },
      webhookAttempts,
      portalFrameAncestors: config.portalFrameAncestors,
      ...(config.portalLogo && { portalLogo: config.portalLogo }),
      secureCookies: !config.dashboardInsecureCookies,
      ...(config.publicUrl && { publicUrl: config.publicUrl }),
      clientIp: (c) => resolveClientIp(c, { clientIp, trustProxyHops: config.trustProxyHops }),
      // SMTP when MARKETPLACE_SMTP_URL is set, otherwise the log (dev mode passes its inbox instead).
      mailer: createHostMailer(config, logger),
      ...options.dashboard,
      marketplace,
    });
    await options.extendApp?.(app, { marketplace });

    let draining = false;
    const readiness = async (): Promise<Readiness> => {
      const [databaseState, migrations] = await Promise.all([
        pingDatabase(database.db).then(
          () => "up" as const,
          () => "down" as const,
        ),
        pendingMigrations(database.db).then(
          (pending) => (pending.length === 0 ? ("current" as const) : ("pending" as const)),
          () => "unknown" as const,
        ),
      ]);
      const workerState = worker ? worker.status().state : ("disabled" as const);
      const ready =
        !draining &&
        databaseState === "up" &&
        migrations === "current" &&
        (workerState === "running" || workerState === "disabled");
      return { ready, checks: { database: databaseState, migrations, worker: workerState, draining } };
    };
    // Readiness (for a load balancer or Kubernetes' readinessProbe); /health stays liveness.
    app.get("/ready", async (c) => {
      const report = await readiness();
      return c.json({ status: report.ready ? "ready" : "not_ready", ...report.checks }, report.ready ? 200 : 503, {
        "cache-control": "no-store",
      });
    });

    // Seed before listening: the server takes no request until it is ready. Demo data only into
    // the embedded database this process runs, unless MARKETPLACE_SEED says so: an empty
    // production DATABASE_URL never gets demo teams with live keys by default.
    const seed = config.seed ?? database.embedded !== null;
    const seeded = seed ? await seedDemoData(marketplace, database, { keysFile: config.demoKeysFile }) : null;

    // Metrics on a listener of their own (loopback by default), never on the API's port.
    let metricsUrl: string | null = null;
    if (metrics && config.metrics) {
      const at = config.metrics;
      const listener = await runtime.serveMetrics(metricsFetch(metrics), at).catch((error: Error) => {
        const code = (error as { code?: string }).code;
        throw new Error(`MARKETPLACE_METRICS_PORT: cannot listen on ${at.host}:${at.port} (${code ?? error.message})`);
      });
      release("metrics listener", () => listener.close());
      metricsUrl = `http://${shownHost(at.host)}:${listener.port}/metrics`;
    }

    const fetch: FetchHandler = options.mount
      ? mounted(prefix, app, dashboard, options.mount.beside?.({ marketplace }))
      : (request, env, ctx) =>
          isDashboardUrl(request.url) ? dashboard.fetch(request, env, ctx) : app.fetch(request, env, ctx);
    const listener = await runtime.listen(fetch, { host: config.host, port: config.port });
    release("HTTP listener", async () => {
      const { forced } = await listener.drain(config.shutdownTimeoutMs);
      if (forced > 0) {
        logger.warn("drain timeout: closed connections with requests still in flight", {
          connections: forced,
          timeoutMs: config.shutdownTimeoutMs,
        });
      }
      logger.info("HTTP drained; stopping the delivery worker");
    });
    const url = `http://${shownHost(config.host)}:${listener.port}`;
    // The keys on stdout only with the embedded database (a machine of one's own); otherwise the file.
    if (seeded) {
      (options.print ?? console.log)(
        database.embedded ? formatSeededKeys(seeded, url, config.publicUrl ?? url) : formatSeededKeysFile(seeded),
      );
    }
    logger.info("listening", {
      url,
      port: listener.port,
      runtime: runtime.name,
      metricsUrl,
      worker: config.worker,
      embeddedPostgres: database.embedded !== null,
      readPool: readPool !== null,
      tracing: tracing !== null,
    });

    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= (async () => {
        draining = true;
        logger.info("shutting down: readiness answers 503", { shutdownDelayMs: config.shutdownDelayMs });
        // Time for load balancers to see /ready fail and stop sending new connections.
        if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
        await releasers.release();
        logger.info("stopped");
      })();
      return stopping;
    };
    return { url, metricsUrl, marketplace, readiness, stop };
  }, onReleaseError);
}

/** The marketplace under `prefix` (the API with the prefix taken off, the dashboard as is), `beside` elsewhere. */
function mounted(
  prefix: string,
  api: { fetch: FetchHandler },
  dashboard: { fetch: FetchHandler },
  beside: FetchHandler | undefined,
): FetchHandler {
  const root = new Hono();
  const toDashboard = (c: { req: { raw: Request }; env: unknown }) => dashboard.fetch(c.req.raw, c.env);
  root.all(`${prefix}/dashboard`, toDashboard);
  root.all(`${prefix}/dashboard/*`, toDashboard);
  root.mount(prefix, api.fetch);
  if (beside) root.all("*", (c) => beside(c.req.raw, c.env));
  return (request, env, ctx) => root.fetch(request, env, ctx);
}

/** True for `/dashboard` and `/dashboard/…` (checked on the URL string: no parse on the API's hot path). */
export function isDashboardUrl(url: string): boolean {
  const path = url.indexOf("/", url.indexOf("//") + 2);
  if (path < 0 || !url.startsWith("/dashboard", path)) return false;
  const next = url.charAt(path + 10);
  return next === "" || next === "/" || next === "?";
}
