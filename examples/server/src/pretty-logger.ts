/**
 * Human-readable logs for `pnpm dev`: one line per entry, `12:00:01.234 INFO  message key=value`,
 * a request as `GET /health 200 3.7 ms`, in colour on a terminal.
 *
 * @module
 */

import type { Logger } from "@marketplace/core";
import { redactFields } from "./redact.ts";

const LEVELS = ["debug", "info", "warn", "error", "silent"] as const;
type Level = (typeof LEVELS)[number];

const COLOURS: Record<Exclude<Level, "silent">, string> = {
  debug: "\x1b[90m",
  info: "\x1b[36m",
  warn: "\x1b[33m",
  error: "\x1b[31m",
};

/** A Logger that writes readable lines to stdout. */
export function createPrettyLogger(level: Level, options: { colour?: boolean } = {}): Logger {
  const colour = options.colour ?? process.stdout.isTTY === true;
  const min = LEVELS.indexOf(level);
  const paint = (code: string, text: string) => (colour ? `${code}${text}\x1b[0m` : text);
  const write = (at: Exclude<Level, "silent">) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS.indexOf(at) < min) return;
    const time = new Date().toISOString().slice(11, 23);
    const rest = redactFields(fields ?? {}); // a copy, secrets as [Redacted]
    let text = message;
    if (message === "request" && typeof rest.method === "string") {
      text = `${rest.method} ${rest.path} ${rest.status} ${rest.durationMs} ms`;
      for (const key of ["method", "path", "status", "durationMs", "requestId"]) delete rest[key];
      if (rest.teamId === null) delete rest.teamId;
    }
    const stack = typeof rest.stack === "string" ? `\n${rest.stack}` : "";
    delete rest.stack;
    if (typeof rest.job === "object" && rest.job !== null) rest.job = (rest.job as { id?: unknown }).id; // graphile-worker's whole row
    const extra = Object.entries(rest)
      .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
      .join(" ");
    process.stdout.write(
      `${paint("\x1b[90m", time)} ${paint(COLOURS[at], at.toUpperCase().padEnd(5))} ${text}${extra ? ` ${paint("\x1b[90m", extra)}` : ""}${stack}\n`,
    );
  };
  return { debug: write("debug"), info: write("info"), warn: write("warn"), error: write("error") };
}
