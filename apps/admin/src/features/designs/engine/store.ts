import type { DesignDocument, Layer, Surface } from '@backroom/design';
import { createContext, useContext } from 'react';
import { createStore, type StoreApi, useStore } from 'zustand';
import { canRedo, canUndo, current, type History, isDirty, markSaved, push, redo, startHistory, undo } from '../../../lib/history';
import { type AlignMode, alignLayers, distributeLayers } from './align';
import { trimOf } from './geometry';
import { cloneLayers, layerLabel, moveLayer, nudgeLayers, patchLayers, removeLayers, withLayers } from './ops';

/**
 * The state of one open design editor (issue 19 item 2): the document with its undo history (lib/history.ts, the
 * theme editor's: whole documents sharing unchanged parts, 200 steps, typing in one field coalesced into one step),
 * the surface and layers chosen, the zoom, the clipboard and the autosave state. One zustand store per open editor;
 * the canvas, layer list and inspector subscribe to the slices they show.
 */

/** Where the draft stands against the server (autosave, PUT with version). */
export type SaveState = 'saved' | 'pending' | 'saving' | 'error' | 'conflict';

export interface DesignState {
  designId: string;
  title: string;
  /** The server version the draft is based on (PUT names it; a newer one on the server → 409). */
  version: number;
  history: History<DesignDocument>;
  /** The surface on the canvas. */
  surfaceId: string;
  /** Chosen layers of that surface (ids, in choice order). */
  selected: string[];
  /** Zoom relative to "fit the surface in the canvas" (1 = fit). */
  zoom: number;
  /** Screen pixels per mm at the current zoom (the canvas reports it; nudge steps and snap thresholds use it). */
  pxPerMm: number;
  saveState: SaveState;
  /** Layers copied (Ctrl/Cmd+C), pasted onto any surface of this editor. */
  clipboard: Layer[];
  /** A layer edited on the canvas itself: its text typed in place, or an image's crop; null = none. */
  editing: { id: string; mode: 'text' | 'crop' } | null;
}

export interface DesignActions {
  /** Replaces the document by `fn(doc)` as one undo step labelled `label` (`coalesce`: consecutive edits with this key merge). */
  edit(fn: (doc: DesignDocument) => DesignDocument, label: string, coalesce?: string): void;
  /** Patches the layers `ids` of the current surface (one step; `coalesce` for typing and sliders). */
  patch(ids: readonly string[], patch: Partial<Layer> | ((l: Layer) => Partial<Layer>), label: string, coalesce?: string): void;
  /** Adds a layer on top of the current surface and chooses it. */
  add(layer: Layer, label?: string): void;
  select(ids: readonly string[]): void;
  /** Starts (or with null ends) editing a layer on the canvas: text in place, or an image's crop. */
  setEditing(e: DesignState['editing']): void;
  /** Adds or removes one layer from the choice (Shift+click). */
  toggleSelect(id: string): void;
  setSurface(id: string): void;
  removeSelected(): void;
  duplicateSelected(): void;
  copy(): void;
  paste(): void;
  /** Moves the chosen layers by (dx, dy) mm (keyboard nudge; consecutive presses are one step). */
  nudge(dx: number, dy: number): void;
  align(mode: AlignMode): void;
  distribute(axis: 'x' | 'y'): void;
  /** Moves layer `id` to index `to` of the current surface (0 = back). */
  reorder(id: string, to: number): void;
  toggle(id: string, flag: 'locked' | 'hidden'): void;
  undo(): void;
  redo(): void;
  setZoom(zoom: number): void;
  setPxPerMm(pxPerMm: number): void;
  setTitle(title: string): void;
  setSaveState(s: SaveState): void;
  /** After a successful save of the step at `pointer`: the new server version is the base. */
  saved(version: number, pointer: number): void;
  /** Loads a document from the server as one step (Reload after a conflict); it becomes the saved step. */
  reload(doc: DesignDocument, version: number, title: string): void;
}

export type DesignStore = StoreApi<DesignState & DesignActions>;

/** Zoom bounds (× fit). */
export const ZOOM_MIN = 0.1;
export const ZOOM_MAX = 8;

/** The current document. */
export const docOf = (s: DesignState): DesignDocument => current(s.history);
/** The surface on the canvas (the first one when its id is gone). */
export function surfaceOf(s: DesignState): Surface {
  const doc = docOf(s);
  return doc.surfaces.find((x) => x.id === s.surfaceId) ?? doc.surfaces[0]!;
}
export const selectDirty = (s: DesignState): boolean => isDirty(s.history);
export const selectCanUndo = (s: DesignState): boolean => canUndo(s.history);
export const selectCanRedo = (s: DesignState): boolean => canRedo(s.history);

/** Creates the store of one open editor from the server's design. */
export function createDesignStore(init: {
  designId: string;
  title: string;
  version: number;
  document: DesignDocument;
  surfaceId?: string;
}): DesignStore {
  return createStore<DesignState & DesignActions>()((set, get) => {
    const commit = (doc: DesignDocument, label: string, coalesce?: string) => {
      const s = get();
      const history = push(s.history, doc, { label, target: s.surfaceId, coalesce });
      if (history !== s.history) set({ history, saveState: 'pending' });
    };
    const onSurface = (fn: (layers: Layer[]) => Layer[], label: string, coalesce?: string) => {
      const s = get();
      commit(withLayers(docOf(s), surfaceOf(s).id, fn), label, coalesce);
    };
    const keepSelection = () => {
      // Undo/redo may take chosen layers (or the surface) away: keep only what still exists.
      const s = get();
      const surface = surfaceOf(s);
      const ids = new Set(surface.layers.map((l) => l.id));
      const selected = s.selected.filter((id) => ids.has(id));
      set({ surfaceId: surface.id, selected: selected.length === s.selected.length ? s.selected : selected });
    };
    return {
      designId: init.designId,
      title: init.title,
      version: init.version,
      history: startHistory(init.document),
      surfaceId: init.surfaceId ?? init.document.surfaces[0]!.id,
      selected: [],
      zoom: 1,
      pxPerMm: 1,
      saveState: 'saved',
      clipboard: [],
      editing: null,

      edit: (fn, label, coalesce) => commit(fn(docOf(get())), label, coalesce),
      patch(ids, p, label, coalesce) {
        onSurface((layers) => patchLayers(layers, new Set(ids), p), label, coalesce);
      },
      add(layer, label) {
        onSurface((layers) => [...layers, layer], label ?? `Added ${layerLabel(layer)}`);
        set({ selected: [layer.id] });
      },
      select: (ids) => set({ selected: [...ids] }),
      setEditing(e) {
        if (e) set({ editing: e, selected: [e.id] });
        else set({ editing: null });
      },
      toggleSelect(id) {
        const sel = get().selected;
        set({ selected: sel.includes(id) ? sel.filter((x) => x !== id) : [...sel, id] });
      },
      setSurface: (id) => set({ surfaceId: id, selected: [], editing: null }),
      removeSelected() {
        const s = get();
        if (!s.selected.length) return;
        const ids = new Set(s.selected);
        const n = surfaceOf(s).layers.filter((l) => ids.has(l.id) && !l.locked).length;
        if (!n) return;
        onSurface((layers) => removeLayers(layers, ids), n === 1 ? 'Deleted a layer' : `Deleted ${n} layers`);
        keepSelection();
      },
      duplicateSelected() {
        const s = get();
        const ids = new Set(s.selected);
        const copies = cloneLayers(surfaceOf(s).layers.filter((l) => ids.has(l.id)));
        if (!copies.length) return;
        onSurface((layers) => [...layers, ...copies], copies.length === 1 ? 'Duplicated a layer' : `Duplicated ${copies.length} layers`);
        set({ selected: copies.map((l) => l.id) });
      },
      copy() {
        const s = get();
        const ids = new Set(s.selected);
        const chosen = surfaceOf(s).layers.filter((l) => ids.has(l.id));
        if (chosen.length) set({ clipboard: chosen.map((l) => structuredClone(l)) });
      },
      paste() {
        const s = get();
        if (!s.clipboard.length) return;
        const copies = cloneLayers(s.clipboard);
        onSurface((layers) => [...layers, ...copies], copies.length === 1 ? 'Pasted a layer' : `Pasted ${copies.length} layers`);
        // The next paste lands a step further, like every design tool.
        set({ selected: copies.map((l) => l.id), clipboard: copies.map((l) => structuredClone(l)) });
      },
      nudge(dx, dy) {
        const s = get();
        if (!s.selected.length) return;
        onSurface((layers) => nudgeLayers(layers, new Set(s.selected), dx, dy), 'Moved with the keyboard', `nudge:${s.selected.join(',')}`);
      },
      align(mode) {
        const s = get();
        const surface = surfaceOf(s);
        onSurface((layers) => alignLayers(layers, new Set(s.selected), mode, trimOf(surface)), `Aligned ${mode}`);
      },
      distribute(axis) {
        const s = get();
        onSurface(
          (layers) => distributeLayers(layers, new Set(s.selected), axis),
          axis === 'x' ? 'Distributed horizontally' : 'Distributed vertically',
        );
      },
      reorder(id, to) {
        onSurface((layers) => moveLayer(layers, id, to), 'Reordered layers');
      },
      toggle(id, flag) {
        const l = surfaceOf(get()).layers.find((x) => x.id === id);
        if (!l) return;
        const on = !l[flag];
        onSurface(
          (layers) => patchLayers(layers, new Set([id]), { [flag]: on }),
          `${on ? (flag === 'locked' ? 'Locked' : 'Hid') : flag === 'locked' ? 'Unlocked' : 'Showed'} ${layerLabel(l)}`,
        );
        if (on) set({ selected: get().selected.filter((x) => x !== id) });
      },
      undo() {
        const s = get();
        const history = undo(s.history);
        if (history === s.history) return;
        set({ history, saveState: 'pending' });
        keepSelection();
      },
      redo() {
        const s = get();
        const history = redo(s.history);
        if (history === s.history) return;
        set({ history, saveState: 'pending' });
        keepSelection();
      },
      setZoom: (zoom) => set({ zoom: Math.max(ZOOM_MIN, Math.min(ZOOM_MAX, zoom)) }),
      setPxPerMm: (pxPerMm) => set({ pxPerMm }),
      setTitle: (title) => set({ title, saveState: 'pending' }),
      setSaveState: (saveState) => set({ saveState }),
      saved(version, pointer) {
        const s = get();
        const history = s.history.pointer === pointer ? markSaved(s.history) : s.history;
        set({ version, history, saveState: isDirty(history) ? 'pending' : 'saved' });
      },
      reload(doc, version, title) {
        const s = get();
        const history = markSaved(push(s.history, doc, { label: `Loaded version ${version}`, target: null }));
        set({ history, version, title, saveState: 'saved' });
        keepSelection();
      },
    };
  });
}

const Ctx = createContext<DesignStore | null>(null);
/** Provides the open editor's store. */
export const DesignStoreProvider = Ctx.Provider;

/** The open editor's store (actions and non-reactive reads). */
export function useDesignStore(): DesignStore {
  const s = useContext(Ctx);
  if (!s) throw new Error('useDesignStore outside a design editor');
  return s;
}

/** A reactive slice of the open editor's state. */
export function useDesign<T>(selector: (s: DesignState & DesignActions) => T): T {
  return useStore(useDesignStore(), selector);
}
