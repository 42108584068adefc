import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/** Product reviews (issue 13 item 8): storefront submission (rate limited, held), moderation, reply, CSV import. */
let t: TestContext;
let h: Record<string, string>;
let other: Record<string, string>;
let productsOnly: Record<string, string>;
let host: string;
let productId: string;

/** A multipart/form-data body with one file part (the platform's FormData). */
async function multipart(content: string, field = 'file') {
  const fd = new FormData();
  fd.append(field, new Blob([content], { type: 'text/csv' }), 'reviews.csv');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}
const importCsv = async (csv: string, headers = h, field = 'file') => {
  const { payload, contentType } = await multipart(csv, field);
  return t.app.inject({ method: 'POST', url: '/api/reviews/import', headers: { ...headers, 'content-type': contentType }, payload });
};

beforeAll(async () => {
  t = await createTestApp();
  const u = await makeUser(t.db);
  const s = await makeStore(t.db, t.config, { ownerId: u.id });
  h = (await login(t.app, u.email, u.password, s.id)).headers;
  host = `${s.handle}.${t.config.storefrontSuffix}`;
  const m = await makeUser(t.db);
  await addMember(t.db, s.id, m.id, ['products']);
  productsOnly = (await login(t.app, m.email, m.password, s.id)).headers;
  const u2 = await makeUser(t.db);
  const s2 = await makeStore(t.db, t.config, { ownerId: u2.id });
  other = (await login(t.app, u2.email, u2.password, s2.id)).headers;
  productId = (
    await t.app.inject({ method: 'POST', url: '/api/products', headers: h, payload: { title: 'Wool hoodie', variants: [{ price: 50 }] } })
  ).json().id;
  await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: h,
    payload: { title: 'Hidden draft', status: 'draft', variants: [{ price: 5 }] },
  });
}, 60_000);
afterAll(async () => t.close());

const REVIEW = { author: 'Ada', email: 'ada@example.test', rating: 5, title: 'Warm', body: 'Lovely and warm.' };
const submit = (payload: object, ip = '10.9.0.1', handle = 'wool-hoodie') =>
  t.app.inject({ method: 'POST', url: `/api/storefront/products/${handle}/reviews`, headers: { host }, payload, remoteAddress: ip });
const shown = () => t.app.inject({ method: 'GET', url: '/api/storefront/products/wool-hoodie/reviews', headers: { host } });

describe('a shopper submits a review', () => {
  it('is held for moderation: 201 pending, not shown, listed as pending in the admin', async () => {
    const res = await submit(REVIEW);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ status: 'pending', message: 'Thank you! Your review will appear once the shop has approved it.' });
    expect((await shown()).json()).toEqual({ average: null, count: 0, page: 1, reviews: [] });
    const list = (await t.app.inject({ method: 'GET', url: '/api/reviews?status=pending', headers: h })).json();
    expect(list.counts).toEqual({ pending: 1, published: 0, hidden: 0 });
    expect(list.reviews[0]).toMatchObject({
      ...REVIEW,
      status: 'pending',
      source: 'storefront',
      product: { id: productId, title: 'Wool hoodie', handle: 'wool-hoodie' },
    });
  });

  it('validates the body with field messages; unknown or unpublished products are 404', async () => {
    const cases: [object, string][] = [
      [{ ...REVIEW, rating: 6 }, 'body.rating: rating must be a whole number from 1 to 5'],
      [{ ...REVIEW, rating: 0 }, 'body.rating: rating must be a whole number from 1 to 5'],
      [{ ...REVIEW, author: ' ' }, 'body.author: name is required'],
      [{ ...REVIEW, email: 'nope' }, 'body.email: email must be an e-mail address'],
      [{ ...REVIEW, body: '' }, 'body.body: review is required'],
      [{ ...REVIEW, body: 'x'.repeat(5001) }, 'body.body: review must have at most 5000 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await submit(payload, '10.9.0.2');
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toContain(message);
    }
    expect((await submit(REVIEW, '10.9.0.3', 'hidden-draft')).statusCode).toBe(404);
    expect((await submit(REVIEW, '10.9.0.3', 'nope')).statusCode).toBe(404);
  });

  it('is rate limited: the 6th review from one IP within the hour is 429, another IP still may', async () => {
    for (let i = 0; i < 5; i++) expect((await submit({ ...REVIEW, body: `Review ${i}` }, '10.9.1.1')).statusCode).toBe(201);
    const sixth = await submit(REVIEW, '10.9.1.1');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().messages[0]).toMatch(/^Too many reviews, please try again in \d+ seconds$/);
    expect((await submit(REVIEW, '10.9.1.2')).statusCode).toBe(201);
  });
});

describe('moderation', () => {
  it('publishes, replies and hides; the storefront shows published reviews with the average', async () => {
    const pending = (await t.app.inject({ method: 'GET', url: '/api/reviews?status=pending&limit=100', headers: h })).json().reviews;
    const [a, b, c] = pending as { id: string }[];
    const patch = (id: string, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: h, payload });
    expect((await patch(a!.id, { status: 'published' })).json().status).toBe('published');
    await patch(b!.id, { status: 'published' });
    await t.db.execute(`update product_reviews set rating = 2 where id = '${b!.id}'`);
    const replied = await patch(a!.id, { reply: 'Thank you!' });
    expect(replied.json()).toMatchObject({ reply: 'Thank you!', status: 'published' });
    expect(replied.json().repliedAt).not.toBeNull();
    await patch(c!.id, { status: 'hidden' });
    const sf = (await shown()).json();
    expect(sf.count).toBe(2);
    expect(sf.average).toBe(3.5);
    expect(sf.reviews.map((r: { id: string }) => r.id).sort()).toEqual([a!.id, b!.id].sort());
    expect(sf.reviews.find((r: { id: string }) => r.id === a!.id).reply).toBe('Thank you!');
    expect(sf.reviews[0]).not.toHaveProperty('email');
    // Removing the reply clears repliedAt.
    expect((await patch(a!.id, { reply: '' })).json()).toMatchObject({ reply: '', repliedAt: null });
    expect((await patch(a!.id, {})).json().messages).toEqual(['body: give a status or a reply']);
    expect((await patch(a!.id, { status: 'spam' })).json().messages).toEqual(['body.status: status must be pending, published or hidden']);
  });

  it('filters by status, stars and text; deletes; another shop and other scopes are refused', async () => {
    const list = async (qs: string) => (await t.app.inject({ method: 'GET', url: `/api/reviews?${qs}`, headers: h })).json();
    expect((await list('rating=2')).reviews).toHaveLength(1);
    expect((await list('status=hidden')).total).toBe(1);
    expect((await list('search=review 3')).reviews.map((r: { body: string }) => r.body)).toEqual(['Review 3']);
    expect((await list('rating=9')).messages).toEqual(['querystring.rating: rating must be a whole number from 1 to 5']);
    const id = (await list('status=hidden')).reviews[0].id;
    expect(
      (await t.app.inject({ method: 'PATCH', url: `/api/reviews/${id}`, headers: other, payload: { status: 'published' } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/reviews', headers: productsOnly })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reviews/${id}`, headers: h })).json()).toEqual({ ok: true });
    expect((await list('status=hidden')).total).toBe(0);
  });
});

describe('bulk moderation (POST /api/reviews/bulk)', () => {
  const bulk = (payload: object, headers = h) => t.app.inject({ method: 'POST', url: '/api/reviews/bulk', headers, payload });
  const statusOf = async (ids: string[]) =>
    (await t.app.inject({ method: 'GET', url: '/api/reviews?limit=100', headers: h }))
      .json()
      .reviews.filter((r: { id: string }) => ids.includes(r.id))
      .map((r: { status: string }) => r.status);

  it('publishes, hides and deletes several reviews in one request', async () => {
    const ids = (await t.app.inject({ method: 'GET', url: '/api/reviews?status=pending&limit=3', headers: h }))
      .json()
      .reviews.map((r: { id: string }) => r.id) as string[];
    expect(ids).toHaveLength(3);
    expect((await bulk({ ids, action: 'publish' })).json()).toEqual({ action: 'publish', count: 3 });
    expect(await statusOf(ids)).toEqual(['published', 'published', 'published']);
    expect((await bulk({ ids: ids.slice(0, 2), action: 'hide' })).json()).toEqual({ action: 'hide', count: 2 });
    expect((await statusOf(ids)).sort()).toEqual(['hidden', 'hidden', 'published']);
    expect((await bulk({ ids: ids.slice(0, 2), action: 'delete' })).json()).toEqual({ action: 'delete', count: 2 });
    expect(await statusOf(ids)).toEqual(['published']);
  });

  it('is all or nothing and store-scoped: an id of another shop or an unknown id → 404, nothing changed', async () => {
    const [mine] = (await t.app.inject({ method: 'GET', url: '/api/reviews?status=pending&limit=1', headers: h })).json().reviews;
    const res = await bulk({ ids: [mine.id, '00000000-0000-4000-8000-000000000000'], action: 'publish' });
    expect(res.statusCode).toBe(404);
    expect(await statusOf([mine.id])).toEqual(['pending']);
    expect((await bulk({ ids: [mine.id], action: 'delete' }, other)).statusCode).toBe(404);
    expect(await statusOf([mine.id])).toEqual(['pending']);
    expect((await bulk({ ids: [mine.id], action: 'hide' }, productsOnly)).statusCode).toBe(403);
  });

  it('validates the body with field messages', async () => {
    const id = '00000000-0000-4000-8000-000000000001';
    const cases: [object, string][] = [
      [{ ids: [], action: 'hide' }, 'body.ids: choose at least one review'],
      [{ ids: [id, id], action: 'hide' }, 'body.ids: a review is listed twice'],
      [
        { ids: Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`), action: 'hide' },
        'body.ids: at most 100 reviews at once',
      ],
      [{ ids: ['nope'], action: 'hide' }, 'body.ids.0: ids: each id must be a review id'],
      [{ ids: [id], action: 'spam' }, 'body.action: action must be publish, hide or delete'],
    ];
    for (const [payload, message] of cases) {
      const res = await bulk(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().messages).toContain(message);
    }
  });
});

describe('CSV import (Judge.me columns)', () => {
  const CSV = [
    'title,body,rating,review_date,reviewer_name,reviewer_email,product_handle,reply,curated',
    'Great,"Soft, warm, true to size",5,2025-11-02 10:00:00 UTC,Grace,grace@example.test,wool-hoodie,Thanks Grace,ok',
    'Meh,Pilled after a month,3,2025-11-03,Linus,,wool-hoodie,,not-yet',
    'Spam,Buy cheap watches,1,2025-11-04,Bot,,wool-hoodie,,spam',
    'Lost,No such product,4,2025-11-05,Ken,,no-such-hoodie,,ok',
    'Bad,Too many stars,7,2025-11-05,Ken,,wool-hoodie,,ok',
    'Empty,,4,2025-11-05,Ken,,wool-hoodie,,ok',
  ].join('\n');

  it('imports good rows with their status, skips bad ones with line and reason', async () => {
    const res = await importCsv(CSV);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      imported: 3,
      skipped: [
        { line: 5, reason: "no product with the handle 'no-such-hoodie'" },
        { line: 6, reason: 'rating must be a whole number from 1 to 5' },
        { line: 7, reason: 'body is empty' },
      ],
    });
    const imported = (await t.app.inject({ method: 'GET', url: '/api/reviews?search=grace', headers: h })).json().reviews[0];
    expect(imported).toMatchObject({
      author: 'Grace',
      body: 'Soft, warm, true to size',
      status: 'published',
      source: 'import',
      reply: 'Thanks Grace',
    });
    expect(imported.createdAt).toBe('2025-11-02T10:00:00.000Z');
    const statuses = (await t.app.inject({ method: 'GET', url: '/api/reviews?search=linus', headers: h })).json().reviews[0].status;
    expect(statuses).toBe('pending');
  });

  it('importing the same file again adds nothing', async () => {
    const res = (await importCsv(CSV)).json();
    expect(res.imported).toBe(0);
    expect(res.skipped.filter((s: { reason: string }) => s.reason === 'already imported').map((s: { line: number }) => s.line)).toEqual([
      2, 3, 4,
    ]);
  });

  it('refuses files that are not review CSVs; scope apps', async () => {
    expect((await importCsv('product_handle,rating,body\nwool-hoodie,5,x')).json().messages).toEqual([
      "file: the column 'reviewer_name' is missing",
    ]);
    expect((await importCsv('product_handle,rating,body,reviewer_name\n')).json().messages).toEqual(['file: the CSV has no reviews']);
    expect((await importCsv(CSV, h, 'upload')).json().messages).toEqual(["file: a CSV file is required (multipart field 'file')"]);
    expect((await importCsv(CSV, productsOnly)).statusCode).toBe(403);
  });
});

describe('the size bought and its fit (what the theme setting hideReviewSizes hides)', () => {
  it('are stored with a storefront review and shown once published; a bad fit or an over-long size is 400', async () => {
    const res = await submit({ ...REVIEW, author: 'Fitz', body: 'Runs a bit large.', size: ' M ', fit: 'large' }, '10.9.7.1');
    expect(res.statusCode, res.body).toBe(201);
    const [mine] = (await t.app.inject({ method: 'GET', url: '/api/reviews?search=fitz', headers: h })).json().reviews as {
      id: string;
      size: string;
      fit: string;
    }[];
    // The merchant's moderation list shows them too.
    expect(mine).toMatchObject({ size: 'M', fit: 'large' });
    await t.app.inject({ method: 'PATCH', url: `/api/reviews/${mine!.id}`, headers: h, payload: { status: 'published' } });
    const sf = (await shown()).json();
    expect(sf.reviews.find((r: { id: string }) => r.id === mine!.id)).toMatchObject({ size: 'M', fit: 'large' });
    // A review without them answers empty strings.
    expect(sf.reviews.find((r: { id: string }) => r.id !== mine!.id)).toMatchObject({ size: '', fit: '' });
    const bad = await submit({ ...REVIEW, fit: 'huge', size: 'x'.repeat(41) }, '10.9.7.2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages).toEqual([
      'body.size: size must have at most 40 characters',
      'body.fit: fit must be small, true_to_size or large',
    ]);
  });
});
