/**
 * `pnpm dev`: the reference server for local work, run from source (tsx), so that a restart needs
 * no build. Differences from `pnpm start`, all for development only:
 * - webhook URLs on loopback are allowed (`MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK=true`);
 * - an admin token is generated once, kept in `.data/dev-admin-token` and printed (unless
 *   `MARKETPLACE_ADMIN_TOKEN` is set);
 * - logs are readable lines instead of JSON;
 * - a webhook inbox at `/dev/inbox` verifies and lists signed deliveries, and its mail tab
 *   (`/dev/inbox/mail`) shows the dashboard's e-mails (see dev-inbox.ts) unless `MARKETPLACE_SMTP_URL` is set.
 * Every other variable works as with `pnpm start`.
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import { loadConfig } from "./config.ts";
import { devMailbox, mountDevInbox } from "./dev-inbox.ts";
import { runHost } from "./host.ts";
import { createPrettyLogger } from "./pretty-logger.ts";

const { version } = createRequire(import.meta.url)("../package.json") as { version: string };

/** `.data/<name>` beside the data folder, as short as it can be shown. */
const shown = (file: string) => {
  const rel = relative(process.cwd(), file);
  return rel.startsWith("..") ? file : rel;
};

async function adminToken(file: string): Promise<string> {
  const existing = await readFile(file, "utf8").catch(() => "");
  if (existing.trim().length >= 16) return existing.trim();
  const token = `dev_${randomBytes(24).toString("base64url")}`;
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${token}\n`, { mode: 0o600 });
  return token;
}

async function main(): Promise<void> {
  const env = { ...process.env };
  // Loopback unless HOST says otherwise: the dev inbox (/dev/inbox) shows deliveries, customer
  // details included, without authentication.
  if (!env.HOST) env.HOST = "127.0.0.1";
  env.MARKETPLACE_WEBHOOK_ALLOW_LOOPBACK ??= "true";
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const stateDir = dirname(resolve(config.dataDir));
  const tokenFile = join(stateDir, "dev-admin-token");
  if (config.adminToken === null) config = { ...config, adminToken: await adminToken(tokenFile) };
  const logger = createPrettyLogger(config.logLevel);

  const mailbox = devMailbox(logger);
  const server = await runHost(config, logger, {
    version,
    ...(config.smtpUrl === null && { dashboard: { mailer: mailbox } }),
    extendApp: (app) => mountDevInbox(app, { logger, stateFile: join(stateDir, "dev-inbox.json"), mailbox }),
  });
  const base = server.url.replace(/^http:\/\//, "");
  const keysFile = resolve(config.demoKeysFile);
  console.log(
    [
      "",
      `pnpm dev: ${server.url}, from source (restart: Ctrl-C, pnpm dev; no build needed)`,
      `  demo keys       source ${shown(keysFile)}   (printed once, when the database was seeded)`,
      `  admin token     export MARKETPLACE_ADMIN_TOKEN=${config.adminToken}`,
      `  webhook inbox   ${server.url}/dev/inbox   signed deliveries, verified, newest first`,
      `                  curl -X POST -H "x-api-key: $RESELLER_KEY" ${base}/dev/inbox/webhooks   # a webhook to it, every event`,
      `  mail inbox      ${server.url}/dev/inbox/mail   e-mails the dashboard sent (password resets, invites)`,
      `  loopback        webhook URLs on localhost / 127.0.0.1 allowed`,
      `  walkthrough     pnpm demo   (in another terminal)`,
      `  API reference   ${server.url}/docs`,
      `  dashboard       ${server.url}/dashboard   (demo owners' sign-in links: printed once, when seeded)`,
      "",
    ].join("\n"),
  );
}

void main();
