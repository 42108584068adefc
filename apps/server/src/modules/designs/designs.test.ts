import { STALE_DESIGN_MESSAGE } from '@backroom/contracts';
import { type DesignDocument, effectiveDpi, type ImageLayer, inToMm, type Layer, spineWidthMm, uploadPixelSize } from '@backroom/design';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.js';
import { addMember, createTestApp, login, makeStore, makeUser, type TestContext } from '../../test/harness.js';

/**
 * Print-on-demand designs API (issue 19 item 6 and its Tests): validation messages, 409 on a stale version, scope
 * `products`, a foreign shop → 404, print PNG size = inches × DPI, book PDFs (page count, page box = trim + bleed,
 * cover spine from the page count), "Save as product", and an order paid → a print render with the shopper's text.
 */

let t: TestContext;
let headers: Record<string, string>;
let foreignHeaders: Record<string, string>;
let staffHeaders: Record<string, string>;
let shop: { id: string; handle: string };

beforeAll(async () => {
  t = await createTestApp();
  const owner = await makeUser(t.db);
  shop = await makeStore(t.db, t.config, { ownerId: owner.id });
  headers = (await login(t.app, owner.email, owner.password, shop.id)).headers;
  const stranger = await makeUser(t.db);
  const theirs = await makeStore(t.db, t.config, { ownerId: stranger.id });
  foreignHeaders = (await login(t.app, stranger.email, stranger.password, theirs.id)).headers;
  const staff = await makeUser(t.db);
  await addMember(t.db, shop.id, staff.id, ['orders']);
  staffHeaders = (await login(t.app, staff.email, staff.password, shop.id)).headers;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, h = headers) =>
  t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });

const text = (id: string, s: string, o: Partial<Record<string, unknown>> = {}): Layer =>
  ({
    id,
    name: '',
    type: 'text',
    text: s,
    x: 20,
    y: 20,
    width: 200,
    height: 40,
    rotation: 0,
    opacity: 1,
    locked: false,
    hidden: false,
    fontFamily: 'Poppins',
    fontId: null,
    fontWeight: 700,
    italic: false,
    fontSize: 60,
    color: '#000000',
    align: 'center',
    letterSpacing: 0,
    lineHeight: 1.2,
    curveRadius: 0,
    ...o,
  }) as Layer;

/** Waits for a render to finish (the job queue runs in process on PGlite, pg-boss on PostgreSQL). */
async function finished(designId: string, renderId: string, h = headers) {
  const until = Date.now() + 170_000;
  for (;;) {
    const res = await call('GET', `/api/designs/${designId}/renders/${renderId}`, undefined, h);
    expect(res.statusCode).toBe(200);
    const r = res.json();
    if (r.status === 'done' || r.status === 'failed') return r;
    if (Date.now() > until) throw new Error(`render still ${r.status}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}
const fileBytes = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('designs API', () => {
  it('POST {kind, title} starts from the kind default; print_hub from the base product print areas', async () => {
    const book = await call('POST', '/api/designs', { kind: 'book', title: 'Maya’s adventure' });
    expect(book.statusCode).toBe(201);
    expect(book.json()).toMatchObject({ kind: 'book', title: 'Maya’s adventure', version: 1, productId: null, baseProductId: null });
    expect(book.json().document.surfaces).toHaveLength(21);
    expect(book.json().document.surfaces[1]).toMatchObject({ role: 'page', width: 203.2, height: 203.2, bleed: 3 });

    const tee = await call('POST', '/api/designs', { kind: 'print_hub', title: 'Est. 2026 tee', baseProductId: 'unisex-softstyle-tee' });
    expect(tee.statusCode).toBe(201);
    const doc = tee.json().document as DesignDocument;
    expect(doc.surfaces.map((s) => s.areaKey)).toEqual(['front', 'back', 'sleeve-left', 'sleeve-right', 'label-inside']);
    expect(doc.surfaces[0]!.width).toBeCloseTo(inToMm(12), 6);
    expect(doc.surfaces[0]!.height).toBeCloseTo(inToMm(16), 6);
    expect(doc.surfaces[0]!.dpi).toBe(300);
    expect(doc.product).toMatchObject({ baseProductId: 'unisex-softstyle-tee' });
  });

  it('answers 400 with the field and rule', async () => {
    const bad = async (payload: object, message: string) => {
      const res = await call('POST', '/api/designs', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().messages).toContain(message);
    };
    await bad({ kind: 'poster', title: 'x' }, 'body.kind: kind must be print_hub, book or book2');
    await bad({ kind: 'book', title: '  ' }, 'body.title: title is required');
    await bad({ kind: 'print_hub', title: 'x' }, 'body.baseProductId: baseProductId is required for a print_hub design');
    await bad({ kind: 'print_hub', title: 'x', baseProductId: 'nope' }, 'body.baseProductId: not a base product');
    await bad(
      { kind: 'book2', title: 'x', baseProductId: 'personalised-hardcover-book' },
      'body.baseProductId: personalised-hardcover-book is not a book2 base product',
    );
    const created = (await call('POST', '/api/designs', { kind: 'book', title: 'B' })).json();
    const doc = created.document as DesignDocument;
    doc.surfaces[1]!.layers = [text('t', 'Hi', { width: -1, color: 'blue' })];
    const res = await call('PUT', `/api/designs/${created.id}`, { document: doc, version: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().messages).toEqual(
      expect.arrayContaining([
        'body.document.surfaces.1.layers.0.width: width must be greater than 0',
        'body.document.surfaces.1.layers.0.color: color must be a hex colour like #ffffff',
      ]),
    );
    const wrongKind = await call('PUT', `/api/designs/${created.id}`, {
      document: { ...created.document, kind: 'print_hub', book: null, surfaces: [] },
      version: 1,
    });
    expect(wrongKind.statusCode).toBe(400);
    const noVersion = await call('PUT', `/api/designs/${created.id}`, { document: created.document });
    expect(noVersion.json().messages).toContain('body.version: version must be a number');
  });

  it('PUT saves with version + 1 and answers 409 on a stale version', async () => {
    const d = (await call('POST', '/api/designs', { kind: 'book', title: 'Draft' })).json();
    const doc = d.document as DesignDocument;
    doc.surfaces[0]!.layers = [text('title', '{child_name} and the moon')];
    const first = await call('PUT', `/api/designs/${d.id}`, { document: doc, version: 1, title: 'Moon book' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ version: 2, title: 'Moon book' });
    expect(first.json().document.surfaces[0].layers[0].text).toBe('{child_name} and the moon');
    const stale = await call('PUT', `/api/designs/${d.id}`, { document: doc, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().messages).toEqual([STALE_DESIGN_MESSAGE]);
    expect((await call('GET', `/api/designs/${d.id}`)).json().version).toBe(2);
  });

  it('lists by kind with paging, newest edit first', async () => {
    const res = await call('GET', '/api/designs?kind=book&limit=2&page=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.designs).toHaveLength(2);
    expect(body.total).toBeGreaterThanOrEqual(3);
    expect(body.designs.every((d: { kind: string; document?: unknown }) => d.kind === 'book' && d.document === undefined)).toBe(true);
    expect((await call('GET', '/api/designs?kind=print_hub')).json().designs.every((d: { kind: string }) => d.kind === 'print_hub')).toBe(
      true,
    );
    expect((await call('GET', '/api/designs?limit=0')).json().messages).toEqual(['querystring.limit: limit must be between 1 and 100']);
  });

  it('needs scope products (403), another shop gets 404, DELETE removes', async () => {
    const d = (await call('POST', '/api/designs', { kind: 'book2', title: 'Photos' })).json();
    expect((await call('GET', '/api/designs', undefined, staffHeaders)).statusCode).toBe(403);
    expect((await call('POST', '/api/designs', { kind: 'book', title: 'x' }, staffHeaders)).statusCode).toBe(403);
    for (const [m, url, body] of [
      ['GET', `/api/designs/${d.id}`, undefined],
      ['PUT', `/api/designs/${d.id}`, { document: d.document, version: 1 }],
      ['POST', `/api/designs/${d.id}/renders`, { kind: 'print' }],
      ['POST', `/api/designs/${d.id}/publish`, undefined],
      ['DELETE', `/api/designs/${d.id}`, undefined],
    ] as const) {
      const res = await call(m, url, body, foreignHeaders);
      expect(res.statusCode, `${m} ${url}`).toBe(404);
      expect(res.json().messages).toEqual(['Design not found']);
    }
    expect((await call('DELETE', `/api/designs/${d.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/designs/${d.id}`)).statusCode).toBe(404);
  });
});

describe('renders', () => {
  it('a print render of a 12 × 16 in area at 300 DPI is a 3600 × 4800 PNG with the artwork on it', async () => {
    const d = (await call('POST', '/api/designs', { kind: 'print_hub', title: 'Tee', baseProductId: 'unisex-softstyle-tee' })).json();
    const doc = d.document as DesignDocument;
    doc.surfaces[0]!.layers = [
      {
        id: 'bar',
        name: '',
        type: 'shape',
        shape: 'rect',
        x: 0,
        y: 0,
        width: 304.8,
        height: 50,
        rotation: 0,
        opacity: 1,
        locked: false,
        hidden: false,
        fill: '#ff0000',
        stroke: null,
        strokeWidth: 0,
        cornerRadius: 0,
      },
      text('est', 'Est. 2026', { x: 52.4, y: 150, curveRadius: 150 }),
    ];
    expect((await call('PUT', `/api/designs/${d.id}`, { document: doc, version: 1 })).statusCode).toBe(200);
    const start = await call('POST', `/api/designs/${d.id}/renders`, { kind: 'print' });
    expect(start.statusCode).toBe(202);
    const r = await finished(d.id, start.json().id);
    expect(r).toMatchObject({ status: 'done', progress: 100, kind: 'print', error: null });
    // only the front has artwork: one file
    expect(r.files.map((f: { name: string }) => f.name)).toEqual(['front.png']);
    const png = await fileBytes(r.files[0].url);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([3600, 4800]);
    const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * 3600 + x) * 4, (y * 3600 + x) * 4 + 4)];
    expect(px(10, 10)).toEqual([255, 0, 0, 255]); // the red bar (50 mm = 590 px tall)
    expect(px(10, 4700)[3]).toBe(0); // transparent elsewhere
    expect((await call('GET', `/api/designs/${d.id}/renders/${start.json().id}`, undefined, foreignHeaders)).statusCode).toBe(404);
  }, 120_000);

  it('a 4800 px upload prints at 300 DPI over 16 in: the print reads the original kept, not the 1920 px web copy', async () => {
    // 3600 × 4800 px of one-pixel checks: only a 1:1 copy of the original keeps them (a resized copy turns them grey).
    const W = 3600;
    const H = 4800;
    const raw = Buffer.alloc(W * H * 3);
    for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) raw.fill((x + y) % 2 ? 255 : 0, (y * W + x) * 3, (y * W + x) * 3 + 3);
    const source = await sharp(raw, { raw: { width: W, height: H, channels: 3 } })
      .png()
      .toBuffer();
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(source)], { type: 'image/png' }), 'checks.png');
    const form = new Request('http://localhost/', { method: 'POST', body: fd });
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...headers, 'content-type': form.headers.get('content-type')! },
      payload: Buffer.from(await form.arrayBuffer()),
    });
    expect(up.statusCode, up.body).toBe(200);
    const img = up.json();
    expect([img.width, img.height, img.original]).toEqual([1920, 2560, { width: W, height: H }]);

    const d = (await call('POST', '/api/designs', { kind: 'print_hub', title: 'Checks', baseProductId: 'unisex-softstyle-tee' })).json();
    const doc = d.document as DesignDocument;
    const layer: ImageLayer = {
      id: 'checks',
      name: '',
      type: 'image',
      x: 0,
      y: 0,
      width: inToMm(12),
      height: inToMm(16),
      rotation: 0,
      opacity: 1,
      locked: false,
      hidden: false,
      uploadId: img.id,
      src: img.src,
      ...uploadPixelSize(img),
      crop: null,
    };
    expect(effectiveDpi(layer)).toBe(300);
    // An editor that measured the web copy (1920 × 2560: 160 DPI) is brought to the original on save.
    doc.surfaces[0]!.layers = [{ ...layer, pixelWidth: img.width, pixelHeight: img.height }];
    const saved = await call('PUT', `/api/designs/${d.id}`, { document: doc, version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().document.surfaces[0].layers[0]).toMatchObject({ pixelWidth: W, pixelHeight: H });
    expect(effectiveDpi(saved.json().document.surfaces[0].layers[0])).toBe(300);
    const start = await call('POST', `/api/designs/${d.id}/renders`, { kind: 'print' });
    const r = await finished(d.id, start.json().id);
    expect(r.status).toBe('done');
    const { data, info } = await sharp(await fileBytes(r.files[0].url))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([W, H]);
    let same = 0;
    for (let i = 0; i < W * H; i++) if (data[i * 3] === raw[i * 3]) same++;
    expect(same / (W * H)).toBeGreaterThan(0.999);
  }, 120_000);

  it('a shopper field is drawn only on the pictures of its print area (a front Name is not on the back mockups)', async () => {
    const d = (
      await call('POST', '/api/designs', { kind: 'print_hub', title: 'Front name', baseProductId: 'unisex-softstyle-tee' })
    ).json();
    const doc = d.document as DesignDocument;
    const area = (k: string) => doc.surfaces.find((s) => s.areaKey === k)!;
    area('front').layers = [
      {
        ...text('name', '', { x: 2.4, y: 200, width: 300, height: 60, fontSize: 90 }),
        type: 'field',
        key: 'name',
        label: 'Name',
        maxLength: 10,
        required: true,
        sample: 'ALEX',
      } as Layer,
    ];
    area('back').layers = [text('b', 'BACK')];
    doc.product = { baseProductId: 'unisex-softstyle-tee', colors: ['Black', 'White'], sizes: [], marginCents: 1000 };
    expect((await call('PUT', `/api/designs/${d.id}`, { document: doc, version: 1 })).statusCode).toBe(200);
    const pub = await call('POST', `/api/designs/${d.id}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    const product = (await call('GET', `/api/products/${pub.json().productId}`)).json();
    const pictures = product.images as { src: string; alt: string }[];
    expect(pictures.map((p) => p.alt)).toEqual([
      'Front name — White, Front',
      'Front name — White, Back',
      'Front name — Black, Front',
      'Front name — Black, Back',
    ]);
    const pers = (await call('GET', `/api/personalizes/product/${pub.json().productId}`)).json();
    expect(pers.fields[0].images).toEqual([pictures[0]!.src, pictures[2]!.src]);
    // The storefront reads the same tie (StorefrontPersonalize carries the field's pictures).
    await rows(t.db, sql`update products set status = 'active', published = true where id = ${product.id}::uuid`);
    const host = `${shop.handle}.${t.config.storefrontSuffix}`;
    const sf = await t.app.inject({ method: 'GET', url: `/api/storefront/personalizes/${product.id}`, headers: { host } });
    expect(sf.statusCode, sf.body).toBe(200);
    expect(sf.json().fields[0].images).toEqual([pictures[0]!.src, pictures[2]!.src]);
  }, 120_000);

  it('a mockup render makes one PNG per colour and per print area with content (front, back, sleeve)', async () => {
    const d = (
      await call('POST', '/api/designs', { kind: 'print_hub', title: 'Both sides', baseProductId: 'unisex-softstyle-tee' })
    ).json();
    const doc = d.document as DesignDocument;
    const area = (k: string) => doc.surfaces.find((s) => s.areaKey === k)!;
    area('front').layers = [text('f', 'FRONT')];
    area('back').layers = [text('b', 'BACK')];
    area('sleeve-left').layers = [text('s', 'S', { x: 5, y: 5, width: 60, height: 30, fontSize: 30 })];
    doc.product = { baseProductId: 'unisex-softstyle-tee', colors: ['Black', 'White'], sizes: [], marginCents: 1000 };
    expect((await call('PUT', `/api/designs/${d.id}`, { document: doc, version: 1 })).statusCode).toBe(200);
    const start = await call('POST', `/api/designs/${d.id}/renders`, { kind: 'mockup' });
    const r = await finished(d.id, start.json().id);
    expect(r.files.map((f: { name: string }) => f.name)).toEqual([
      'mockup-white-front.png',
      'mockup-white-back.png',
      'mockup-white-sleeve-left.png',
      'mockup-black-front.png',
      'mockup-black-back.png',
      'mockup-black-sleeve-left.png',
    ]);
    const png = await fileBytes(r.files[1].url);
    expect(await sharp(png).metadata()).toMatchObject({ width: 1000, height: 1000 });
    // the back's mockup differs from the front's (its own artwork), both on the same colour
    expect(png.equals(await fileBytes(r.files[0].url))).toBe(false);
  }, 120_000);

  it('a book prints one PDF: cover + 20 pages, page box = trim + 3 mm bleed, trim box inside', async () => {
    const d = (await call('POST', '/api/designs', { kind: 'book', title: 'Maya', baseProductId: 'personalised-hardcover-book' })).json();
    const doc = d.document as DesignDocument;
    doc.surfaces[0]!.layers = [text('t', "{child_name}'s big day")];
    doc.fields = [{ key: 'child_name', label: 'Child name', maxLength: 12, required: true, sample: 'Maya' }];
    expect((await call('PUT', `/api/designs/${d.id}`, { document: doc, version: 1 })).statusCode).toBe(200);
    const r = await finished(d.id, (await call('POST', `/api/designs/${d.id}/renders`, { kind: 'print' })).json().id);
    expect(r.status, r.error).toBe('done');
    expect(r.files).toEqual([expect.objectContaining({ name: 'book.pdf', contentType: 'application/pdf' })]);
    const pdf = await PDFDocument.load(await fileBytes(r.files[0].url));
    expect(pdf.getPageCount()).toBe(21);
    const pt = (mm: number) => (mm * 72) / 25.4;
    const page = pdf.getPage(0);
    expect(page.getMediaBox().width).toBeCloseTo(pt(203.2 + 6), 3);
    expect(page.getMediaBox().height).toBeCloseTo(pt(203.2 + 6), 3);
    const trim = page.getTrimBox();
    expect([trim.x, trim.y, trim.width]).toEqual([expect.closeTo(pt(3), 3), expect.closeTo(pt(3), 3), expect.closeTo(pt(203.2), 3)]);
    // the cover's text is vector text in an embedded font
    expect(Buffer.from(await pdf.save({ useObjectStreams: false })).toString('latin1')).toMatch(/\/FontFile[23]? /);
  }, 180_000);

  it('a book2 prints interior (spreads split into pages) and a cover wrap whose spine follows the page count', async () => {
    const d = (await call('POST', '/api/designs', { kind: 'book2', title: 'Summer', baseProductId: 'layflat-photo-book' })).json();
    const doc = d.document as DesignDocument;
    const spine = spineWidthMm(20, 0.25, 3);
    expect(doc.surfaces[0]).toMatchObject({ role: 'cover_wrap', spineWidth: spine });
    const r = await finished(d.id, (await call('POST', `/api/designs/${d.id}/renders`, { kind: 'print' })).json().id);
    expect(r.status, r.error).toBe('done');
    expect(r.files.map((f: { name: string }) => f.name)).toEqual(['interior.pdf', 'cover.pdf']);
    const interior = await PDFDocument.load(await fileBytes(r.files[0].url));
    const cover = await PDFDocument.load(await fileBytes(r.files[1].url));
    const pt = (mm: number) => (mm * 72) / 25.4;
    expect(interior.getPageCount()).toBe(20);
    expect(interior.getPage(0).getMediaBox().width).toBeCloseTo(pt(203.2 + 6), 3);
    expect(cover.getPageCount()).toBe(1);
    expect(cover.getPage(0).getMediaBox().width).toBeCloseTo(pt(203.2 * 2 + spine + 6), 3);
    expect(cover.getPage(0).getTrimBox().width).toBeCloseTo(pt(203.2 * 2 + spine), 3);
  }, 180_000);
});

describe('Save as product and order print files', () => {
  it('publishes a draft product (colours × sizes, prices from base cost + margin, a mockup per colour, personalisation) and renders MAYA into the paid order line', async () => {
    const d = (await call('POST', '/api/designs', { kind: 'print_hub', title: 'Name tee', baseProductId: 'unisex-softstyle-tee' })).json();
    const doc = d.document as DesignDocument;
    doc.surfaces[0]!.layers = [
      text('est', 'Est. 2026', { x: 52.4, y: 30 }),
      {
        ...text('name', '', { x: 2.4, y: 200, width: 300, height: 60, fontSize: 90 }),
        type: 'field',
        key: 'name',
        label: 'Name',
        maxLength: 10,
        required: true,
        sample: 'ALEX',
      } as Layer,
    ];
    doc.product = {
      baseProductId: 'unisex-softstyle-tee',
      colors: ['Black', 'White', 'Sport Grey'],
      sizes: ['S', 'M', '2XL'],
      marginCents: 1200,
    };
    expect((await call('PUT', `/api/designs/${d.id}`, { document: doc, version: 1 })).statusCode).toBe(200);

    const pub = await call('POST', `/api/designs/${d.id}/publish`);
    expect(pub.statusCode, pub.body).toBe(200);
    const { productId, created, printRenderId, mockups } = pub.json();
    expect(created).toBe(true);
    // one per colour (only the front has content), in the base product's colour order
    expect(mockups.map((m: { name: string }) => m.name)).toEqual([
      'mockup-white-front.webp',
      'mockup-black-front.webp',
      'mockup-sport-grey-front.webp',
    ]);
    const product = (await call('GET', `/api/products/${productId}`)).json();
    expect(product.status).toBe('draft');
    expect(product.images).toHaveLength(3);
    expect(product.variants).toHaveLength(9);
    // base 9.25 + margin 12.00 (+ 2.00 for 2XL)
    const v = (color: string, size: string) =>
      product.variants.find((x: { option1: string; option2: string }) => x.option1 === color && x.option2 === size);
    expect(v('White', 'S')).toMatchObject({ price: 21.25, cost: 9.25 });
    expect(v('Black', '2XL')).toMatchObject({ price: 23.25, cost: 11.25 });
    const pers = (await call('GET', `/api/personalizes/product/${productId}`)).json();
    expect(pers.fields).toEqual([expect.objectContaining({ id: 'name', type: 'text', label: 'Name', maxLength: 10 })]);
    expect((await finished(d.id, printRenderId)).files.map((f: { name: string }) => f.name)).toEqual(['front.png']);

    // Publishing again updates the same product (variants keep their ids).
    const again = (await call('POST', `/api/designs/${d.id}/publish`)).json();
    expect(again).toMatchObject({ productId, created: false });
    const after = (await call('GET', `/api/products/${productId}`)).json();
    expect(after.variants.map((x: { id: string }) => x.id).sort()).toEqual(product.variants.map((x: { id: string }) => x.id).sort());

    // A shopper orders it with "MAYA"; when the order is paid, the line gets its print file.
    const [o] = await rows<{ id: string }>(
      t.db,
      sql`insert into orders (store_id, order_number, order_name, grand_total_cents, financial_status, line_items)
          values (${shop.id}::uuid, 1001, '#1001', 2125, 'pending', ${JSON.stringify([
            {
              productId,
              variantId: v('White', 'S').id,
              title: 'Name tee',
              quantity: 1,
              priceCents: 2125,
              properties: [{ name: 'Name', value: 'MAYA' }],
            },
          ])}::jsonb) returning id`,
    );
    expect((await call('POST', `/api/orders/${o!.id}/mark-as-paid`)).statusCode).toBe(200);
    let detail:
      | { printFiles: { renderId: string; lineItemId: number; status: string; files: { name: string; url: string }[] }[] }
      | undefined;
    const until = Date.now() + 60_000;
    do {
      await new Promise((ok) => setTimeout(ok, 100));
      detail = (await call('GET', `/api/orders/${o!.id}`)).json();
    } while (detail?.printFiles[0]?.status !== 'done' && Date.now() < until);
    expect(detail!.printFiles).toEqual([
      expect.objectContaining({ lineItemId: 1, status: 'done', files: [expect.objectContaining({ name: 'front.png' })] }),
    ]);
    const [render] = await rows<{ values: Record<string, string>; text: string }>(
      t.db,
      sql`select "values", document #>> '{surfaces,0,layers,0,text}' as text from design_renders where order_id = ${o!.id}::uuid`,
    );
    // the shopper's values and the published document as it was when the order was paid
    expect(render).toEqual({ values: { name: 'MAYA' }, text: 'Est. 2026' });

    // The name's box holds ink in the order's file: only the shopper's value can put it there (an order's render
    // leaves an unfilled field blank, no sample).
    const inkIn = async (png: Buffer) => {
      const box = {
        left: Math.round((2.4 / 25.4) * 300),
        top: Math.round((200 / 25.4) * 300),
        width: Math.round((300 / 25.4) * 300),
        height: Math.round((60 / 25.4) * 300),
      };
      const { data } = await sharp(png).extract(box).raw().toBuffer({ resolveWithObject: true });
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) n++;
      return n;
    };
    const withMaya = await inkIn(await fileBytes(detail!.printFiles[0]!.files[0]!.url));
    expect(withMaya).toBeGreaterThan(10_000);
    // a second paid event does not queue a second render for the line
    t.app.shopEvents.emit({ type: 'order.paid', storeId: shop.id, orderId: o!.id });
    await new Promise((ok) => setTimeout(ok, 200));
    const [n] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from design_renders where order_id = ${o!.id}::uuid`);
    expect(n!.n).toBe(1);
  }, 180_000);
});
