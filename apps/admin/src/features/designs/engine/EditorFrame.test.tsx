import '../../../test/setup-dom';
import { Design, type DesignUpdateBody, STALE_DESIGN_MESSAGE } from '@backroom/contracts';
import { type DesignDocument, defaultDocument, type Layer } from '@backroom/design';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { current } from '../../../lib/history';
import { signInToDemoStore } from '../../../test/fixtures';
import { fail, reply, server } from '../../../test/msw';
import { theme } from '../../../theme';
import { AUTOSAVE_MS } from './autosave';
import { EditorFrame } from './EditorFrame';
import { createDesignStore, type DesignStore, docOf, surfaceOf } from './store';

/**
 * Autosave of drafts and the 409 of a stale version (issue 19 item 2), through the real frame and `fetch` answered by
 * MSW: a change is saved once, a moment after the last edit (debounced), with the version it was based on; a 409
 * opens the conflict dialog (who saved which version, what each side changed), Take theirs loads their version as an
 * undo step (Undo brings the draft back, nothing lost), Overwrite saves the draft on their version.
 */

const ID = '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f';
const NOW = '2026-11-24T11:00:00.000Z';

const rect = (id: string, x: number): Layer =>
  ({
    id,
    name: '',
    type: 'shape',
    shape: 'rect',
    x,
    y: 10,
    width: 20,
    height: 20,
    rotation: 0,
    opacity: 1,
    locked: false,
    hidden: false,
    fill: '#ff0000',
    stroke: null,
    strokeWidth: 0,
    cornerRadius: 0,
  }) as Layer;

const withRect = (doc: DesignDocument, surface: number, layer: Layer): DesignDocument => ({
  ...doc,
  surfaces: doc.surfaces.map((s, i) => (i === surface ? { ...s, layers: [...s.layers, layer] } : s)),
});

const design = (doc: DesignDocument, version: number, updatedAt = NOW) =>
  Design.parse({
    id: ID,
    kind: 'book',
    title: 'Maya’s book',
    baseProductId: null,
    productId: null,
    version,
    publishedAt: null,
    createdAt: NOW,
    updatedAt,
    document: doc,
  });

let puts: DesignUpdateBody[];
/** The server's design (what GET answers; a PUT on its version replaces it). */
let onServer: ReturnType<typeof design>;
let store: DesignStore;

beforeEach(() => {
  signInToDemoStore();
  puts = [];
  const doc = defaultDocument('book');
  onServer = design(doc, 3);
  store = createDesignStore({ designId: ID, title: onServer.title, version: 3, document: onServer.document });
  server.use(
    http.get(`/api/designs/${ID}`, () => reply(Design, onServer)),
    http.put(`/api/designs/${ID}`, async ({ request }) => {
      const body = (await request.json()) as DesignUpdateBody;
      puts.push(body);
      if (body.version !== onServer.version) return fail(409, 'CONFLICT', [STALE_DESIGN_MESSAGE]);
      onServer = design(body.document as DesignDocument, onServer.version + 1);
      return reply(Design, onServer);
    }),
  );
});
afterEach(cleanup);

function renderFrame() {
  const root = createRootRoute({
    component: () => (
      <EditorFrame store={store} kindLabel="Book" onClose={() => undefined} left={<div />} right={<div />}>
        <div>canvas</div>
      </EditorFrame>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

const status = () => screen.findByRole('status');
const SAVE_WAIT = { timeout: AUTOSAVE_MS + 3000 };

describe('design editor autosave (issue 19 item 2)', () => {
  it('saves once, a moment after the last of several quick edits, with the version it is based on; the next save names the new version', async () => {
    renderFrame();
    expect((await status()).textContent).toBe('All changes saved');
    act(() => store.getState().add(rect('a', 10)));
    act(() => store.getState().patch(['a'], { x: 30 }, 'Moved'));
    act(() => store.getState().patch(['a'], { x: 40 }, 'Moved'));
    expect((await status()).textContent).toBe('Unsaved changes');
    // Debounced: nothing goes out before AUTOSAVE_MS after the last edit.
    await new Promise((r) => setTimeout(r, AUTOSAVE_MS / 2));
    expect(puts).toHaveLength(0);
    await waitFor(() => expect(puts).toHaveLength(1), SAVE_WAIT);
    expect(puts[0]!.version).toBe(3);
    expect((puts[0]!.document as DesignDocument).surfaces[0]!.layers.map((l) => [l.id, l.x])).toEqual([['a', 40]]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('All changes saved'));
    expect(store.getState().version).toBe(4);

    act(() => store.getState().patch(['a'], { x: 50 }, 'Moved'));
    await waitFor(() => expect(puts).toHaveLength(2), SAVE_WAIT);
    expect(puts[1]!.version).toBe(4);
    await waitFor(() => expect(store.getState().saveState).toBe('saved'));
  });

  it('a 409 opens the conflict dialog with what each side changed; Take theirs loads their version and Undo brings the draft back', async () => {
    renderFrame();
    await status();
    // Another tab saved version 4: a layer on the cover.
    const theirs = withRect(onServer.document, 0, rect('t', 60));
    onServer = design(theirs, 4, '2026-11-24T11:05:00.000Z');
    // This tab, still on version 3, adds a layer on page 1.
    act(() => store.getState().setSurface(store.getState().history.entries[0]!.config.surfaces[1]!.id));
    act(() => store.getState().add(rect('m', 10)));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this design' }, SAVE_WAIT);
    expect(puts.map((p) => p.version)).toEqual([3]);
    expect((await status()).textContent).toBe('Changed elsewhere');
    expect(await within(dialog).findByText(/^Version 4 was saved at/)).toBeTruthy();
    const table = within(dialog).getByRole('table', { name: 'What differs, surface by surface' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Cover', '1 layer added', '—'],
      ['Page 1', '—', '1 layer added'],
    ]);
    // The dialog cannot be dismissed (autosave would stay stopped).
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Someone else saved this design' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Someone else saved this design' })).toBeNull());
    expect(current(store.getState().history)).toEqual(theirs);
    expect(store.getState().version).toBe(4);
    expect((await status()).textContent).toBe('All changes saved');
    // Nothing lost: Undo brings the draft back, and it is saved on version 4.
    act(() => store.getState().undo());
    expect(surfaceOf(store.getState()).layers.map((l) => l.id)).toEqual(['m']);
    await waitFor(() => expect(puts).toHaveLength(2), SAVE_WAIT);
    expect(puts[1]!.version).toBe(4);
    await waitFor(() => expect(store.getState().saveState).toBe('saved'));
    expect(onServer.version).toBe(5);
  });

  it('Overwrite saves the draft at once on their version', async () => {
    renderFrame();
    await status();
    onServer = design(withRect(onServer.document, 0, rect('t', 60)), 4);
    act(() => store.getState().add(rect('m', 10)));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this design' }, SAVE_WAIT);
    const overwrite = within(dialog).getByRole('button', { name: 'Overwrite' });
    await waitFor(() => expect((overwrite as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(overwrite);
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.version).toBe(4);
    expect((puts[1]!.document as DesignDocument).surfaces[0]!.layers.map((l) => l.id)).toEqual(['m']);
    await waitFor(() => expect(store.getState().saveState).toBe('saved'));
    expect(store.getState().version).toBe(5);
    expect(docOf(store.getState())).toEqual(onServer.document);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('when the saved version cannot be read the dialog says so and Try again reads it again', async () => {
    let reads = 0;
    server.use(
      http.get(`/api/designs/${ID}`, () => {
        reads++;
        return reads === 1 ? fail(500, 'INTERNAL', ['Database unavailable']) : reply(Design, onServer);
      }),
    );
    renderFrame();
    await status();
    onServer = design(onServer.document, 4);
    act(() => store.getState().add(rect('m', 10)));
    const dialog = await screen.findByRole('dialog', { name: 'Someone else saved this design' }, SAVE_WAIT);
    expect(await within(dialog).findByText('The saved version could not be read')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Take theirs' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(/^Version 4 was saved at/)).toBeTruthy();
    expect(reads).toBe(2);
  });
});
