/**
 * What the host's loggers never write: headers and fields that may carry a secret (API keys,
 * bearer tokens, cookies, webhook signatures and secrets, passwords, private keys). The packages
 * log no such value today; this is the net under a future log line, or a library's, that would.
 *
 * @module
 */

/** Request and response headers whose values are credentials or signatures (lowercase). */
export const SECRET_HEADERS = [
  "x-api-key",
  "authorization",
  "proxy-authorization",
  "cookie",
  "set-cookie",
  "x-service-signature",
  "webhook-signature",
] as const;

/** Field names whose values are secrets, wherever they appear in a log line's fields. */
export const SECRET_FIELDS = [
  "key",
  "apiKey",
  "secret",
  "signingSecret",
  "webhookSecret",
  "password",
  "token",
  "adminToken",
  "accessToken",
  "refreshToken",
  "privateKey",
  "signature",
  "authorization",
  "cookie",
  ...SECRET_HEADERS.filter((name) => name.includes("-")),
] as const;

/** What a redacted value is replaced by. */
export const REDACTED = "[Redacted]";

const accessor = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `["${name}"]`);

/**
 * pino's `redact.paths` for the fields above at the top level and up to three objects deep
 * (`req.headers["x-api-key"]`, `webhook.secret`, `error.config.headers.authorization`), and for the
 * headers under any `headers` object up to two deep. pino (fast-redact) compiles them once; the
 * wildcards walk only the objects a line carries (a request line has none).
 */
export const PINO_REDACT_PATHS: string[] = [
  ...SECRET_FIELDS.flatMap((field) =>
    ["", "*", "*.*", "*.*.*"].map(
      (prefix) => `${prefix}${prefix ? accessor(field) : accessor(field).replace(/^\./, "")}`,
    ),
  ),
  ...SECRET_HEADERS.flatMap((header) =>
    ["headers", "*.headers", "*.*.headers"].map((prefix) => `${prefix}${accessor(header)}`),
  ),
];

const secretNames = new Set<string>([...SECRET_FIELDS, ...SECRET_HEADERS].map((name) => name.toLowerCase()));

/**
 * A copy of `fields` with every secret field (by name, case-insensitive, at any depth) replaced by
 * `[Redacted]`: the same rule for the loggers that are not pino (the dev server's readable lines,
 * the Deno and Bun hosts' JSON lines).
 */
export function redactFields(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(fields, 0) as Record<string, unknown>;
}

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object" || depth > 8) return value;
  if (value instanceof Error) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [name, inner] of Object.entries(value)) {
    out[name] = secretNames.has(name.toLowerCase()) ? REDACTED : redactValue(inner, depth + 1);
  }
  return out;
}
