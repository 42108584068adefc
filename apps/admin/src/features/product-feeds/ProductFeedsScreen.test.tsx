import '../../test/setup-dom';
import { ProductFeedsResponse } from '@backroom/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['products'] });
const URL_ = 'http://demo.localhost:3000/feeds/google.xml';

beforeEach(() => {
  signInToDemoStore();
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/product-feeds', () =>
      reply(ProductFeedsResponse, {
        feeds: [
          {
            channel: 'google',
            name: 'Google Merchant Center',
            url: URL_,
            items: 14,
            products: 3,
            issues: [{ productId: crypto.randomUUID(), title: 'Mug', problems: ['no description', 'no brand (vendor)'] }],
          },
        ],
      }),
    ),
  );
});
afterEach(cleanup);

describe('product feeds (website.product-feeds, issue 13 item 9)', () => {
  it('shows the Google feed’s public address, its counts and the products to fix', async () => {
    renderApp('/admin/product-feeds', fakeSession(owner));
    expect(await screen.findByRole('heading', { name: 'Google Merchant Center' }, SCREEN_LOAD)).toBeTruthy();
    expect((screen.getByLabelText('Feed address') as HTMLInputElement).value).toBe(URL_);
    expect(screen.getByRole('link', { name: 'Open feed' }).getAttribute('href')).toBe(URL_);
    expect(screen.getByText('14 items from 3 products (one item per variant).')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Products to fix' })).getByRole('listitem').textContent).toBe(
      'Mug: no description, no brand (vendor)',
    );
  });

  it('says so when the feeds cannot be loaded', async () => {
    server.use(http.get('/api/product-feeds', () => fail(500, 'INTERNAL', ['Oops! Unknown error!'])));
    renderApp('/admin/product-feeds', fakeSession(owner));
    expect(await screen.findByText('The feeds could not be loaded', {}, SCREEN_LOAD)).toBeTruthy();
  });
});
