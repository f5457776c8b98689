import { randomId } from '@coinlane/core/ids';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';

export type MailMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes (the contact form's sender); the From stays MAIL_FROM. */
  replyTo?: string;
};
export type Mailer = {
  send: (msg: MailMessage) => Promise<void>;
  kind: 'smtp' | 'outbox' | 'none';
  /** SMTP only: connects and authenticates without sending (the Health Monitor's mail check); throws on failure. */
  verify?: () => Promise<void>;
};

/**
 * SMTP through nodemailer when SMTP_URL is set. Otherwise, in development only, mails are kept in the
 * development outbox (table dev_mail, shown at /dev/mail). Production without SMTP never gets this far:
 * the configuration check refuses to start.
 */
export function createMailer({
  config,
  db,
  log,
}: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
}): Mailer {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    const transport = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      // Local relays without TLS (development, tests) are allowed with ?tls=off.
      ignoreTLS: url.searchParams.get('tls') === 'off',
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    return {
      kind: 'smtp',
      verify: async () => {
        await transport.verify();
      },
      send: async (msg) => {
        await transport.sendMail({
          from: config.mailFrom,
          to: msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          ...(msg.replyTo ? { replyTo: msg.replyTo } : {}),
        });
        log.info({ to: redactAddress(msg.to), subject: msg.subject }, 'mail sent');
      },
    };
  }
  if (config.devMailOutbox) {
    return {
      kind: 'outbox',
      send: async (msg) => {
        await db
          .insertInto('dev_mail')
          .values({
            id: randomId('mail'),
            to_address: msg.to,
            subject: msg.subject,
            html: msg.html,
            text: msg.text,
            reply_to: msg.replyTo ?? null,
          })
          .execute();
        log.info(
          { to: redactAddress(msg.to), subject: msg.subject },
          'mail kept in the development outbox (/dev/mail)',
        );
      },
    };
  }
  return {
    kind: 'none',
    send: async (msg) => {
      log.warn({ subject: msg.subject }, 'mail dropped: no SMTP_URL and no development outbox');
    },
  };
}

const redactAddress = (addr: string) => addr.replace(/^(.).*(@.*)$/, '$1***$2');
