import {
  FIXED_AREAS,
  groupsForPage,
  insertSection,
  newSection,
  type PreviewPage,
  SETTINGS_GROUPS,
  type Section,
  type SectionType,
  type SettingsGroupId,
  type ThemeConfig,
  type ThemeType,
} from '@backroom/theme';
import { createContext, useContext } from 'react';
import { createStore, type StoreApi, useStore } from 'zustand';
import { canRedo, canUndo, current, type History, isDirty, jump, markSaved, push, redo, startHistory, undo } from '../../../lib/history';
import { editLabel, partOf, SECTIONS_PATH, sectionLabel } from './labels';
import { getIn, type Path, setIn } from './paths';

/**
 * The theme editor's state (spec theme-editor §4 "View states: list, section-selected, add-section. Tab: section
 * or setting. Flags: preview loaded, saving"; issue 9 items 2 and 6). One zustand store per open editor; components
 * subscribe to the slice they show (the section list to the keys and types only), so typing in a field re-renders
 * that field's panel and nothing else.
 */

/** What the sidebar shows. */
export type View =
  | { mode: 'list' }
  | { mode: 'section'; key: string }
  | { mode: 'area'; area: 'header' | 'footer' }
  | { mode: 'group'; group: SettingsGroupId }
  | { mode: 'add'; at: number }
  | { mode: 'history' };

/** The server version the draft is based on (PUT names it; a newer one on the server → 409). */
export interface BaseVersion {
  configId: string;
  version: number;
  config: ThemeConfig;
}

/** A problem found before Save (schema limit or broken reference), shown on its part and in the Save check. */
export interface EditorIssue {
  /** The part it is in (`section:{key}`, `area:header`, `group:colors` …; labels.ts partOf). */
  target: string;
  /** Words for where: "Featured Collection · Collection". */
  where: string;
  message: string;
}

export interface EditorState {
  themeId: string;
  theme: ThemeType;
  base: BaseVersion;
  history: History<ThemeConfig>;
  tab: 'sections' | 'setting';
  view: View;
  page: PreviewPage;
  device: 'desktop' | 'mobile';
  /** The preview frame said `ready` (spec §4 "preview loaded", by handshake, not by the 5 s timer). */
  frameReady: boolean;
  saving: boolean;
  /** Key the preview should scroll to on the next message (a selected or changed section). */
  scrollTo: string | null;
  /** Problems of the last check before Save (empty when none or not checked). */
  issues: EditorIssue[];
  /** The parts that have issues, for the flags on the list. */
  issueTargets: ReadonlySet<string>;
}

export interface EditorActions {
  /** Sets `value` at `path` (absolute config path) as one undo step (typing in one field coalesces). */
  edit(path: Path, value: unknown, o?: { label?: string; target?: string | null; coalesce?: boolean }): void;
  /** Sets `value` at `rel` inside the section `key` (a path relative to the section object, e.g. ['settings','heading']). */
  editSection(key: string, rel: Path, value: unknown, o?: { coalesce?: boolean }): void;
  /** Adds a section of `type` at position `at` (0 = top) and opens its panel. */
  addSection(type: SectionType, at: number): void;
  /** Removes the section `key` and returns to the list. */
  removeSection(key: string): void;
  /** Moves the section `key` to position `to`. */
  moveSection(key: string, to: number): void;
  /** Replaces the whole draft as one step (take theirs, restore a draft). */
  replaceConfig(config: ThemeConfig, label: string): void;
  undo(): void;
  redo(): void;
  jump(index: number): void;
  setTab(tab: EditorState['tab']): void;
  setView(view: View): void;
  setPage(page: PreviewPage): void;
  setDevice(device: EditorState['device']): void;
  setFrameReady(ready: boolean): void;
  setSaving(saving: boolean): void;
  /** After a successful save: the new server version is the base and the current step is the saved one. */
  saved(base: BaseVersion): void;
  /** Rebases on a newer server version without touching the draft (overwrite after a 409). */
  rebase(base: BaseVersion): void;
  setIssues(issues: EditorIssue[]): void;
}

export type EditorStore = StoreApi<EditorState & EditorActions>;

const sectionsOf = (c: ThemeConfig) => c.pages.homepage.sections;

/** Renumbers `index` keeping the identity of every section whose index is already right. */
function renumber(list: readonly Section[]): Section[] {
  return list.map((s, index) => (s.index === index ? s : ({ ...s, index } as Section)));
}

/** Creates the store of one open editor. `history` restores a draft kept in IndexedDB. */
export function createEditorStore(init: {
  themeId: string;
  theme: ThemeType;
  base: BaseVersion;
  history?: History<ThemeConfig>;
}): EditorStore {
  return createStore<EditorState & EditorActions>()((set, get) => {
    const commit = (config: ThemeConfig, o: { label: string; target: string | null; coalesce?: string }) => {
      const s = get();
      const history = push(s.history, config, o);
      if (history !== s.history) set({ history, scrollTo: o.target?.startsWith('section:') ? o.target.slice(8) : s.scrollTo });
    };
    const move = (history: History<ThemeConfig>) => {
      const s = get();
      if (history === s.history) return;
      // The step being undone or redone names its section: the preview scrolls to it.
      const changed = history.pointer < s.history.pointer ? s.history.entries[s.history.pointer] : history.entries[history.pointer];
      const target = changed?.target;
      const key = target?.startsWith('section:') ? target.slice(8) : null;
      const view = s.view;
      // A panel of a section that no longer exists closes.
      const cfg = current(history);
      const stillThere = view.mode !== 'section' || sectionsOf(cfg).some((x) => x.key === view.key);
      set({ history, scrollTo: key ?? s.scrollTo, view: stillThere ? view : { mode: 'list' } });
    };
    return {
      themeId: init.themeId,
      theme: init.theme,
      base: init.base,
      history: init.history ?? startHistory(init.base.config),
      tab: 'sections',
      view: { mode: 'list' },
      page: 'home',
      device: 'desktop',
      frameReady: false,
      saving: false,
      scrollTo: null,
      issues: [],
      issueTargets: new Set(),

      edit(path, value, o = {}) {
        const s = get();
        const config = current(s.history);
        if (Object.is(getIn(config, path), value)) return;
        const next = setIn(config, path, value);
        const part = partOf(config, path, s.theme);
        commit(next, {
          label: o.label ?? editLabel(config, path, s.theme),
          target: o.target === undefined ? part.id : o.target,
          // Typing (text) and dragging (numbers, colours) in one field coalesce; toggles, lists and objects never do.
          coalesce: o.coalesce === false || (typeof value !== 'string' && typeof value !== 'number') ? undefined : path.join('.'),
        });
      },
      editSection(key, rel, value, o) {
        const idx = sectionsOf(current(get().history)).findIndex((x) => x.key === key);
        if (idx < 0) return;
        get().edit([...SECTIONS_PATH, idx, ...rel], value, o);
      },
      addSection(type, at) {
        const s = get();
        const config = current(s.history);
        const section = newSection(type, s.theme);
        const list = insertSection(sectionsOf(config), at, section, s.theme);
        commit(setIn(config, SECTIONS_PATH, renumber(list)), {
          label: `Added ${sectionLabel(type)}`,
          target: `section:${section.key}`,
        });
        set({ view: { mode: 'section', key: section.key }, scrollTo: section.key });
      },
      removeSection(key) {
        const s = get();
        const config = current(s.history);
        const sec = sectionsOf(config).find((x) => x.key === key);
        if (!sec) return;
        const list = renumber(sectionsOf(config).filter((x) => x.key !== key));
        commit(setIn(config, SECTIONS_PATH, list), { label: `Removed ${sectionLabel(sec.type)}`, target: null });
        set({ view: { mode: 'list' } });
      },
      moveSection(key, to) {
        const s = get();
        const config = current(s.history);
        const list = [...sectionsOf(config)];
        const from = list.findIndex((x) => x.key === key);
        if (from < 0 || from === to) return;
        const [sec] = list.splice(from, 1);
        list.splice(Math.max(0, Math.min(to, list.length)), 0, sec!);
        commit(setIn(config, SECTIONS_PATH, renumber(list)), { label: `Moved ${sectionLabel(sec!.type)}`, target: `section:${key}` });
      },
      replaceConfig(config, label) {
        commit(config, { label, target: null });
      },
      undo: () => move(undo(get().history)),
      redo: () => move(redo(get().history)),
      jump: (index) => move(jump(get().history, index)),
      setTab: (tab) => set({ tab, view: { mode: 'list' } }),
      setView(view) {
        const s = get();
        const patch: Partial<EditorState> = { view };
        // The preview shows what is being edited: a section, or the header / footer (spec §4 "the scroll target").
        if (view.mode === 'section') patch.scrollTo = view.key;
        if (view.mode === 'area') patch.scrollTo = view.area;
        if (view.mode === 'section' && s.page !== 'home') patch.page = 'home';
        set(patch);
      },
      setPage: (page) => set({ page, view: get().tab === 'setting' ? { mode: 'list' } : get().view }),
      setDevice: (device) => set({ device }),
      setFrameReady: (frameReady) => set({ frameReady }),
      setSaving: (saving) => set({ saving }),
      saved(base) {
        set({ base, history: markSaved(get().history) });
      },
      rebase(base) {
        set({ base });
      },
      setIssues(issues) {
        set({ issues, issueTargets: new Set(issues.map((i) => i.target)) });
      },
    };
  });
}

const Ctx = createContext<EditorStore | null>(null);
/** Provides the open editor's store to the sidebar, panels and preview. */
export const EditorStoreProvider = Ctx.Provider;

/** The open editor's store (for actions and non-reactive reads). */
export function useEditorStore(): EditorStore {
  const s = useContext(Ctx);
  if (!s) throw new Error('useEditorStore outside the theme editor');
  return s;
}

/** A reactive slice of the open editor's state. */
export function useEditor<T>(selector: (s: EditorState & EditorActions) => T): T {
  return useStore(useEditorStore(), selector);
}

/**
 * The page the preview shows: the page selector's, except that an open settings group shows its own page (spec §2
 * special entries: colors-setting and typography-setting show the product page, cart-setting the cart page …).
 */
export function previewPageOf(s: EditorState): PreviewPage {
  return s.view.mode === 'group' ? SETTINGS_GROUPS[s.view.group].previewPage : s.page;
}

export const selectDirty = (s: EditorState): boolean => isDirty(s.history);
export const selectCanUndo = (s: EditorState): boolean => canUndo(s.history);
export const selectCanRedo = (s: EditorState): boolean => canRedo(s.history);

/** The Setting tab's groups for the current page and theme (spec §2 table). */
export function settingGroups(page: PreviewPage, theme: ThemeType) {
  return groupsForPage(page, theme);
}

/** The config path of a fixed area's settings for the theme (header settings; newchick footer settings, hydro block_config). */
export function areaPath(area: 'header' | 'footer', theme: ThemeType): string[] {
  return FIXED_AREAS[area][theme].path.split('.');
}
