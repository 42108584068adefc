import '../../test/setup-dom';
import { Design } from '@backroom/contracts';
import { type DesignDocument, defaultDocument } from '@backroom/design';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInToDemoStore, user } from '../../test/fixtures';
import { handlers } from '../../test/handlers';
import { calls, reply, server } from '../../test/msw';
import { fakeSession, renderApp, SCREEN_LOAD } from '../../test/render-app';

/**
 * Issue 31 item 5: a catalogue blank opens in its own editor (a book in book-editor) on its default document, and
 * opening it stores nothing — no `POST /api/designs` until the design is first saved (here: Export PDF, which saves
 * first); the address then names the new design.
 */

// jsdom has no canvas: the Konva drawing is left out (what this test reads is the editor around it and its requests).
vi.mock('./engine/Canvas', () => ({ DesignCanvas: ({ label }: { label: string }) => <div>{label}</div> }));
vi.mock('./engine/SurfaceView', () => ({ SurfaceView: ({ label }: { label: string }) => <div>{label}</div> }));

const owner = user({ scopes: ['products'] });
const ID = '00000000-0000-4000-8000-0000000000e5';
const NOW = '2026-12-07T10:00:00.000Z';
let posted: { kind: string; baseProductId: string; document: DesignDocument }[];

beforeEach(() => {
  signInToDemoStore();
  posted = [];
  server.use(
    handlers.preference(),
    handlers.stores(),
    http.get('/api/designs/new', ({ request }) =>
      HttpResponse.json({
        kind: 'book',
        title: "Personalised Children's Hardcover Book design",
        baseProductId: new URL(request.url).searchParams.get('baseProductId'),
        document: defaultDocument('book'),
      }),
    ),
    http.post('/api/designs', async ({ request }) => {
      const body = (await request.json()) as (typeof posted)[number] & { title: string };
      posted.push(body);
      return reply(
        Design,
        {
          id: ID,
          kind: 'book',
          title: body.title,
          baseProductId: body.baseProductId,
          productId: null,
          version: 1,
          publishedAt: null,
          createdAt: NOW,
          updatedAt: NOW,
          document: body.document,
        },
        { status: 201 },
      );
    }),
    http.post(`/api/designs/${ID}/renders`, () => HttpResponse.json({ id: '00000000-0000-4000-8000-0000000000e6' }, { status: 202 })),
  );
});
afterEach(cleanup);

describe('opening a catalogue blank (issue 31 item 5)', () => {
  it('a book blank opens in book-editor with nothing stored; the first save creates the design and names it in the address', async () => {
    const { router } = renderApp('/admin/book-editor?base=personalised-hardcover-book', fakeSession(owner));
    await screen.findByText('Book page', {}, SCREEN_LOAD);
    expect(calls().some((c) => c.url.includes('/api/designs/new?baseProductId=personalised-hardcover-book'))).toBe(true);
    expect(calls().filter((c) => /\/api\/designs$/.test(c.url) && c.init?.method === 'POST')).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: /Export PDF/ }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ kind: 'book', baseProductId: 'personalised-hardcover-book' });
    expect(posted[0]!.document.surfaces).toHaveLength(21);
    await waitFor(() => expect(router.history.location.search).toContain(`design=${ID}`));
    expect(posted).toHaveLength(1);
  });
});
