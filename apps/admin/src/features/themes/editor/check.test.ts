import '../../../test/setup-dom';
import { CheckReferencesBody, CheckReferencesResponse } from '@backroom/contracts';
import { ALL_COLLECTIONS_SLUG, emptyConfig, type ThemeConfig } from '@backroom/theme';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { reply, server } from '../../../test/msw';
import { referenceIssues, schemaIssues } from './check';
import { referencesOf } from './references';

/**
 * The checks the editor runs before Save (issue 9 item 6 "schema limits and broken collection/product/page
 * references flagged inline before Save"): each problem lands on the part of the draft that holds it (the id the
 * sidebar flags: `section:<key>`, `group:<id>`), with words for where and the message.
 */

/** A newchick draft with a Featured Collection and a Flash Deals section holding one deal. */
function draft() {
  const config = emptyConfig('newchick', ['featured-collection', 'flash_deals']) as ThemeConfig;
  const [featured, deals] = config.pages.homepage.sections as { key: string; settings: Record<string, unknown> }[];
  featured!.settings.collection = 'summer';
  deals!.settings.blocks = [
    { title: 'Deal', type: 'collection', url: { name: 'category', params: { slug: 'dresses' } }, image: '', time: {}, product: 'p-1' },
    {
      title: 'All',
      type: 'count-down',
      url: { name: 'category', params: { slug: ALL_COLLECTIONS_SLUG } },
      image: '',
      time: {},
      product: '',
    },
  ];
  const shipping = (config.settings.product as { setting_shipping: { shipping_info: { page_detail: string } } }).setting_shipping;
  shipping.shipping_info.page_detail = 'shipping';
  return { config, featured: featured!, deals: deals! };
}

describe('schemaIssues (the server validator, spec §5 ranges)', () => {
  it('is empty for a valid draft', () => {
    expect(schemaIssues(draft().config, 'newchick')).toEqual([]);
  });

  it('names the section, the setting and the rule of a value out of its range', () => {
    const { config, featured } = draft();
    featured.settings.item_per_row = 9;
    const issues = schemaIssues(config, 'newchick');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ target: `section:${featured.key}`, where: 'Featured Collection · Items per row' });
    expect(issues[0]!.message).toMatch(/6/);
  });
});

describe('referencesOf', () => {
  it('finds every collection handle, category link, product id and page of the draft, never the all-collections slug', () => {
    const { config } = draft();
    const refs = referencesOf(config, 'newchick').map((r) => `${r.kind}:${r.value}`);
    expect(refs).toEqual(expect.arrayContaining(['collection:summer', 'collection:dresses', 'product:p-1', 'page:shipping']));
    expect(refs).not.toContain(`collection:${ALL_COLLECTIONS_SLUG}`);
    const dress = referencesOf(config, 'newchick').find((r) => r.value === 'dresses')!;
    expect(dress.path).toEqual(['pages', 'homepage', 'sections', 1, 'settings', 'blocks', 0, 'url', 'params', 'slug']);
  });
});

describe('referenceIssues (POST /api/themes/lookups/references)', () => {
  it('flags, on its part, each reference the store does not have, with the spec words', async () => {
    const { config, featured, deals } = draft();
    let asked: CheckReferencesBody | null = null;
    server.use(
      http.post('/api/themes/lookups/references', async ({ request }) => {
        asked = CheckReferencesBody.parse(await request.json());
        return reply(CheckReferencesResponse, { missing: { collections: ['summer'], products: ['p-1'], pages: ['shipping'] } });
      }),
    );
    const issues = await referenceIssues(config, 'newchick');
    expect(asked).toMatchObject({ collections: expect.arrayContaining(['summer', 'dresses']), products: ['p-1'], pages: ['shipping'] });
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          target: `section:${featured.key}`,
          where: expect.stringContaining('Featured Collection'),
          message: 'The collection “summer” no longer exists.',
        },
        { target: `section:${deals.key}`, where: expect.stringContaining('Flash Deals'), message: 'The chosen product no longer exists.' },
        {
          target: 'group:product',
          where: expect.stringContaining('Page'),
          message: 'The page “shipping” does not exist or is not published.',
        },
      ]),
    );
    expect(issues).toHaveLength(3);
  });

  it('finds nothing when the check cannot be made (network or server failure never blocks a save)', async () => {
    server.use(http.post('/api/themes/lookups/references', () => HttpResponse.error()));
    expect(await referenceIssues(draft().config, 'newchick')).toEqual([]);
  });
});
