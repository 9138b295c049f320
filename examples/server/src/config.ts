/**
 * The host's configuration, read from environment variables (only the host reads the environment;
 * the packages take what they need as arguments).
 *
 * @module
 */

import { type Ed25519PrivateJwk, parsePrivateSigningKey } from "@marketplace/core";
import { z } from "zod";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((value) => (value === undefined ? fallback : ["true", "1", "yes"].includes(value)));

const int = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

const schema = z.object({
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.string().min(1).optional(),
  MARKETPLACE_DATA_DIR: z.string().min(1).default(".data/postgres"),
  MARKETPLACE_EMBEDDED_PG_PORT: int(54329, 1, 65535),
  MARKETPLACE_SEED: bool(true),
  MARKETPLACE_ADMIN_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  MARKETPLACE_LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  MARKETPLACE_WORKER: bool(true),
  MARKETPLACE_WORKER_CONCURRENCY: int(32, 1, 1000),
  MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK: bool(false),
  MARKETPLACE_DB_POOL_SIZE: int(32, 1, 1000),
  MARKETPLACE_SHUTDOWN_TIMEOUT_MS: int(10_000, 0, 600_000),
  MARKETPLACE_SHUTDOWN_DELAY_MS: int(0, 0, 600_000),
  MARKETPLACE_TRUST_PROXY: int(0, 0, 32),
  MARKETPLACE_API_KEY_CACHE_TTL_MS: int(30_000, 0, 3_600_000),
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
  MARKETPLACE_CONSENT_CHECKPOINT_SCHEDULE: z
    .string()
    .regex(/^\S+( \S+){4}$/, "must be a cron pattern of five fields, e.g. 0 3 * * *")
    .default("0 3 * * *"),
});

/** The host's settings. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  embeddedPort: number;
  seed: boolean;
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
  /** How long an authenticated key is kept in memory (revocations evict it at once); 0: no cache. */
  apiKeyCacheTtlMs: number;
  /** The Ed25519 private JWK that signs consent checkpoints; null: generated at first start and stored. */
  consentSigningKey: Ed25519PrivateJwk | null;
  /** When consent checkpoints are signed (cron, UTC). */
  consentCheckpointSchedule: string;
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
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL ?? null,
    dataDir: c.MARKETPLACE_DATA_DIR,
    embeddedPort: c.MARKETPLACE_EMBEDDED_PG_PORT,
    seed: c.MARKETPLACE_SEED,
    adminToken: c.MARKETPLACE_ADMIN_TOKEN ?? null,
    logLevel: c.MARKETPLACE_LOG_LEVEL,
    worker: c.MARKETPLACE_WORKER,
    workerConcurrency: c.MARKETPLACE_WORKER_CONCURRENCY,
    webhookAllowLoopback: c.MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK,
    poolSize: c.MARKETPLACE_DB_POOL_SIZE,
    shutdownTimeoutMs: c.MARKETPLACE_SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: c.MARKETPLACE_SHUTDOWN_DELAY_MS,
    trustProxyHops: c.MARKETPLACE_TRUST_PROXY,
    apiKeyCacheTtlMs: c.MARKETPLACE_API_KEY_CACHE_TTL_MS,
    consentSigningKey: c.MARKETPLACE_CONSENT_SIGNING_KEY ?? null,
    consentCheckpointSchedule: c.MARKETPLACE_CONSENT_CHECKPOINT_SCHEDULE,
  };
}
