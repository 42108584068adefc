import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { designOptions } from './api';
import { createDesignStore, type DesignStore } from './engine/store';

/**
 * Loads a design fresh (`GET /api/designs/{id}`) and makes its editor store once (a refetch never replaces the
 * document being edited: after that, the editor's own saves and the 409 prompt keep it in step).
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
  return { query: q, design: q.data, store: store && store.id === id ? store.store : null };
}
