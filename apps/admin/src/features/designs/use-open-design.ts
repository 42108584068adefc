import type { Design, DesignUpdateBody } from '@backroom/contracts';
import type { DesignDocument, DesignKind } from '@backroom/design';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api';
import { designKeys } from '../../lib/query-keys';
import { designOptions, saveDesign } from './api';
import { createDesignStore, type DesignStore } from './engine/store';

/** Stores of blanks created by their first save, by the new design's id: the editor keeps editing the same store. */
const ADOPTED = new Map<string, DesignStore>();
/** How an unsaved blank's store is created on its first save (POST /api/designs with the edited document). */
const FIRST_SAVE = new WeakMap<DesignStore, (body: DesignUpdateBody) => Promise<Design>>();

/**
 * The editors' save (autosave, flush): `PUT /api/designs/{id}`, or for a blank not stored yet (`id` '', issue 31
 * item 5: opening a blank creates nothing until the first edit) `POST /api/designs` with the edited document.
 */
export function saveOpenDesign(store: DesignStore, id: string, body: DesignUpdateBody): Promise<Design> {
  const create = FIRST_SAVE.get(store);
  return id || !create ? saveDesign(id, body) : create(body);
}

/** `GET /api/designs/new?baseProductId`: what an editor opens on a catalogue blank; nothing is stored. */
interface NewDesign {
  kind: DesignKind;
  title: string;
  baseProductId: string;
  document: DesignDocument;
}

/**
 * Opens a catalogue blank (`?base=`) unsaved (issue 31 item 5): its default document from `GET /api/designs/new`
 * in an editor store with `designId` ''. The first save creates the design (POST); `onCreated` then gets it (the
 * screen puts `?design=` in the address once the save has settled). Answers the query, the blank and the store.
 */
export function useOpenBlank(baseId: string | undefined, onCreated: (d: Design, store: DesignStore) => void) {
  const qc = useQueryClient();
  const created = useRef(onCreated);
  created.current = onCreated;
  const q = useQuery({
    queryKey: designKeys.part('new', baseId ?? ''),
    queryFn: ({ signal }) => api.get<NewDesign>(`/designs/new?baseProductId=${encodeURIComponent(baseId ?? '')}`, { signal }),
    enabled: !!baseId,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const [store, setStore] = useState<{ baseId: string; store: DesignStore } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one store per opened blank.
  useEffect(() => {
    if (!q.data || !baseId || store?.baseId === baseId) return;
    const n = q.data;
    const s = createDesignStore({ designId: '', title: n.title, version: 0, document: n.document });
    FIRST_SAVE.set(s, async (body) => {
      const d = await api.post<Design>(
        '/designs',
        { kind: n.kind, title: body.title ?? n.title, baseProductId: n.baseProductId, document: body.document },
        { silent: true },
      );
      FIRST_SAVE.delete(s);
      ADOPTED.set(d.id, s);
      s.setState({ designId: d.id });
      void qc.invalidateQueries({ queryKey: designKeys.lists() });
      created.current(d, s);
      return d;
    });
    setStore({ baseId, store: s });
  }, [q.data, baseId]);
  return { query: q, blank: q.data, store: store && store.baseId === baseId ? store.store : null };
}

/**
 * Loads a design fresh (`GET /api/designs/{id}`) and makes its editor store once (a refetch never replaces the
 * document being edited: after that, the editor's own saves and the 409 prompt keep it in step). A blank this
 * session created on its first save keeps its store (`useOpenBlank`).
 */
export function useOpenDesign(id: string | undefined) {
  const q = useQuery({ ...designOptions(id ?? ''), enabled: !!id, refetchOnWindowFocus: false });
  const [store, setStore] = useState<{ id: string; store: DesignStore } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one store per opened design id.
  useEffect(() => {
    if (!q.data || store?.id === q.data.id) return;
    const d = q.data;
    setStore({ id: d.id, store: createDesignStore({ designId: d.id, title: d.title, version: d.version, document: d.document }) });
  }, [q.data]);
  const adopted = id ? ADOPTED.get(id) : undefined;
  return { query: q, design: q.data, store: adopted ?? (store && store.id === id ? store.store : null) };
}

/**
 * Calls `then` once the store has nothing left to save (the first save's answer is in; edits made meanwhile are
 * saved too): the address then gets `?design=` without the editor's leave guard stopping it.
 */
export function whenSaved(store: DesignStore, then: () => void): void {
  const settled = () => setTimeout(() => (store.getState().saveState === 'saved' ? then() : whenSaved(store, then)), 0);
  if (store.getState().saveState === 'saved') return void settled();
  const unsubscribe = store.subscribe((s) => {
    if (s.saveState !== 'saved') return;
    unsubscribe();
    settled();
  });
}
