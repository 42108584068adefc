/**
 * Media in an S3-compatible bucket (issue 9 item 5, issue 14 "S3_* → uploads in an S3-compatible bucket (AWS SDK
 * v3)"), against `s3rver` started here on a free port: uploads, profile pictures and imported product pictures
 * land in the bucket (not DATA_DIR), and the one `/uploads/*` route serves them from it with the same rules.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { UploadedImage } from '@backroom/contracts';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';
import { mediaStorageFor, type S3MediaStorage } from './index.js';
import { makeImage, multipartBody } from './test-helpers.js';

const BUCKET = 'backroom-media';
let s3: S3rver;
let t: TestContext;
let storage: S3MediaStorage;
let shop: { id: string; handle: string };
let owner: { headers: Record<string, string> };

beforeAll(async () => {
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  // The S3_* settings as an operator would give them.
  const env = loadConfig(
    {
      NODE_ENV: 'test',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'test/',
    },
    { persistSecret: false },
  );
  expect(env.s3).toMatchObject({ bucket: BUCKET, forcePathStyle: true, prefix: 'test/' });
  t = await createTestApp({ s3: env.s3 });
  const s = mediaStorageFor(t.config);
  expect(s.kind).toBe('s3');
  storage = s as S3MediaStorage;
  const u = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: u.id });
  owner = await login(t.app, u.email, u.password, shop.id);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function objectBytes(key: string): Promise<Buffer> {
  const res = await storage.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `test/${key}` }));
  return Buffer.from(await res.Body!.transformToByteArray());
}

describe('media on S3 (s3rver)', () => {
  it('stores every web size of an upload in the bucket and serves it from there', async () => {
    const body = await multipartBody(await makeImage(1000, 500, 'jpeg'), { name: 'a.jpg', type: 'image/jpeg' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const img = res.json() as UploadedImage;
    expect(img.sizes.map((s) => s.width)).toEqual([480, 960, 1000]);
    const listed = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `test/${shop.id}/media/` }));
    // every web size, and the original kept for print (issue 19), which the media route never serves
    const orig = `${shop.id}/media/${img.id}.orig`;
    expect(listed.Contents?.map((o) => o.Key).sort()).toEqual(
      [...img.sizes.map((s) => `test${s.src.slice('/uploads'.length)}`), `test/${orig}`].sort(),
    );
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${orig}` })).statusCode).toBe(404);
    expect(existsSync(join(t.config.dataDir, 'uploads', shop.id))).toBe(false);
    const served = await t.app.inject({ method: 'GET', url: img.src, headers: { host: `${shop.handle}.localhost:3000` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'");
    expect(served.rawPayload.equals(await objectBytes(img.src.slice('/uploads/'.length)))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: img.src.replace('.webp', '.png') })).statusCode).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/uploads', headers: owner.headers })).json();
    expect(list.uploads.map((u: UploadedImage) => u.id)).toEqual([img.id]);
  });

  it('keeps profile pictures in the bucket too', async () => {
    const png = await makeImage(40, 40, 'png');
    const body = await multipartBody(png, { name: 'me.png', type: 'image/png' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile-picture',
      headers: { ...owner.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const url = res.json().profilePicture as string;
    const name = url.slice(url.lastIndexOf('/') + 1);
    expect((await objectBytes(`avatars/${name}`)).equals(png)).toBe(true);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
  });
});
