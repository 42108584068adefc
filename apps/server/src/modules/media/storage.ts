import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config, S3Config } from '../../config.js';

/** A stored media file as read back: its bytes as a stream and its size (bytes). */
export interface MediaObject {
  body: Readable;
  size: number;
}

/**
 * Where media files live (issue 9 item 5, issue 14 "S3_*"): a folder under DATA_DIR by default, an S3-compatible
 * bucket when S3 settings are given. Keys are relative paths such as `{storeId}/media/{id}_1920x1080.webp`,
 * `{storeId}/products/{sha1}.jpg` or `avatars/{uuid}.png`; `isMediaKey` says which are valid.
 */
export interface MediaStorage {
  readonly kind: 'local' | 's3';
  /** Writes a file (overwrites). */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Reads a file; null when there is none. */
  get(key: string): Promise<MediaObject | null>;
}

/**
 * A media key: 1–4 folder segments of letters, digits, `-` and `_`, then a file name with an image extension (or a
 * font extension: personalisation fonts, modules/media/fonts.ts; or `pdf`: print files of book designs, modules/designs;
 * or `orig`: originals of uploads kept for print, service.ts — a type `/uploads/*` never serves).
 * No `..`, no absolute path, no hidden file: a key can never leave the media root.
 */
export const MEDIA_KEY = /^(?:[A-Za-z0-9_-]{1,64}\/){1,4}[A-Za-z0-9_-]{1,128}\.(?:jpg|png|webp|gif|avif|ttf|otf|woff|woff2|pdf|orig)$/;
export const isMediaKey = (key: string) => MEDIA_KEY.test(key);

/** Files under a folder (DATA_DIR/uploads by default). */
export class LocalMediaStorage implements MediaStorage {
  readonly kind = 'local' as const;
  constructor(readonly root: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    const file = join(this.root, key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, data);
  }

  async get(key: string): Promise<MediaObject | null> {
    if (!isMediaKey(key)) return null;
    const file = join(this.root, key);
    const st = await stat(file).catch(() => null);
    if (!st?.isFile()) return null;
    return { body: createReadStream(file), size: st.size };
  }
}

/** S3 settings (config.ts `S3_*`). */
export type S3Settings = S3Config;

/** Files in an S3-compatible bucket (AWS SDK v3). */
export class S3MediaStorage implements MediaStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      // S3-compatible services (MinIO, R2, s3rver) do not all take the SDK's default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.settings.prefix + key,
        Body: data,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
  }

  async get(key: string): Promise<MediaObject | null> {
    if (!isMediaKey(key)) return null;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.settings.prefix + key }));
      if (!res.Body) return null;
      return { body: res.Body as Readable, size: res.ContentLength ?? 0 };
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
      throw err;
    }
  }
}

const byConfig = new WeakMap<Config, MediaStorage>();

/**
 * The media storage of a configuration (one per Config object): S3 when `config.s3` is set, else
 * `DATA_DIR/uploads`.
 */
export function mediaStorageFor(config: Config): MediaStorage {
  let s = byConfig.get(config);
  if (!s) {
    s = config.s3 ? new S3MediaStorage(config.s3) : new LocalMediaStorage(join(config.dataDir, 'uploads'));
    byConfig.set(config, s);
  }
  return s;
}
