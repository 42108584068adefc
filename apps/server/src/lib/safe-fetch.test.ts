import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedLookup, isPublicAddress, type Resolver, SafeFetchError, safeFetch } from './safe-fetch.js';

/** Issue 14 item 5 "High — server-side request forgery in the CSV import": the safe fetch every import uses. */
let target: Server;
let relay: Server;
let targetPort: number;
let relayPort: number;
let hits = 0;

beforeAll(async () => {
  // The "internal service" on 127.0.0.1, and a relay on 127.0.0.2 that the tests allow as if it were public.
  target = createServer((_req, res) => {
    hits += 1;
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end('secret');
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  targetPort = (target.address() as AddressInfo).port;
  relay = createServer((req, res) => {
    const n = Number(new URL(req.url!, 'http://x').searchParams.get('n') ?? 0);
    if (req.url!.startsWith('/to-internal')) res.writeHead(302, { location: `http://127.1:${targetPort}/` });
    else if (req.url!.startsWith('/loop')) res.writeHead(302, { location: `/loop?n=${n + 1}` });
    else if (req.url!.startsWith('/hop')) res.writeHead(301, { location: n > 1 ? '/ok' : `/hop?n=${n + 1}` });
    else res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('relay');
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.2', r));
  relayPort = (relay.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => target.close(r));
  await new Promise((r) => relay.close(r));
});

const reasonOf = async (url: string, allow: string[] = []) => {
  try {
    await safeFetch(url, { allow, signal: AbortSignal.timeout(5000) });
    return 'fetched';
  } catch (e) {
    if (!(e instanceof SafeFetchError)) throw e;
    expect(e.message).toBe('not reachable');
    return e.reason;
  }
};

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, unspecified, CGNAT, mapped and special forms; accepts public unicast', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '0.0.0.0',
      '100.64.0.1',
      '::1',
      '[::1]',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '2002:7f00:1::',
      '255.255.255.255',
      '224.0.0.1',
      'localhost',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(a), a).toBe(true);
    expect(isPublicAddress('127.0.0.2', ['127.0.0.2'])).toBe(true);
    expect(isPublicAddress('10.9.8.7', ['10.0.0.0/8'])).toBe(true);
    expect(isPublicAddress('127.0.0.1', ['127.0.0.2'])).toBe(false);
  });
});

describe('safeFetch', () => {
  it('refuses every loopback spelling of the probe, without connecting', async () => {
    hits = 0;
    for (const host of [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      'localhost',
      'LOCALHOST.',
      'a.localhost',
    ]) {
      expect(await reasonOf(`http://${host}:${targetPort}/`), host).toBe('blocked');
    }
    expect(await reasonOf('http://localhost:5432/')).toBe('blocked');
    expect(await reasonOf('http://169.254.169.254/latest/meta-data/')).toBe('blocked');
    expect(hits).toBe(0);
  });

  it('refuses a name when any of its addresses is not public, at connection time', async () => {
    const fake: Resolver = (host, _o, cb) =>
      cb(
        null,
        host === 'mixed.test'
          ? [
              { address: '93.184.216.34', family: 4 },
              { address: '127.0.0.1', family: 4 },
            ]
          : [{ address: '93.184.216.34', family: 4 }],
      );
    const lookup = guardedLookup([], fake);
    const ask = (host: string, all: boolean) =>
      new Promise<{ err: unknown; address: unknown }>((r) => lookup(host, { all }, (err, address) => r({ err, address })));
    const mixed = await ask('mixed.test', true);
    expect(mixed.err).toBeInstanceOf(SafeFetchError);
    expect((mixed.err as SafeFetchError).reason).toBe('blocked');
    expect(await ask('public.test', false)).toEqual({ err: null, address: '93.184.216.34' });
    expect(await ask('public.test', true)).toEqual({ err: null, address: [{ address: '93.184.216.34', family: 4 }] });
  });

  it('refuses other schemes', async () => {
    expect(await reasonOf('file:///etc/passwd')).toBe('protocol');
    expect(await reasonOf('ftp://example.com/x')).toBe('protocol');
    expect(await reasonOf('not a url')).toBe('protocol');
  });

  it('re-checks every redirect: a public page redirecting to loopback is refused', async () => {
    hits = 0;
    expect(await reasonOf(`http://127.0.0.2:${relayPort}/to-internal`, ['127.0.0.2'])).toBe('blocked');
    expect(hits).toBe(0);
  });

  it('follows a few redirects and stops at the limit', async () => {
    const res = await safeFetch(`http://127.0.0.2:${relayPort}/hop`, { allow: ['127.0.0.2'] });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('relay');
    expect(await reasonOf(`http://127.0.0.2:${relayPort}/loop`, ['127.0.0.2'])).toBe('redirects');
  });

  it('answers the same generic reason for a closed port and an open one', async () => {
    const open = await reasonOf(`http://127.0.0.1:${targetPort}/`);
    const closed = await reasonOf('http://127.0.0.1:1/');
    expect(open).toBe(closed);
  });
});
