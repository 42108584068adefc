import '../../test/setup-dom';
import { RenameThemeBody, ThemeResponse, type ThemeSummary, ThemesListResponse } from '@backroom/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

/**
 * The Themes screen (`website.themes`, issue 9 item 1) against the contract-checked API: the live theme marked Live
 * with no Publish, Customize into the editor, Preview opening the shop's storefront showing THAT theme (published or
 * not), Rename with the contract's name rules, Duplicate announced. Publish and version restore with their Undo are
 * driven in Chromium (e2e/theme-editor.e2e.test.ts).
 */

const FASHION_ID = '00000000-0000-4000-8000-0000000000f1';
const DEFAULT_ID = '00000000-0000-4000-8000-0000000000f2';
const theme = (o: Partial<ThemeSummary>): ThemeSummary => ({
  id: FASHION_ID,
  name: 'FASHION',
  type: 'newchick',
  published: true,
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  ...o,
});

let themes: ThemeSummary[] = [];
let renamed: unknown = null;
let duplicated: string[] = [];

beforeEach(() => {
  signInToDemoStore();
  themes = [theme({}), theme({ id: DEFAULT_ID, name: 'DEFAULT', type: 'hydro', published: false, version: 1 })];
  renamed = null;
  duplicated = [];
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/themes', () => reply(ThemesListResponse, { themes })),
    http.patch('/api/themes/:id', async ({ request, params }) => {
      renamed = await request.json();
      const body = RenameThemeBody.parse(renamed);
      themes = themes.map((t) => (t.id === params.id ? { ...t, name: body.name } : t));
      return reply(ThemeResponse, { theme: themes.find((t) => t.id === params.id)! });
    }),
    http.post('/api/themes/:id/duplicate', ({ params }) => {
      duplicated.push(String(params.id));
      const from = themes.find((t) => t.id === params.id)!;
      const copy = { ...from, id: '00000000-0000-4000-8000-0000000000f3', name: `Copy of ${from.name}`, published: false, version: 1 };
      themes = [...themes, copy];
      return reply(ThemeResponse, { theme: copy });
    }),
  );
});
afterEach(cleanup);

const card = (name: string) => screen.getByRole('article', { name });

describe('Themes screen (website.themes, issue 9 item 1)', () => {
  it('marks the live theme, offers Publish only for the others, and links Customize and Preview to THAT theme', async () => {
    renderApp('/admin/themes', fakeSession(user({ scopes: ['themes'] })));
    await screen.findByRole('article', { name: 'FASHION' }, SCREEN_LOAD);
    const live = card('FASHION');
    expect(within(live).getByText('Live')).toBeTruthy();
    expect(within(live).queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(within(card('DEFAULT')).queryByText('Live')).toBeNull();
    expect(within(card('DEFAULT')).getByRole('button', { name: 'Publish' })).toBeTruthy();
    expect(within(card('DEFAULT')).getByRole('link', { name: 'Customize DEFAULT' }).getAttribute('href')).toBe(
      `/admin/themes/editor/${DEFAULT_ID}`,
    );
    const preview = within(card('DEFAULT')).getByRole('link', { name: 'Preview DEFAULT in a new tab' });
    expect(preview.getAttribute('href')).toBe(`http://demo.localhost:3000/?preview_theme_id=${DEFAULT_ID}`);
    expect(preview.getAttribute('target')).toBe('_blank');
  });

  it('renames with the contract’s rules: a blank name is refused before sending, a valid one is saved and shown', async () => {
    renderApp('/admin/themes', fakeSession(user({ scopes: ['themes'] })));
    await screen.findByRole('article', { name: 'DEFAULT' }, SCREEN_LOAD);
    fireEvent.click(within(card('DEFAULT')).getByRole('button', { name: 'More actions for DEFAULT' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename theme' });
    const input = within(dialog).getByLabelText('Theme name');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(within(dialog).getByText('name is required')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(input, { target: { value: 'x'.repeat(101) } });
    expect(within(dialog).getByText('name must be at most 100 characters')).toBeTruthy();
    fireEvent.change(input, { target: { value: '  Summer  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(renamed).toEqual({ name: 'Summer' }));
    await screen.findByRole('article', { name: 'Summer' });
  });

  it('duplicates a theme and announces the copy', async () => {
    renderApp('/admin/themes', fakeSession(user({ scopes: ['themes'] })));
    await screen.findByRole('article', { name: 'DEFAULT' }, SCREEN_LOAD);
    fireEvent.click(within(card('DEFAULT')).getByRole('button', { name: 'More actions for DEFAULT' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    await screen.findByText('Copy of DEFAULT created');
    expect(duplicated).toEqual([DEFAULT_ID]);
    await screen.findByRole('article', { name: 'Copy of DEFAULT' });
  });
});
