import type { Design, DesignUpdateBody } from '@backroom/contracts';
import { useEffect, useRef } from 'react';
import { ApiError } from '../../../lib/api';
import { current } from '../../../lib/history';
import type { DesignStore } from './store';

/** Milliseconds after the last change before the draft is saved. */
export const AUTOSAVE_MS = 1200;

/**
 * Autosave of drafts (issue 19 item 2): a moment after each change the whole document goes out as
 * `PUT /api/designs/{id} {title, document, version}`; the answer's version becomes the base of the next save.
 * One save at a time: changes made while one is on its way are saved right after it. A 409 (someone saved since)
 * stops saving and calls `onConflict` (the editor's conflict dialog); other failures are retried after 5 s.
 * `flush()` saves now and waits (leaving, publish, export; an unsaved blank — `designId` '' — is created then); `resume()` restarts saving after a conflict was settled
 * (Overwrite: the draft goes out at once on the newer version).
 */
export function useAutosave(
  store: DesignStore,
  save: (id: string, body: DesignUpdateBody) => Promise<Design>,
  onConflict: () => void,
): { flush: () => Promise<void>; resume: () => Promise<void> } {
  const inFlight = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const run = useRef<() => Promise<void>>(async () => undefined);

  run.current = async () => {
    if (inFlight.current) return inFlight.current;
    const s = store.getState();
    if (s.saveState === 'conflict' || s.saveState === 'saved') return;
    const pointer = s.history.pointer;
    const document = current(s.history);
    s.setSaveState('saving');
    const p = (async () => {
      try {
        const saved = await save(s.designId, { title: s.title, document, version: s.version });
        store.getState().saved(saved.version, pointer);
      } catch (e) {
        if (e instanceof ApiError && e.status === 409) {
          store.getState().setSaveState('conflict');
          onConflict();
          return;
        }
        store.getState().setSaveState('error');
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void run.current(), 5000);
      }
    })();
    inFlight.current = p;
    await p;
    inFlight.current = null;
    // Changes made while saving go out now.
    if (store.getState().saveState === 'pending') void run.current();
  };

  useEffect(() => {
    const schedule = () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run.current(), AUTOSAVE_MS);
    };
    // Changes made before the editor mounted are saved too.
    if (store.getState().saveState === 'pending') schedule();
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.history === prev.history && s.title === prev.title) return;
      if (s.saveState === 'pending') schedule();
    });
    return () => {
      clearTimeout(timer.current);
      unsubscribe();
    };
  }, [store]);

  return {
    flush: async () => {
      clearTimeout(timer.current);
      // A blank opened without edits is not stored yet (issue 31 item 5): publish/export need it, so it is created now.
      if (store.getState().designId === '' && store.getState().saveState === 'saved') store.getState().setSaveState('pending');
      await run.current();
      if (inFlight.current) await inFlight.current;
    },
    resume: async () => {
      clearTimeout(timer.current);
      const s = store.getState();
      if (s.saveState === 'conflict') s.setSaveState('pending');
      await run.current();
    },
  };
}
