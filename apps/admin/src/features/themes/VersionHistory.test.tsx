import '../../test/setup-dom';
import { ThemeConfigItem, ThemeConfigResponse, ThemesListResponse, ThemeVersionsResponse } from '@backroom/contracts';
import { emptyConfig } from '@backroom/theme';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, fail, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

/**
 * The version history's restore on the Themes screen (issue 9 item 1 and item 6 "destructive actions announced with
 * an Undo"): a failed restore says why (the api client's error notification) and leaves the drawer as it was; a
 * restore is announced with an Undo that restores the version current before it.
 */
const owner = user({ scopes: ['themes'] });
const FASHION = '00000000-0000-4000-8000-0000000000f1';
const DEFAULT = '00000000-0000-4000-8000-0000000000d1';
const at = '2026-11-20T10:00:00.000Z';
const theme = (id: string, name: string, type: 'newchick' | 'hydro', published: boolean) => ({
  id,
  name,
  type,
  published,
  version: 3,
  updatedAt: at,
  createdAt: at,
});
const item = (version: number, heading: string) => {
  const config = emptyConfig('hydro', ['collection_list']);
  (config.pages.homepage.sections[0]!.settings as { heading: string }).heading = heading;
  return { ...config, id: `00000000-0000-4000-8000-00000000c00${version}`, themeId: DEFAULT, version };
};
const version = (v: number, note: string) => ({
  id: `00000000-0000-4000-8000-00000000a00${v}`,
  version: v,
  schemaVersion: 1,
  note,
  createdAt: at,
  createdBy: null,
});

let restoreAnswer: (v: number) => Response;

beforeEach(() => {
  signInToDemoStore();
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/themes', () =>
      reply(ThemesListResponse, { themes: [theme(FASHION, 'FASHION', 'newchick', true), theme(DEFAULT, 'DEFAULT', 'hydro', false)] }),
    ),
    http.get(`/api/themes/${DEFAULT}/versions`, () =>
      reply(ThemeVersionsResponse, { versions: [version(3, 'save'), version(2, 'save'), version(1, 'seed')] }),
    ),
    http.get(`/api/themes/${DEFAULT}/config`, () => reply(ThemeConfigResponse, [item(3, 'Now')])),
    http.get(`/api/themes/${DEFAULT}/versions/1`, () => reply(ThemeConfigItem, item(1, 'At first'))),
    http.post(`/api/themes/${DEFAULT}/versions/:v/restore`, ({ params }) => restoreAnswer(Number(params.v))),
    // The cards' live thumbnails are storefront frames: nothing to answer here.
    http.get('*', () => new HttpResponse(null, { status: 204 })),
  );
});
afterEach(cleanup);

/** Opens DEFAULT's version history and the restore preview of version 1; answers the drawer. */
async function previewRestoreOfVersion1() {
  renderApp('/admin/themes', fakeSession(owner));
  fireEvent.click(await screen.findByRole('button', { name: 'More actions for DEFAULT' }, SCREEN_LOAD));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Version history' }));
  const drawer = await screen.findByRole('dialog', { name: /Version history/ });
  const card = (await within(drawer).findByText('Version 1', { exact: true })).closest('.mantine-Paper-root') as HTMLElement;
  fireEvent.click(within(card).getByRole('button', { name: 'Preview restore' }));
  // The button comes with the differences, not before (it would move under the pointer as they arrive).
  expect(within(card).queryByRole('button', { name: 'Restore version 1' })).toBeNull();
  await within(card).findByRole('button', { name: 'Restore version 1' });
  expect(within(card).queryByLabelText('Loading the differences')).toBeNull();
  expect(within(card).getAllByText(/^(Changed|Added|Removed)$/).length).toBeGreaterThan(0);
  return { drawer, card };
}

const restores = () => calls().filter((c) => c.init?.method === 'POST' && /\/restore$/.test(c.url));

describe('restoring a theme version (Themes screen)', () => {
  it("a refused restore shows the server's message and leaves the drawer as it was", async () => {
    restoreAnswer = () => fail(400, 'BAD_REQUEST', ['config.pages.homepage.sections.0.settings.heading: at most 120 characters']);
    const { card } = await previewRestoreOfVersion1();
    fireEvent.click(within(card).getByRole('button', { name: 'Restore version 1' }));
    expect(await screen.findByText(/at most 120 characters/)).toBeTruthy();
    expect(restores()).toHaveLength(1);
    expect(screen.queryByText('Version 1 restored')).toBeNull();
    // Still open on the same preview: the merchant can try again or close.
    await waitFor(() =>
      expect((within(card).getByRole('button', { name: 'Restore version 1' }) as HTMLButtonElement).disabled).toBe(false),
    );
  });

  it('a restore is announced with an Undo that restores the version current before it', async () => {
    restoreAnswer = (v) => reply(ThemeConfigItem, item(v === 1 ? 4 : 5, v === 1 ? 'At first' : 'Now'));
    const { card } = await previewRestoreOfVersion1();
    fireEvent.click(within(card).getByRole('button', { name: 'Restore version 1' }));
    const note = (await screen.findByText('Version 1 restored')).closest('[role="alert"]') as HTMLElement;
    expect(within(note).getByText('It is now version 4 of DEFAULT.')).toBeTruthy();
    fireEvent.click(within(note).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Version 3 is current again (version 5)')).toBeTruthy();
    expect(restores().map((c) => c.url.replace(/.*\/versions\//, ''))).toEqual(['1/restore', '3/restore']);
  });
});
