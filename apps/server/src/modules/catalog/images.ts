import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { SafeFetchError, safeFetch } from '../../lib/safe-fetch.js';
import { LocalMediaStorage, type MediaStorage, mediaUrl, sniffImage } from '../media/index.js';

/** Where a picture ended up: a local `/uploads/…` path when fetched, else the remote URL itself. */
export interface ResolvedImage {
  src: string;
  remoteSrc: string;
  stored: boolean;
  /** Why it was not stored (host unreachable, not an image, too large…), when it was not. */
  failure?: string;
  /** Bytes and content type of the stored file. */
  bytes?: number;
  contentType?: string;
  /** Media key (path under DATA_DIR/uploads or in the bucket), e.g. `<storeId>/products/<sha1>.jpg`. */
  path?: string;
}

export interface RemoteImagesOptions {
  /** DATA_DIR: files go to `${dataDir}/uploads/${storeId}/products/` unless `storage` is given. */
  dataDir: string;
  /** Where pictures are stored (the app's media storage: DATA_DIR/uploads or the S3 bucket). */
  storage?: MediaStorage;
  storeId: string;
  /** Time budget of one fetch, ms (default 3000). A host that fails once is not asked again. */
  timeoutMs?: number;
  /** Largest picture kept, bytes (default 15 MB). */
  maxBytes?: number;
  /** How many fetches run at once (default 6). */
  concurrency?: number;
  /** Private addresses/CIDRs the import may fetch anyway (FETCH_ALLOW_ADDRESSES); default none (lib/safe-fetch.ts). */
  allow?: readonly string[];
}

/**
 * Fetches product pictures of an import into the shop's own storage (issue "Product import": "Image URLs are
 * fetched into the shop's own storage when reachable and kept as remote references when not"). What is stored
 * follows the one image policy of the media module (issue 15, issue 14): the bytes must BE a JPEG, PNG, WebP,
 * GIF or AVIF image whatever the Content-Type says — SVG and anything else stays a remote link, never a file on
 * the shop's origin. Files are named by the SHA-1 of their content (served immutable). Each URL is
 * fetched once per import; a host that fails (DNS, refused, timeout after `timeoutMs`, HTTP error) is remembered
 * and its other URLs are kept remote at once, so 100 unreachable pictures cost one timeout, not 100. Never throws.
 */
export class RemoteImages {
  private readonly byUrl = new Map<string, Promise<ResolvedImage>>();
  private readonly deadHosts = new Map<string, string>();
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly storage: MediaStorage;
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private readonly concurrency: number;

  constructor(private readonly opts: RemoteImagesOptions) {
    this.timeoutMs = opts.timeoutMs ?? 3000;
    this.maxBytes = opts.maxBytes ?? 15 * 1024 * 1024;
    this.concurrency = opts.concurrency ?? 6;
    this.storage = opts.storage ?? new LocalMediaStorage(join(opts.dataDir, 'uploads'));
  }

  /** Hosts that failed during this import, with the reason. */
  get failedHosts(): ReadonlyMap<string, string> {
    return this.deadHosts;
  }

  /** Resolves one picture URL (http/https), fetching it at most once per import. */
  resolve(url: string): Promise<ResolvedImage> {
    let p = this.byUrl.get(url);
    if (!p) {
      p = this.load(url);
      this.byUrl.set(url, p);
    }
    return p;
  }

  private async slot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((r) => this.queue.push(r));
    this.active += 1;
    try {
      return await fn();
    } finally {
      this.active -= 1;
      this.queue.shift()?.();
    }
  }

  private async load(url: string): Promise<ResolvedImage> {
    const remote = (failure: string): ResolvedImage => ({ src: url, remoteSrc: url, stored: false, failure });
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return remote('not a URL');
    }
    const dead = this.deadHosts.get(host);
    if (dead) return remote(dead);
    return this.slot(async () => {
      const deadNow = this.deadHosts.get(host);
      if (deadNow) return remote(deadNow);
      try {
        // Public addresses only, every redirect re-checked (issue 14 item 5: the import was a port scanner).
        const res = await safeFetch(url, { signal: AbortSignal.timeout(this.timeoutMs), allow: this.opts.allow });
        if (!res.ok) {
          await res.body?.cancel();
          if (res.status >= 500) this.deadHosts.set(host, `HTTP ${res.status}`);
          return remote(`HTTP ${res.status}`);
        }
        const declared = Number(res.headers.get('content-length') ?? 0);
        if (declared > this.maxBytes) {
          await res.body?.cancel();
          return remote('larger than 15 MB');
        }
        const body = await readCapped(res, this.maxBytes);
        if (!body) return remote('larger than 15 MB');
        const kind = await sniffImage(body);
        if (!kind) return remote('not an image (JPEG, PNG, WebP, GIF or AVIF; SVG is not stored)');
        const rel = `${this.opts.storeId}/products/${createHash('sha1').update(body).digest('hex')}.${kind.ext}`;
        await this.storage.put(rel, body, kind.mime);
        return { src: mediaUrl(rel), remoteSrc: url, stored: true, bytes: body.length, contentType: kind.mime, path: rel };
      } catch (err) {
        const e = err as { name?: string };
        // One generic reason for refused addresses and failed connections alike: no port-scanner signal.
        const why =
          e.name === 'TimeoutError' || e.name === 'AbortError'
            ? `no answer within ${this.timeoutMs / 1000} s`
            : err instanceof SafeFetchError
              ? err.message
              : 'not reachable';
        this.deadHosts.set(host, why);
        return remote(why);
      }
    });
  }
}

/** The body of a response, read up to `max` bytes; null (and the download cancelled) when it is longer. */
async function readCapped(res: { body: WebReadableStream | null }, max: number): Promise<Buffer | null> {
  if (!res.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let n = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
