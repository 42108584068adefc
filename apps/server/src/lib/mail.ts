import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OutboxMail } from '@backroom/contracts';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.js';
import type { JobDefinition, Jobs } from './jobs.js';

/** A plain-text mail the product sends (password reset, staff invitation). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Sends mails: over SMTP when SMTP_URL is set, else into the local outbox `DATA_DIR/outbox`. */
export interface Mailer {
  /** Where mails go: 'smtp' or 'outbox'. */
  readonly kind: 'smtp' | 'outbox';
  /** Sends one mail; rejects when the SMTP server or the disk fails. */
  send(msg: MailMessage): Promise<void>;
}

/** The outbox folder of a config: `${DATA_DIR}/outbox`. */
export const outboxDir = (config: Config) => join(config.dataDir, 'outbox');

/** The http(s) addresses in a text, in order (used to list a mail's links in the development outbox). */
export const linksIn = (text: string) => text.match(/https?:\/\/[^\s<>"']+/g) ?? [];

/**
 * Builds the mailer of a config. With SMTP_URL, mails go through nodemailer's SMTP transport. Without it,
 * each mail is rendered by nodemailer as an RFC 822 message and written to `DATA_DIR/outbox/{time}-{id}.eml`,
 * with a `.json` twin (to, subject, text, links, date) for the development outbox listing, and one log line.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(msg) {
        await transport.sendMail({ from: config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text });
        log.info({ to: msg.to, subject: msg.subject }, 'mail sent over SMTP');
      },
    };
  }
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(msg) {
      const dir = outboxDir(config);
      await mkdir(dir, { recursive: true });
      const info = await render.sendMail({ from: config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text });
      const date = new Date();
      const base = `${date.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
      const meta: OutboxMail = {
        file: `${base}.eml`,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        links: linksIn(msg.text),
        date: date.toISOString(),
      };
      await writeFile(join(dir, `${base}.eml`), info.message as Buffer, { mode: 0o600 });
      await writeFile(join(dir, `${base}.json`), JSON.stringify(meta, null, 2), { mode: 0o600 });
      log.info(
        { to: msg.to, subject: msg.subject, file: join(dir, `${base}.eml`) },
        'mail written to the local outbox (SMTP_URL is not set)',
      );
    },
  };
}

/** The newest `limit` mails of the outbox, newest first (empty when the folder does not exist). */
export async function readOutbox(dir: string, limit = 50): Promise<OutboxMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  names.sort().reverse();
  const out: OutboxMail[] = [];
  for (const n of names.slice(0, limit)) {
    try {
      out.push(JSON.parse(await readFile(join(dir, n), 'utf8')) as OutboxMail);
    } catch {
      // A mail being written right now: skip it.
    }
  }
  return out;
}

const mailers = new WeakMap<Config, Mailer>();
/** The one mailer of an app's config (shared by the forgot flow and staff invitations), built on first use. */
export function mailerFor(config: Config, log: FastifyBaseLogger): Mailer {
  let m = mailers.get(config);
  if (!m) {
    m = createMailer(config, log);
    mailers.set(config, m);
  }
  return m;
}

/** The job type that sends one mail of no particular module (password resets, staff invitations). */
export const MAIL_JOB = 'mail.send';

/** The payload of a mail job: the message; a module's own mail job type may carry more (what `afterSent` needs). */
export interface MailJobPayload {
  mail: MailMessage;
}

/**
 * A job type that sends `payload.mail` with the app's mailer (issue 14 item 2: e-mail sending with retries, so the
 * request that triggers a mail never waits for or fails on SMTP). A system job (no store; never listed to members).
 * A failed send (SMTP refused, unreachable, timed out) is retried `config.mailRetryLimit` times, the first retry
 * after `config.mailRetryDelaySeconds` s, doubled at each further retry, on whichever copy of the server picks it up;
 * then the job fails with the SMTP error. The payload (it may hold a password link) is set to null when the job ends.
 * `afterSent` runs once the mail is accepted (e.g. a note on an order's timeline); its failure is logged and NOT
 * retried, so a mail is never sent twice for it. The job's result: `{ sentAt }` (ISO time).
 */
export function mailJob<P extends MailJobPayload>(
  config: Config,
  log: FastifyBaseLogger,
  type: string,
  afterSent?: (payload: P) => Promise<void>,
): JobDefinition<P, { sentAt: string }> {
  return {
    type,
    scope: null,
    retryLimit: config.mailRetryLimit,
    retryDelaySeconds: config.mailRetryDelaySeconds,
    timeoutSeconds: 300,
    dropPayload: true,
    async handler(ctx) {
      await mailerFor(config, log).send(ctx.payload.mail);
      const sentAt = new Date().toISOString();
      if (afterSent) {
        try {
          await afterSent(ctx.payload);
        } catch (err) {
          ctx.log.error({ err }, 'mail sent, but what follows its sending failed');
        }
      }
      return { sentAt };
    },
  };
}

/** Declares the app's generic mail job type `MAIL_JOB` (called once by buildApp). */
export function defineMailJob(jobs: Jobs, config: Config, log: FastifyBaseLogger): void {
  jobs.define(mailJob(config, log, MAIL_JOB));
}

/**
 * Queues one mail for sending (job `MAIL_JOB`) and answers the job's id at once, SMTP never awaited. Rejects only
 * when the job cannot be stored (the database is down).
 */
export function queueMail(jobs: Jobs, mail: MailMessage): Promise<string> {
  return jobs.enqueue<MailJobPayload>(null, MAIL_JOB, { mail });
}
