/**
 * The process around the host on Deno and Bun: configuration from the environment, JSON-lines
 * logs, signals and fatal errors. The host itself is the one composition (host/compose.ts) over
 * the runtime the entry point hands in (examples/deno-server, examples/bun-server): the same
 * server as on Node, embedded PostgreSQL by default, demo seed, dashboard, readiness, metrics
 * port, tracing, signing key at start, checkpoints and retention.
 *
 * @module
 */

import type { Logger } from "@marketplace/core";
import { loadConfig, type ServerConfig } from "./config.ts";
import { createMarketplaceHost, type MarketplaceHost, type MarketplaceHostOptions } from "./host/compose.ts";
import type { HostRuntime } from "./host/runtime.ts";
import { redactFields } from "./redact.ts";
import { stopSignalClassifier } from "./stop-signals.ts";

const LEVELS = ["debug", "info", "warn", "error"] as const;

/**
 * A JSON-lines logger (the reference host's line shape: level, time, service, msg, fields) that
 * writes with `write`, e.g. `console.log`.
 */
export function jsonLinesLogger(level: ServerConfig["logLevel"], write: (line: string) => void): Logger {
  const min = level === "silent" ? LEVELS.length : LEVELS.indexOf(level);
  const at =
    (name: (typeof LEVELS)[number]) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (LEVELS.indexOf(name) < min) return;
      const safe = fields && redactFields(fields); // secrets as [Redacted], as the Node host's pino
      write(JSON.stringify({ level: name, time: new Date().toISOString(), service: "marketplace", ...safe, msg }));
    };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** What the process of a runtime offers: environment, output, signals, exit. */
export interface HostProcess {
  /** The environment, e.g. `Deno.env.toObject()` or `process.env`. */
  env: Record<string, string | undefined>;
  /** Writes one line to stdout. */
  write(line: string): void;
  /** Writes a message to stderr (a refused configuration). */
  writeError(text: string): void;
  /** Calls `listener` on SIGTERM and on SIGINT. */
  onSignal(listener: (signal: string) => void): void;
  /** Calls `listener` on an uncaught exception or unhandled rejection. */
  onFatal(listener: (error: unknown) => void): void;
  exit(code: number): void;
}

/**
 * Starts the host on `runtime` and owns the process's end, as `runHost` does on Node: SIGTERM or
 * SIGINT stops it gracefully and exits 0 (1 past the stop's deadline), a second signal exits 130
 * (a repeat within a second is the same stop delivered twice, and is ignored),
 * a fatal error is logged, stops what can be stopped and exits 1. A refused configuration exits 2,
 * any other failed start 1.
 */
export async function runPortableHost(
  runtime: HostRuntime,
  proc: HostProcess,
  options: Omit<MarketplaceHostOptions, "logger">,
): Promise<MarketplaceHost | null> {
  let config: ServerConfig;
  try {
    config = loadConfig(proc.env);
  } catch (error) {
    proc.writeError((error as Error).message);
    proc.exit(2);
    return null;
  }
  const logger = jsonLinesLogger(config.logLevel, proc.write);
  // A signal during the start stops what the start acquired once it has finished (or failed).
  let starting: Promise<MarketplaceHost | null> = Promise.resolve(null);
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    // As close-with-grace on Node: a stop past its deadline exits 1.
    setTimeout(
      () => {
        logger.error("stop took too long: exiting");
        proc.exit(1);
      },
      config.shutdownDelayMs + config.shutdownTimeoutMs + 30_000,
    );
    void starting
      .then((host) => host?.stop())
      .then(
        () => proc.exit(code),
        () => proc.exit(1),
      );
  };
  const classify = stopSignalClassifier();
  proc.onSignal((signal) => {
    const kind = classify();
    if (kind === "echo") {
      logger.info("signal repeated: the same stop, still under way", { signal });
    } else if (kind === "second" || stopping) {
      logger.warn("second signal: exiting at once", { signal });
      proc.exit(130);
    } else {
      logger.info("signal received", { signal });
      stop(0);
    }
  });
  proc.onFatal((error) => {
    const err = error as Error;
    logger.error("fatal error: stopping", { error: err?.message, stack: err?.stack });
    stop(1);
  });
  starting = createMarketplaceHost(config, runtime, { ...options, print: options.print ?? proc.write, logger });
  try {
    return await starting;
  } catch (error) {
    starting = Promise.resolve(null);
    const message = (error as Error).message;
    if (message.startsWith("invalid configuration")) {
      proc.writeError(message);
      proc.exit(2);
    } else {
      logger.error("failed to start", { error: message, stack: (error as Error).stack });
      proc.exit(1);
    }
    return null;
  }
}
