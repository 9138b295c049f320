/**
 * The webhook inbox of `pnpm dev`: a receiver inside the server that verifies each delivery's
 * signature with `@marketplace/core/signing` and lists what arrived, so that a signed delivery can
 * be seen without writing a receiver. Development only: `pnpm start` never mounts it.
 *
 * - `POST /dev/inbox/webhooks` (with a team's `x-api-key`): registers, through the API itself, a
 *   webhook of that team to the inbox for every event it may subscribe to (the inbox keeps its
 *   secret), and sends it a `webhook.test` event at once.
 * - `POST /dev/inbox/hooks/{token}`: where those webhooks deliver; 200 when the signature verifies, else 400.
 * - `GET /dev/inbox`: what arrived, newest first (JSON; an HTML page that refreshes itself in a browser).
 * - `DELETE /dev/inbox`: forgets what arrived.
 * - `GET /dev/inbox/mail`: the mail tab: the e-mails the dashboard sent (password resets, invites),
 *   newest first, with their links (JSON; an HTML page in a browser). `devMailbox()` is the mailer.
 *
 * @module
 */

import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { EVENT_TYPES, type Logger, type Mailer, type MailMessage } from "@marketplace/core";
import { RESELLER_EVENT_TYPES } from "@marketplace/core/events";
import { verifySignature } from "@marketplace/core/signing";
import { type createApp, cspNonce, pageSecurityHeaders } from "@marketplace/http";

/** One delivery as the inbox received it. */
export interface InboxDelivery {
  receivedAt: string;
  /** The inbox token of the URL it was sent to. */
  token: string;
  /** The webhook the token was registered for, when the inbox registered it. */
  webhookId: string | null;
  /** Whether `X-Service-Signature` verified under the webhook's secret, and why not. */
  verified: boolean;
  reason: string | null;
  signature: string | null;
  training: boolean;
  /** The envelope (`{id, type, version, createdAt, data}`), or the raw body when it is not JSON. */
  event: unknown;
}

interface Registration {
  token: string;
  webhookId: string;
  secret: string;
  path: string;
}

/** One e-mail as the dev mailbox keeps it. */
export interface InboxMail extends MailMessage {
  sentAt: string;
}

/** The dev inbox's mailer: keeps the last 100 e-mails in memory for the mail tab. */
export interface DevMailbox extends Mailer {
  readonly mails: InboxMail[];
}

/** A mailer that keeps what it sends for the mail tab, and logs one line per mail (no content). */
export function devMailbox(logger: Logger): DevMailbox {
  const mails: InboxMail[] = [];
  return {
    mails,
    async send(message) {
      mails.unshift({ ...message, sentAt: new Date().toISOString() });
      mails.length = Math.min(mails.length, 100);
      logger.info("dev inbox: mail received, see /dev/inbox/mail", { to: message.to, subject: message.subject });
    },
  };
}

/** Options of `mountDevInbox`. */
export interface DevInboxOptions {
  logger: Logger;
  /** The mailbox whose mail the mail tab shows; none: no mail tab. */
  mailbox?: DevMailbox;
  /** Where the secrets of the webhooks it registered are kept across restarts (JSON); null: memory only. */
  stateFile: string | null;
  /** Deliveries kept; default 200. */
  keep?: number;
}

const PREFIX = "/dev/inbox";

/** Adds the inbox's routes to the app. */
export async function mountDevInbox(app: ReturnType<typeof createApp>, options: DevInboxOptions): Promise<void> {
  const { logger } = options;
  const keep = options.keep ?? 200;
  const deliveries: InboxDelivery[] = [];
  const registrations = new Map<string, Registration>();
  for (const r of await loadState(options.stateFile)) registrations.set(r.token, r);
  const save = async () => {
    if (!options.stateFile) return;
    await mkdir(dirname(options.stateFile), { recursive: true });
    await writeFile(options.stateFile, JSON.stringify([...registrations.values()], null, 2), { mode: 0o600 });
  };

  app.post(`${PREFIX}/webhooks`, async (c) => {
    const apiKey = c.req.header("x-api-key") ?? "";
    const token = randomBytes(6).toString("hex");
    const url = `${new URL(c.req.url).origin}${PREFIX}/hooks/${token}`;
    // Through the API itself, as the team: the reseller side first, the provider side for a provider.
    let answer: Response | null = null;
    let path = "";
    for (const [side, events] of [
      ["reseller", RESELLER_EVENT_TYPES],
      ["provider", EVENT_TYPES],
    ] as const) {
      path = `/${side}/webhooks`;
      answer = await app.request(path, {
        method: "POST",
        headers: { "x-api-key": apiKey, "content-type": "application/json" },
        body: JSON.stringify({ url, events }),
      });
      if (answer.status !== 403) break;
    }
    const body = (await (answer as Response).json()) as Record<string, unknown>;
    if ((answer as Response).status !== 201) return c.json(body, (answer as Response).status as 400);
    const registration = { token, webhookId: String(body.id), secret: String(body.secret), path };
    registrations.set(token, registration);
    await save();
    logger.info("dev inbox: webhook registered", { webhookId: registration.webhookId, url });
    // And a first delivery at once: a `webhook.test` event, signed like every other.
    const test = await app.request(`${path}/${registration.webhookId}/test`, {
      method: "POST",
      headers: { "x-api-key": apiKey },
    });
    const queued = (await test.json()) as { eventId?: string };
    return c.json(
      { webhook: body, testEventId: queued.eventId ?? null, inbox: `${new URL(c.req.url).origin}${PREFIX}` },
      201,
    );
  });

  app.post(`${PREFIX}/hooks/:token`, async (c) => {
    const token = c.req.param("token");
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const header = c.req.header("x-service-signature") ?? null;
    const registration = registrations.get(token);
    const secrets = registration ? [registration.secret] : [...registrations.values()].map((r) => r.secret);
    const result =
      secrets.length > 0
        ? await verifySignature({ payload: raw, header, secret: secrets })
        : ({ ok: false, reason: "no_secret_known" } as const);
    const text = new TextDecoder().decode(raw);
    let event: unknown = text;
    try {
      event = JSON.parse(text);
    } catch {}
    const delivery: InboxDelivery = {
      receivedAt: new Date().toISOString(),
      token,
      webhookId: registration?.webhookId ?? null,
      verified: result.ok,
      reason: result.ok ? null : result.reason,
      signature: header,
      training: c.req.header("x-service-training") === "true",
      event,
    };
    deliveries.unshift(delivery);
    deliveries.length = Math.min(deliveries.length, keep);
    const { id, type } = (typeof event === "object" && event !== null ? event : {}) as { id?: string; type?: string };
    logger.info(result.ok ? "dev inbox: signed delivery verified" : "dev inbox: delivery NOT verified", {
      type,
      id,
      ...(!result.ok && { reason: result.reason }),
    });
    // A real receiver answers 400 to a bad signature (the delivery is retried): so does the inbox.
    return result.ok ? c.json({ received: true }, 200) : c.json({ received: false, reason: result.reason }, 400);
  });

  // The page policy of every HTML page (CSP with a nonce per request, no framing); JSON as the API.
  app.get(PREFIX, pageSecurityHeaders(), (c) => {
    if ((c.req.header("accept") ?? "").includes("text/html")) return c.html(inboxHtml(deliveries, cspNonce(c)));
    return c.json(deliveries);
  });

  const mailbox = options.mailbox;
  if (mailbox) {
    app.get(`${PREFIX}/mail`, pageSecurityHeaders(), (c) => {
      if ((c.req.header("accept") ?? "").includes("text/html")) return c.html(mailHtml(mailbox.mails, cspNonce(c)));
      return c.json(mailbox.mails);
    });
  }

  app.delete(PREFIX, (c) => {
    deliveries.length = 0;
    return c.body(null, 204);
  });
}

async function loadState(file: string | null): Promise<Registration[]> {
  if (!file) return [];
  try {
    return JSON.parse(await readFile(file, "utf8")) as Registration[];
  } catch {
    return [];
  }
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function inboxHtml(deliveries: InboxDelivery[], nonce: string): string {
  const rows = deliveries
    .map((d) => {
      const e = (typeof d.event === "object" && d.event !== null ? d.event : {}) as { type?: string; id?: string };
      return `<tr><td>${escapeHtml(d.receivedAt)}</td><td>${d.verified ? "✔ verified" : `✘ ${escapeHtml(String(d.reason))}`}</td><td>${escapeHtml(String(e.type ?? ""))}</td><td><details><summary>${escapeHtml(String(e.id ?? ""))}</summary><pre>${escapeHtml(JSON.stringify(d.event, null, 2))}</pre></details></td></tr>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>Webhook inbox</title>
<style nonce="${escapeHtml(nonce)}">body{font:14px system-ui,sans-serif;margin:2em}td,th{padding:4px 10px;text-align:left;vertical-align:top}pre{margin:0}</style></head>
<body><h1>Webhook inbox (pnpm dev)</h1>
<p>Register a webhook of your team to this inbox: <code>curl -X POST -H "x-api-key: $RESELLER_KEY" localhost:3000/dev/inbox/webhooks</code>, then send it a test with the command that answer prints. ${deliveries.length} deliveries, newest first; this page refreshes itself.</p>
<table><tr><th>received</th><th>signature</th><th>type</th><th>event</th></tr>
${rows}
</table></body></html>`;
}

function mailHtml(mails: InboxMail[], nonce: string): string {
  const linked = (text: string) =>
    escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  const items = mails
    .map(
      (m) =>
        `<article><h2>${escapeHtml(m.subject)}</h2><p>to <strong>${escapeHtml(m.to)}</strong>, ${escapeHtml(m.sentAt)}</p><pre>${linked(m.text)}</pre></article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mail inbox</title><meta name="referrer" content="no-referrer">
<style nonce="${escapeHtml(nonce)}">body{font:14px system-ui,sans-serif;margin:2em}article{border-top:1px solid #ccc;padding:.5em 0}pre{white-space:pre-wrap}</style></head>
<body><h1>Mail inbox (pnpm dev)</h1>
<p><a href="${PREFIX}">Webhooks</a> · <strong>Mail</strong>. The e-mails the dashboard sent (password resets, invites), newest first: ${mails.length}. Reload to see new ones.</p>
${items}
</body></html>`;
}
