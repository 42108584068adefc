import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config.js';
import { createMailer, recipientHash } from './mail.js';

/**
 * Mail logs (issue 29 item 7): at `info` a mail is named by its id and a keyed hash of its recipient, never by the
 * shopper's address or a subject that names them; the address and subject are written at `debug` only. Both the
 * outbox (no SMTP_URL) and SMTP, whose refusal (stored and logged by the job queue) loses the address too.
 */
const to = 'Ann.Shopper@Example.test';
const subject = 'Your order #1001 from Ann Shopper';

/** A pino logger at `level` writing parsed lines into `lines`. */
function capture(level: 'info' | 'debug') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { log: pino({ level }, stream), lines };
}
const text = (lines: unknown[]) => JSON.stringify(lines).toLowerCase();

/** A local SMTP server accepting every mail but those to `refused@…` (550 naming the address, as servers do). */
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, cb) {
    if (address.address.startsWith('refused')) cb(Object.assign(new Error(`<${address.address}>: unknown user`), { responseCode: 550 }));
    else cb();
  },
  onData(stream, _session, cb) {
    stream.resume();
    stream.on('end', () => cb());
  },
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((r) => smtp.close(() => r())));

describe('mail logs', () => {
  it('the outbox logs the mail id and the recipient hash at info, the address and subject only at debug', async () => {
    const config = testConfig();
    const info = capture('info');
    await createMailer(config, info.log).send({ to, subject, text: 'Thanks' });
    expect(info.lines).toHaveLength(1);
    expect(text(info.lines)).not.toContain('ann.shopper');
    expect(text(info.lines)).not.toContain('ann shopper');
    expect(info.lines[0]).toMatchObject({ level: 30, toHash: recipientHash(config, to), mailId: expect.any(String) });
    const debug = capture('debug');
    await createMailer(config, debug.log).send({ to, subject, text: 'Thanks' });
    expect(debug.lines.find((l) => l.level === 20)).toMatchObject({ to, subject });
  });

  it('SMTP logs the Message-ID and the hash at info; a refusal does not carry the address', async () => {
    const config = testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const info = capture('info');
    const mailer = createMailer(config, info.log);
    await mailer.send({ to, subject, text: 'Thanks' });
    expect(info.lines).toHaveLength(1);
    expect(text(info.lines)).not.toContain('ann.shopper');
    expect(text(info.lines)).not.toContain('ann shopper');
    expect(info.lines[0]).toMatchObject({ toHash: recipientHash(config, to), mailId: expect.stringMatching(/^<.+>$/) });
    const err = await mailer.send({ to: 'refused.ann@example.test', subject, text: 'Thanks' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(JSON.stringify({ ...(err as object), message: (err as Error).message, stack: (err as Error).stack })).not.toContain(
      'refused.ann',
    );
    expect((err as Error).message).toContain(recipientHash(config, 'refused.ann@example.test'));
  });

  it('the hash is the same for one address whatever its case, different for another, and keyed by the secret', () => {
    const config = testConfig();
    expect(recipientHash(config, 'ann@example.test')).toBe(recipientHash(config, ' ANN@example.test'));
    expect(recipientHash(config, 'ann@example.test')).not.toBe(recipientHash(config, 'bob@example.test'));
    expect(recipientHash(config, 'ann@example.test')).not.toBe(recipientHash(testConfig(), 'ann@example.test'));
  });
});
