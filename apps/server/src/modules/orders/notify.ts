import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Jobs } from '../../lib/jobs.js';
import { type MailJobPayload, type MailMessage, mailJob } from '../../lib/mail.js';
import type { App } from '../../lib/types.js';
import { orderConfirmationMail, recordOrderEvent } from './service.js';

/** The job type of an order's mails to its customer (confirmation, shipping confirmation). */
const ORDER_MAIL_JOB = 'orders.mail';

/** An order mail job's payload: the mail, the order it is about and the timeline note written once it is sent. */
interface OrderMailPayload extends MailJobPayload {
  storeId: string;
  orderId: string;
  note: string;
}

/**
 * Declares the `orders.mail` job type (issue 14 item 2: e-mail sending with retries): sends the mail like every mail
 * job (lib/mail.ts `mailJob`: retried with backoff on SMTP failure) and, once it is accepted, notes it on the order's
 * timeline (`type: 'email'`, e.g. "Shipping confirmation email was sent to …"), so the note means it really went.
 */
export function defineOrderMailJob(app: App): void {
  app.jobs.define(
    mailJob<OrderMailPayload>(app.config, app.log, ORDER_MAIL_JOB, (p) => recordOrderEvent(app.db, p.storeId, p.orderId, 'email', p.note)),
  );
}

/**
 * Queues a mail about order `orderId` of `storeId` (a system job: never listed to members) and answers the job's id
 * at once; `note` goes on the order's timeline when the mail has been sent. Rejects only when the job cannot be
 * stored (database down).
 */
export function queueOrderMail(jobs: Jobs, storeId: string, orderId: string, mail: MailMessage, note: string): Promise<string> {
  return jobs.enqueue<OrderMailPayload>(null, ORDER_MAIL_JOB, { mail, storeId, orderId, note });
}

/**
 * Queues the order confirmation of a placed order to its customer (issue 12 item 7: the shop's name, the lines and
 * totals; sent over SMTP or into the outbox by the `orders.mail` job, retried on failure — issue 14 item 2), noted
 * on the order's timeline once sent. Called after the checkout's commit; a failure to queue is logged and never
 * fails the checkout. Nothing is queued for an order without an e-mail.
 */
export async function sendOrderConfirmation(db: Db, jobs: Jobs, log: FastifyBaseLogger, storeId: string, orderId: string): Promise<void> {
  try {
    const mail = await orderConfirmationMail(db, storeId, orderId);
    if (!mail) return;
    await queueOrderMail(jobs, storeId, orderId, mail, `Order confirmation email was sent to ${mail.to}`);
  } catch (err) {
    log.error({ err, orderId }, 'order confirmation not queued');
  }
}
