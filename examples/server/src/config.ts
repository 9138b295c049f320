/**
 * The host's configuration, read from environment variables (only the host reads the environment;
 * the packages take what they need as arguments).
 *
 * @module
 */

import { DEFAULT_EVENT_RETENTION_DAYS, type Ed25519PrivateJwk } from "@marketplace/core";
import { parsePrivateSigningKey } from "@marketplace/core/consents";
import { z } from "zod";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((value) => (value === undefined ? fallback : ["true", "1", "yes"].includes(value)));

const httpUrl = z
  .string()
  .refine((value) => /^https?:\/\/[^\s/]+/.test(value) && URL.canParse(value), "must be an http:// or https:// URL");

/** Port of `/metrics` by default (the port OpenTelemetry's Prometheus exporter uses). */
export const DEFAULT_METRICS_PORT = 9464;

const KEK_MESSAGE = "must be 32 random bytes in base64, e.g. the output of openssl rand -base64 32";

/** A key-encryption key's text: base64 or base64url of exactly 32 bytes (checked here, imported later). */
function isKek(text: string): boolean {
  const unpadded = text.trim().replace(/=+$/, "");
  return /^[A-Za-z0-9+/_-]{43}$/.test(unpadded) && /[AEIMQUYcgkosw048]$/.test(unpadded);
}

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** An opt-in limit a minute: `off` or `0` (the default) or an integer from 1 to 100,000. */
const perMinuteLimit = z
  .union([z.literal("off"), z.coerce.number().int().min(0).max(100_000)], {
    error: "must be a number of requests per minute from 1 to 100000, or 0 or off",
  })
  .default("off")
  .transform((value) => (value === "off" ? 0 : value));

const schema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.string().min(1).optional(),
  MARKETPLACE_DATA_DIR: z.string().min(1).default(".data/postgres"),
  MARKETPLACE_EMBEDDED_PG_PORT: int(54329, 1, 65535),
  MARKETPLACE_SEED: z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((value) => (value === undefined ? null : ["true", "1", "yes"].includes(value))),
  MARKETPLACE_DEMO_KEYS_FILE: z.string().min(1).optional(),
  MARKETPLACE_ADMIN_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  MARKETPLACE_LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  MARKETPLACE_WORKER: bool(true),
  MARKETPLACE_WORKER_CONCURRENCY: int(32, 1, 1000),
  MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: bool(false),
  MARKETPLACE_DB_POOL_SIZE: int(32, 1, 1000),
  MARKETPLACE_SHUTDOWN_TIMEOUT_MS: int(10_000, 0, 600_000),
  MARKETPLACE_SHUTDOWN_DELAY_MS: int(0, 0, 600_000),
  MARKETPLACE_TRUST_PROXY: int(0, 0, 32),
  MARKETPLACE_HSTS: z
    .string()
    .regex(
      /^(off|max-age=\d+(;\s*[\w=-]+)*)$/i,
      "must be off or a header value such as max-age=31536000; includeSubDomains",
    )
    .default("max-age=31536000"),
  MARKETPLACE_LIMIT_LINK_ORDERS: perMinuteLimit,
  MARKETPLACE_LIMIT_CONSENT_REVOKE: perMinuteLimit,
  MARKETPLACE_API_KEY_CACHE_TTL_MS: int(30_000, 0, 3_600_000),
  MARKETPLACE_PUBLIC_URL: httpUrl.optional(),
  MARKETPLACE_DASHBOARD_INSECURE_COOKIES: bool(false),
  MARKETPLACE_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587")
    .optional(),
  MARKETPLACE_MAIL_FROM: z.string().min(3).default("Marketplace <no-reply@localhost>"),
  MARKETPLACE_PORTAL_FRAME_ANCESTORS: z
    .string()
    .optional()
    .refine(
      (text) =>
        text === undefined ||
        text
          .split(",")
          .map((origin) => origin.trim())
          .every((origin) => /^https:\/\/[^\s/;,']+$/.test(origin) && URL.canParse(origin)),
      { message: "must be https origins separated by commas, e.g. https://app.example.com" },
    )
    .transform((text) => (text ? text.split(",").map((origin) => origin.trim()) : [])),
  MARKETPLACE_PORTAL_LOGO_URL: z
    .string()
    .refine((text) => /^https:\/\/\S+$/.test(text) && URL.canParse(text), {
      message: "must be an https URL of an image, e.g. https://cdn.example.com/logo.svg",
    })
    .optional(),
  MARKETPLACE_PORTAL_LOGO_ALT: z.string().trim().min(1).max(200).default("Logo"),
  MARKETPLACE_CONSENT_SIGNING_KEY: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      try {
        return parsePrivateSigningKey(JSON.parse(text));
      } catch (error) {
        ctx.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
        return z.NEVER;
      }
    }),
  MARKETPLACE_SECRET_KEY: z
    .string()
    .optional()
    .refine((text) => text === undefined || isKek(text), KEK_MESSAGE),
  MARKETPLACE_SECRET_KEY_PREVIOUS: z
    .string()
    .optional()
    .refine((text) => text === undefined || text.split(",").every((key) => isKek(key.trim())), {
      message: `${KEK_MESSAGE} (several: comma-separated)`,
    }),
  NODE_ENV: z.string().optional(),
  MARKETPLACE_CONSENT_CHECKPOINT_SCHEDULE: z
    .string()
    .regex(/^\S+( \S+){4}$/, "must be a cron pattern of five fields, e.g. 0 3 * * *")
    .default("0 3 * * *"),
  MARKETPLACE_RETENTION_SCHEDULE: z
    .string()
    .regex(/^(off|\S+( \S+){4})$/, "must be a cron pattern of five fields, e.g. */10 * * * *, or off")
    .default("*/10 * * * *"),
  MARKETPLACE_EVENT_RETENTION_DAYS: int(DEFAULT_EVENT_RETENTION_DAYS, 1, 3650),
  MARKETPLACE_METRICS_PORT: z
    .union([z.literal("off"), z.coerce.number().int().min(0).max(65535)], {
      error: "must be a port number from 0 to 65535, or off",
    })
    .default(DEFAULT_METRICS_PORT),
  MARKETPLACE_METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_READ_URL: z.string().min(1).optional(),
  MARKETPLACE_DB_READ_POOL_SIZE: int(16, 1, 1000),
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: z
    .enum(["http/json"], { error: "only http/json is supported by the reference server's exporter" })
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("marketplace-service"),
  OTEL_SDK_DISABLED: bool(false),
  OTEL_TRACES_SAMPLER: z
    .enum([
      "always_on",
      "always_off",
      "traceidratio",
      "parentbased_always_on",
      "parentbased_always_off",
      "parentbased_traceidratio",
    ])
    .default("parentbased_always_on"),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
});

/** The host's settings. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  embeddedPort: number;
  /**
   * Demo teams, keys and offers into an empty database: true or false as set by MARKETPLACE_SEED;
   * null (unset): only into the embedded database this process runs, never into DATABASE_URL.
   */
  seed: boolean | null;
  /** Where seeded demo keys are written (mode 0600); default `demo-keys.env` beside the data folder. */
  demoKeysFile: string;
  adminToken: string | null;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  worker: boolean;
  workerConcurrency: number;
  /** Webhooks may target loopback (and http://localhost): development and tests only. */
  webhookAllowLoopback: boolean;
  poolSize: number;
  /** How long requests in flight may take to finish once the listener is closed. */
  shutdownTimeoutMs: number;
  /** Between readiness turning 503 and the listener closing (load balancers' reaction time). */
  shutdownDelayMs: number;
  /** Proxies in front of the server that append to X-Forwarded-For; 0: the socket address is the client. */
  trustProxyHops: number;
  /** Strict-Transport-Security on responses to https requests (or X-Forwarded-Proto https from trusted hops); false: never. */
  strictTransportSecurity: string | false;
  /** Opt-in abuse limits a minute per client IP (0: off, the default): link orders, consent withdrawals. */
  optInRateLimits: { linkOrders: number; consentRevoke: number };
  /** How long an authenticated key is kept in memory (revocations evict it at once); 0: no cache. */
  apiKeyCacheTtlMs: number;
  /** The Ed25519 private JWK that signs consent checkpoints; null: generated at first start and stored. */
  consentSigningKey: Ed25519PrivateJwk | null;
  /** When consent checkpoints are signed (cron, UTC). */
  consentCheckpointSchedule: string;
  /** The key-encryption key (base64, 32 bytes) sealing stored secrets; null: plaintext (refused in production). */
  secretKey: string | null;
  /** Earlier key-encryption keys, still opening secrets sealed before a rotation (decrypt only). */
  previousSecretKeys: string[];
  /** `NODE_ENV=production`: the server refuses to start without `secretKey`. */
  production: boolean;
  /** When the delivery worker prunes rows past retention (cron, UTC); null: never (pruned elsewhere). */
  retentionSchedule: string | null;
  /**
   * How long events and delivery records are kept, in days (default 30): the one owner of the
   * window that the worker's pruning and the events API and recover (`createMarketplace`) share.
   */
  eventRetentionDays: number;
  /** Where `/metrics` listens (its own port, loopback by default); null: no metrics listener. */
  metrics: { port: number; host: string } | null;
  /** A second pool for catalog and list reads (a replica); null: every read on the primary. */
  databaseReadUrl: string | null;
  readPoolSize: number;
  /** OpenTelemetry tracing; null when no OTLP endpoint is set (or OTEL_SDK_DISABLED). */
  tracing: TracingConfig | null;
  /** The public origin of the server (dashboard links, invites); null: the listening URL. */
  publicUrl: string | null;
  /** Dashboard cookies without `Secure` and `__Host-` (plain http on loopback, development only). */
  dashboardInsecureCookies: boolean;
  /** Where dashboard e-mails go (password resets, invites); null: logged (see mailer.ts). */
  smtpUrl: string | null;
  /** The From of dashboard e-mails. */
  mailFrom: string;
  /** Origins that may frame the webhooks portal opened by a portal link; empty: none. */
  portalFrameAncestors: string[];
  /** The operator's logo in portal sessions' header (https), with its alternative text; null: none. */
  portalLogo: { url: string; alt: string } | null;
}

/** The OTEL_* variables the reference server reads. */
export interface TracingConfig {
  /** Where spans are posted (OTLP over HTTP, JSON), e.g. `http://collector:4318/v1/traces`. */
  tracesEndpoint: string;
  serviceName: string;
  sampler:
    | "always_on"
    | "always_off"
    | "traceidratio"
    | "parentbased_always_on"
    | "parentbased_always_off"
    | "parentbased_traceidratio";
  /** The ratio of the `traceidratio` samplers; default 1. */
  samplerRatio: number;
}

/** Reads and checks the configuration; throws one error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`invalid configuration:\n${lines.join("\n")}`);
  }
  const c = result.data;
  if (
    c.MARKETPLACE_METRICS_PORT !== "off" &&
    c.MARKETPLACE_METRICS_PORT !== 0 &&
    c.MARKETPLACE_METRICS_PORT === c.PORT
  ) {
    throw new Error(
      `invalid configuration:\n  MARKETPLACE_METRICS_PORT: must differ from PORT (${c.PORT}): /metrics is never served on the API's port`,
    );
  }
  if (c.MARKETPLACE_SECRET_KEY_PREVIOUS !== undefined && c.MARKETPLACE_SECRET_KEY === undefined) {
    throw new Error(
      "invalid configuration:\n  MARKETPLACE_SECRET_KEY_PREVIOUS: only with MARKETPLACE_SECRET_KEY (the key secrets are sealed with from now on)",
    );
  }
  if (c.MARKETPLACE_DASHBOARD_INSECURE_COOKIES && !["127.0.0.1", "::1", "localhost"].includes(c.HOST)) {
    throw new Error(
      "invalid configuration:\n  MARKETPLACE_DASHBOARD_INSECURE_COOKIES: only with HOST=127.0.0.1, ::1 or localhost (plain http on loopback, development)",
    );
  }
  const endpoint =
    c.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (c.OTEL_EXPORTER_OTLP_ENDPOINT ? `${c.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces` : null);
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL ?? null,
    dataDir: c.MARKETPLACE_DATA_DIR,
    embeddedPort: c.MARKETPLACE_EMBEDDED_PG_PORT,
    seed: c.MARKETPLACE_SEED,
    demoKeysFile: c.MARKETPLACE_DEMO_KEYS_FILE ?? besideDataDir(c.MARKETPLACE_DATA_DIR, "demo-keys.env"),
    adminToken: c.MARKETPLACE_ADMIN_TOKEN ?? null,
    logLevel: c.MARKETPLACE_LOG_LEVEL,
    worker: c.MARKETPLACE_WORKER,
    workerConcurrency: c.MARKETPLACE_WORKER_CONCURRENCY,
    webhookAllowLoopback: c.MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK,
    poolSize: c.MARKETPLACE_DB_POOL_SIZE,
    shutdownTimeoutMs: c.MARKETPLACE_SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: c.MARKETPLACE_SHUTDOWN_DELAY_MS,
    trustProxyHops: c.MARKETPLACE_TRUST_PROXY,
    strictTransportSecurity: c.MARKETPLACE_HSTS.toLowerCase() === "off" ? false : c.MARKETPLACE_HSTS,
    optInRateLimits: {
      linkOrders: c.MARKETPLACE_LIMIT_LINK_ORDERS,
      consentRevoke: c.MARKETPLACE_LIMIT_CONSENT_REVOKE,
    },
    apiKeyCacheTtlMs: c.MARKETPLACE_API_KEY_CACHE_TTL_MS,
    consentSigningKey: c.MARKETPLACE_CONSENT_SIGNING_KEY ?? null,
    consentCheckpointSchedule: c.MARKETPLACE_CONSENT_CHECKPOINT_SCHEDULE,
    secretKey: c.MARKETPLACE_SECRET_KEY?.trim() ?? null,
    previousSecretKeys: c.MARKETPLACE_SECRET_KEY_PREVIOUS?.split(",").map((key) => key.trim()) ?? [],
    production: c.NODE_ENV === "production",
    retentionSchedule: c.MARKETPLACE_RETENTION_SCHEDULE === "off" ? null : c.MARKETPLACE_RETENTION_SCHEDULE,
    eventRetentionDays: c.MARKETPLACE_EVENT_RETENTION_DAYS,
    metrics:
      c.MARKETPLACE_METRICS_PORT === "off"
        ? null
        : { port: c.MARKETPLACE_METRICS_PORT, host: c.MARKETPLACE_METRICS_HOST },
    databaseReadUrl: c.DATABASE_READ_URL ?? null,
    readPoolSize: c.MARKETPLACE_DB_READ_POOL_SIZE,
    publicUrl: c.MARKETPLACE_PUBLIC_URL?.replace(/\/+$/, "") ?? null,
    dashboardInsecureCookies: c.MARKETPLACE_DASHBOARD_INSECURE_COOKIES,
    smtpUrl: c.MARKETPLACE_SMTP_URL ?? null,
    mailFrom: c.MARKETPLACE_MAIL_FROM,
    portalFrameAncestors: c.MARKETPLACE_PORTAL_FRAME_ANCESTORS,
    portalLogo: c.MARKETPLACE_PORTAL_LOGO_URL
      ? { url: c.MARKETPLACE_PORTAL_LOGO_URL, alt: c.MARKETPLACE_PORTAL_LOGO_ALT }
      : null,
    tracing:
      endpoint === null || c.OTEL_SDK_DISABLED
        ? null
        : {
            tracesEndpoint: endpoint,
            serviceName: c.OTEL_SERVICE_NAME,
            sampler: c.OTEL_TRACES_SAMPLER,
            samplerRatio: c.OTEL_TRACES_SAMPLER_ARG ?? 1,
          },
  };
}

/** `<parent of dataDir>/<name>` (`.data/postgres` → `.data/<name>`), without node:path (Deno, Bun). */
export function besideDataDir(dataDir: string, name: string): string {
  const parent = dataDir.replace(/\/+$/, "").replace(/\/?[^/]*$/, "");
  return `${parent === "" ? (dataDir.startsWith("/") ? "" : ".") : parent}/${name}`;
}

/** The schema of the environment variables, one key each (`pnpm env:example` writes `.env.example` from it). */
export const CONFIG_SCHEMA = schema;
