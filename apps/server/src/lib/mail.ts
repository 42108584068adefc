import { createHmac, randomUUID } from 'node:crypto';
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
 * The recipient as the `info` logs name it (issue 29 item 7: a shopper's e-mail is personal data): an HMAC-SHA-256
 * of the lower-cased address keyed by the app's secret, 16 hex characters — the same for every mail to one address,
 * so the lines of one recipient can be followed, but no dictionary of addresses turns it back without the secret.
 */
export function recipientHash(config: Config, to: string): string {
  return createHmac('sha256', config.jwtSecret).update(`mail-recipient\n${to.trim().toLowerCase()}`).digest('hex').slice(0, 16);
}

/**
 * An SMTP error as the job queue logs and stores it, without the recipient's address: nodemailer's `rejected` lists
 * are dropped and the address in the message or the server's `response` (e.g. `550 <ann@example.test>: unknown`)
 * becomes `<recipient {hash}>`. Other errors pass unchanged.
 */
function withoutRecipient(err: unknown, to: string, hash: string): unknown {
  if (!(err instanceof Error)) return err;
  const e = err as Error & { rejected?: unknown; rejectedErrors?: unknown; response?: unknown };
  const address = new RegExp(to.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  const scrub = (text: string) => text.replace(address, `recipient ${hash}`);
  e.message = scrub(e.message);
  if (typeof e.response === 'string') e.response = scrub(e.response);
  if (e.stack) e.stack = scrub(e.stack);
  delete e.rejected;
  delete e.rejectedErrors;
  return e;
}

/**
 * Builds the mailer of a config. With SMTP_URL, mails go through nodemailer's SMTP transport. Without it,
 * each mail is rendered by nodemailer as an RFC 822 message and written to `DATA_DIR/outbox/{time}-{id}.eml`,
 * with a `.json` twin (to, subject, text, links, date) for the development outbox listing, and one log line.
 * Logs (issue 29 item 7): at `info` the mail's id (the SMTP Message-ID, or the outbox file) and `recipientHash`,
 * never the address or the subject (it may name the shopper or the order); the address and subject only at `debug`.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(msg) {
        const info = await transport
          .sendMail({ from: config.mailFrom, to: msg.to, subject: msg.subject, text: msg.text })
          .catch((err: unknown) => {
            throw withoutRecipient(err, msg.to, recipientHash(config, msg.to));
          });
        log.info({ mailId: info.messageId, toHash: recipientHash(config, msg.to) }, 'mail sent over SMTP');
        log.debug({ mailId: info.messageId, to: msg.to, subject: msg.subject }, 'mail sent over SMTP: recipient and subject');
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
      const file = join(dir, `${base}.eml`);
      log.info({ mailId: base, toHash: recipientHash(config, msg.to), file }, 'mail written to the local outbox (SMTP_URL is not set)');
      log.debug({ mailId: base, to: msg.to, subject: msg.subject }, 'mail written to the local outbox: recipient and subject');
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
