/**
 * The reference host's mailer (the `Mailer` port of `@marketplace/core`), chosen by configuration:
 *
 * - `MARKETPLACE_SMTP_URL` set (`smtp://user:pass@host:587`, `smtps://…:465`): SMTP through
 *   nodemailer, from `MARKETPLACE_MAIL_FROM`;
 * - otherwise a log mailer: one line per mail saying what was sent to whom. Outside production
 *   (`NODE_ENV` not `production`) the line carries the mail's text, links included, so a developer
 *   can follow a reset link without a mail server; in production it never does (the link is a secret).
 *
 * `pnpm dev` passes its own mailer instead: the dev inbox's mail tab (see dev-inbox.ts).
 *
 * @module
 */

import type { Logger, Mailer, MailMessage } from "@marketplace/core";
import { createTransport } from "nodemailer";

/** What `createHostMailer` reads from the configuration. */
export interface MailConfig {
  smtpUrl: string | null;
  mailFrom: string;
  production: boolean;
}

/** An SMTP mailer (nodemailer, one pooled transport). */
export function smtpMailer(url: string, from: string): Mailer & { close(): void } {
  const transport = createTransport(url);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => transport.close(),
  };
}

/** A mailer that only logs: the text (with its links) outside production, never in production. */
export function logMailer(logger: Logger, options: { includeText: boolean }): Mailer {
  return {
    async send(message: MailMessage) {
      logger.info(
        options.includeText
          ? "mail not sent (no MARKETPLACE_SMTP_URL): its text follows (development)"
          : "mail not sent (no MARKETPLACE_SMTP_URL): set it to deliver mail",
        {
          to: message.to,
          subject: message.subject,
          ...(options.includeText && { text: message.text }),
        },
      );
    },
  };
}

/** The host's mailer for this configuration. */
export function createHostMailer(config: MailConfig, logger: Logger): Mailer {
  if (config.smtpUrl) return smtpMailer(config.smtpUrl, config.mailFrom);
  if (config.production)
    logger.warn("no MARKETPLACE_SMTP_URL: dashboard e-mails (password resets, invites) are not sent");
  return logMailer(logger, { includeText: !config.production });
}
