import '../../test/setup-dom';
import { Pixel, PixelListResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORE_ID, signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

const owner = user({ scopes: ['report'] });
const SECOND = '00000000-0000-4000-8000-000000000022';
let pixels: Pixel[] = [];
let posted: Record<string, unknown> | null = null;

const shared: Pixel = {
  id: '00000000-0000-4000-8000-0000000000a1',
  network: 'google',
  pixelId: 'G-SHARED1',
  hasAccessToken: false,
  adsConversionId: null,
  adsConversionLabel: null,
  owner: { id: SECOND, name: 'Second shop' },
  sharedWithThisShop: true,
  sharedWith: [{ id: STORE_ID, name: 'Demo Fashion' }],
  updatedAt: '2026-01-02T00:00:00.000Z',
};

beforeEach(() => {
  signInToDemoStore();
  pixels = [shared];
  posted = null;
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/pixels', () => reply(PixelListResponse, { pixels, shareableShops: [{ id: SECOND, name: 'Second shop' }] })),
    http.post('/api/pixels', async ({ request }) => {
      posted = (await request.json()) as Record<string, unknown>;
      const p: Pixel = {
        id: '00000000-0000-4000-8000-0000000000b1',
        network: 'meta',
        pixelId: String(posted.pixelId),
        hasAccessToken: !!posted.accessToken,
        adsConversionId: null,
        adsConversionLabel: null,
        owner: { id: STORE_ID, name: 'Demo Fashion' },
        sharedWithThisShop: false,
        sharedWith: [{ id: SECOND, name: 'Second shop' }],
        updatedAt: '2026-01-03T00:00:00.000Z',
      };
      pixels = [...pixels, p];
      return reply(Pixel, p, { status: 201 });
    }),
  );
});
afterEach(cleanup);

describe('Share Pixel (website.pixel.sharePixel, issue 17 item 6)', () => {
  it('lists a pixel shared by another shop read-only, refuses a bad Meta ID, then adds one with a token and sharing', async () => {
    renderApp('/admin/pixels/share', fakeSession(owner));
    const table = await screen.findByRole('table', { name: 'Pixels' }, SCREEN_LOAD);
    expect(within(table).getByText('Shared by Second shop')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Edit pixel G-SHARED1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add pixel' }));
    const form = await screen.findByRole('form', { name: 'Add pixel' });
    fireEvent.change(within(form).getByLabelText(/^Pixel ID/), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save pixel' }));
    expect(await within(form).findByText('a Meta pixel ID is 5 to 20 digits')).toBeTruthy();
    expect(posted).toBeNull();
    fireEvent.change(within(form).getByLabelText(/^Pixel ID/), { target: { value: '1234567890' } });
    fireEvent.change(within(form).getByLabelText('Conversions API access token'), { target: { value: 'EAAB-token' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Second shop' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save pixel' }));
    await waitFor(() => expect(posted).not.toBeNull());
    expect(posted).toEqual({
      network: 'meta',
      pixelId: '1234567890',
      accessToken: 'EAAB-token',
      adsConversionId: null,
      adsConversionLabel: null,
      sharedWith: [SECOND],
    });
    expect(await screen.findByText('Meta (Facebook) pixel 1234567890 added')).toBeTruthy();
    const row = await screen.findByRole('button', { name: 'Edit pixel 1234567890' });
    expect(row).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Pixels' })).getByText('With Second shop')).toBeTruthy();
  });
});
