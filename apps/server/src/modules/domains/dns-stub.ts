import { createSocket } from 'node:dgram';

/**
 * A tiny local DNS server for tests (issue 11: "the DNS check with a local resolver stub"): answers A, CNAME and TXT
 * questions over UDP from a table, NXDOMAIN otherwise, so the domains module's real `node:dns` Resolver is exercised
 * end to end. Only what the check asks is implemented (one question per message, no compression on input).
 */
export interface DnsZone {
  A?: Record<string, string[]>;
  CNAME?: Record<string, string>;
  TXT?: Record<string, string[]>;
}

const TYPES = { A: 1, CNAME: 5, TXT: 16 } as const;

function encodeName(name: string): Buffer {
  const parts = name.replace(/\.$/, '').split('.');
  return Buffer.concat([...parts.map((p) => Buffer.concat([Buffer.from([p.length]), Buffer.from(p)])), Buffer.from([0])]);
}

function readName(msg: Buffer, at: number): { name: string; end: number } {
  const labels: string[] = [];
  let i = at;
  while (msg[i]! > 0) {
    labels.push(msg.subarray(i + 1, i + 1 + msg[i]!).toString());
    i += 1 + msg[i]!;
  }
  return { name: labels.join('.').toLowerCase(), end: i + 1 };
}

/** Starts the server on 127.0.0.1 (a free port); `zone` is read at each question, so a test may change it. */
export async function startDnsStub(zone: DnsZone): Promise<{ server: string; close: () => Promise<void> }> {
  const sock = createSocket('udp4');
  sock.on('message', (msg, rinfo) => {
    const { name, end } = readName(msg, 12);
    const qtype = msg.readUInt16BE(end);
    const question = msg.subarray(12, end + 4);
    const answers: Buffer[] = [];
    const rr = (type: number, data: Buffer) => {
      const head = Buffer.alloc(10);
      head.writeUInt16BE(type, 0);
      head.writeUInt16BE(1, 2);
      head.writeUInt32BE(60, 4);
      head.writeUInt16BE(data.length, 8);
      answers.push(Buffer.concat([Buffer.from([0xc0, 0x0c]), head, data]));
    };
    if (qtype === TYPES.A) for (const ip of zone.A?.[name] ?? []) rr(TYPES.A, Buffer.from(ip.split('.').map(Number)));
    if (qtype === TYPES.CNAME && zone.CNAME?.[name]) rr(TYPES.CNAME, encodeName(zone.CNAME[name]!));
    if (qtype === TYPES.TXT)
      for (const t of zone.TXT?.[name] ?? []) rr(TYPES.TXT, Buffer.concat([Buffer.from([t.length]), Buffer.from(t)]));
    const known = !!(zone.A?.[name] || zone.CNAME?.[name] || zone.TXT?.[name]);
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2);
    header.writeUInt16BE(0x8180 | (known ? 0 : 3), 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    sock.send(Buffer.concat([header, question, ...answers]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => sock.bind(0, '127.0.0.1', resolve));
  const { port } = sock.address();
  return { server: `127.0.0.1:${port}`, close: () => new Promise((resolve) => sock.close(() => resolve())) };
}
