import type { ThemeConfigItem, ThemeSummary } from '@backroom/contracts';
import type { ThemeConfig } from '@backroom/theme';
import { Alert, Box, Button, Group, Loader, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker, useNavigate, useParams } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api';
import { useShopDates } from '../../../lib/dates';
import { current, isDirty } from '../../../lib/history';
import { readAccount } from '../../../lib/session';
import { routePath } from '../../../routes';
import { fetchCurrentConfig, saveThemeConfig, themeConfigOptions, themeKeys, themesListOptions, themeVersionsOptions } from '../api';
import { shopOrigin } from '../storefront';
import { type ConflictInfo, ConflictModal } from './ConflictModal';
import { referenceIssues, schemaIssues } from './check';
import { conflictRows } from './diff';
import { clearDraft, loadDraft, type StoredDraft, writeDraft } from './drafts';
import { PreviewFrame } from './PreviewFrame';
import { Sidebar } from './Sidebar';
import { type BaseVersion, createEditorStore, type EditorStore, EditorStoreProvider, selectDirty } from './store';
import { TopBar } from './TopBar';
import './editor.css';

/** A config item of the API without its envelope (id, version, themeId): the config itself. */
function configOf(item: ThemeConfigItem): ThemeConfig {
  const { id: _id, version: _v, themeId: _t, ...config } = item;
  return config as unknown as ThemeConfig;
}
const baseOf = (item: ThemeConfigItem): BaseVersion => ({ configId: item.id, version: item.version, config: configOf(item) });

/** Milliseconds after the last change before the draft is written to IndexedDB. */
const DRAFT_WRITE_MS = 400;

/** The open editor: top bar, sidebar and preview, with saving, the checks, the conflict, hotkeys and the leave guard. */
function EditorBody({ store, theme, storeId }: { store: EditorStore; theme: ThemeSummary; storeId: string }) {
  const dates = useShopDates();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const origin = shopOrigin();
  const domain = readAccount().storeDomain ?? (origin ? new URL(origin).host : '');
  const [conflict, setConflict] = useState<{ info: ConflictInfo; theirs: ThemeConfigItem } | null>(null);
  const [conflictBusy, setConflictBusy] = useState(false);

  // ── Save (spec §7 "Update theme config (on Save)"; issue 9 item 6 checks and 409) ─────────────────────────
  const save = useCallback(async (): Promise<boolean> => {
    const s = store.getState();
    if (s.saving) return false;
    const config = current(s.history);
    const pointer = s.history.pointer;
    s.setSaving(true);
    try {
      const issues = [...schemaIssues(config, s.theme), ...(await referenceIssues(config, s.theme))];
      store.getState().setIssues(issues);
      if (issues.length) {
        notifications.show({
          color: 'red',
          title: 'Fix before saving',
          message: `${issues.length === 1 ? 'One setting needs' : `${issues.length} settings need`} attention: ${issues
            .slice(0, 3)
            .map((i) => `${i.where} — ${i.message}`)
            .join('; ')}`,
          autoClose: 8000,
        });
        return false;
      }
      const base = store.getState().base;
      const item = await saveThemeConfig(theme.id, base.configId, base.version, config);
      const after = store.getState();
      // Edits made while the request was on its way stay unsaved: only the step that was sent is marked.
      if (after.history.pointer === pointer) after.saved({ configId: item.id, version: item.version, config });
      else after.rebase({ configId: item.id, version: item.version, config });
      if (!isDirty(store.getState().history)) void clearDraft(storeId, theme.id);
      void qc.invalidateQueries({ queryKey: themeKeys.lists() });
      void qc.invalidateQueries({ queryKey: themeKeys.versions(theme.id) });
      qc.setQueryData(themeKeys.config(theme.id), item);
      notifications.show({ color: 'green', message: `${theme.name} saved (version ${item.version})` });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        const theirs = await fetchCurrentConfig(theme.id).catch(() => null);
        if (!theirs) {
          notifications.show({ color: 'red', message: e.message });
          return false;
        }
        const versions = await qc.fetchQuery({ ...themeVersionsOptions(theme.id), staleTime: 0 }).catch(() => null);
        const v = versions?.versions.find((x) => x.version === theirs.version);
        const by = v?.createdBy?.name || v?.createdBy?.email || 'Someone';
        const at = v ? dates.time(v.createdAt) : '';
        const st = store.getState();
        setConflict({
          theirs,
          info: {
            who: `${by} saved version ${theirs.version}${at ? ` at ${at}` : ''}`,
            rows: conflictRows(st.base.config, configOf(theirs), current(st.history), st.theme),
          },
        });
      } else if (e instanceof ApiError && e.status === 400) {
        notifications.show({
          color: 'red',
          title: 'The theme was not saved',
          message: e.messages.join(', ') || e.message,
          autoClose: 10000,
        });
      } else {
        notifications.show({
          color: 'red',
          title: 'The theme was not saved',
          message: `${e instanceof Error ? e.message : 'Unknown error'}. Your changes are kept on this device; try again.`,
        });
      }
      return false;
    } finally {
      store.getState().setSaving(false);
    }
  }, [store, theme, storeId, qc, dates]);

  // Re-check while problems are shown, so a flag goes away as soon as it is fixed.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe((s, prev) => {
      if (!s.issues.length || s.history === prev.history) return;
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const cur = store.getState();
        const config = current(cur.history);
        const issues = [...schemaIssues(config, cur.theme), ...(await referenceIssues(config, cur.theme))];
        if (current(store.getState().history) === config) store.getState().setIssues(issues);
      }, 600);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store]);

  // ── Hotkeys: Ctrl/Cmd+Z undo, Shift+Ctrl/Cmd+Z and Ctrl+Y redo, Ctrl/Cmd+S save (issue 9 item 6) ─────────────
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = e.key.toLowerCase();
      const s = store.getState();
      if (k === 'z') s[e.shiftKey ? 'redo' : 'undo']();
      else if (k === 'y' && !e.metaKey) s.redo();
      else if (k === 's') void save();
      else return;
      // Ours, not the browser's nor a rich-text field's own history: one history for the whole draft.
      e.preventDefault();
      e.stopPropagation();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [store, save]);

  // ── The draft and its history in IndexedDB, written shortly after each change and when the tab is hidden ──
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const write = () => {
      timer = undefined;
      const s = store.getState();
      if (isDirty(s.history)) {
        const draft: StoredDraft = { v: 1, themeId: theme.id, base: s.base, history: s.history, updatedAt: Date.now() };
        void writeDraft(storeId, draft);
      } else void clearDraft(storeId, theme.id);
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.history === prev.history && s.base === prev.base) return;
      clearTimeout(timer);
      timer = setTimeout(write, DRAFT_WRITE_MS);
    });
    const flush = () => {
      if (timer !== undefined) {
        clearTimeout(timer);
        write();
      }
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      flush();
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [store, storeId, theme.id]);

  // ── Leaving with unsaved changes: the router blocker (in-app) and beforeunload (tab close, reload) ──────────
  const blocker = useBlocker({
    shouldBlockFn: () => selectDirty(store.getState()),
    enableBeforeUnload: () => selectDirty(store.getState()),
    withResolver: true,
  });

  const close = () => void navigate({ to: routePath('website.themes') });

  const takeTheirs = () => {
    if (!conflict) return;
    const s = store.getState();
    const base = baseOf(conflict.theirs);
    s.replaceConfig(base.config, `Took version ${base.version}`);
    store.getState().saved(base);
    setConflict(null);
    notifications.show({ message: `Version ${base.version} loaded. Undo brings your changes back.` });
  };
  const overwrite = async () => {
    if (!conflict) return;
    setConflictBusy(true);
    store.getState().rebase(baseOf(conflict.theirs));
    const ok = await save();
    setConflictBusy(false);
    if (ok) setConflict(null);
  };

  return (
    <Box className="br-editor">
      <TopBar name={theme.name} onClose={close} onSave={() => void save()} />
      <Box className="br-editor-main">
        <Box className="br-editor-sidebar">
          <Sidebar />
        </Box>
        <Box className="br-editor-preview" component="section" aria-label="Preview">
          {origin ? (
            <PreviewFrame origin={origin} domain={domain} />
          ) : (
            <Alert color="red" m="md" icon={<IconAlertCircle size={16} />}>
              The shop's address is unknown: choose the shop again to see the preview.
            </Alert>
          )}
        </Box>
      </Box>
      {conflict && (
        <ConflictModal
          info={conflict.info}
          busy={conflictBusy}
          onTheirs={takeTheirs}
          onOverwrite={() => void overwrite()}
          onKeep={() => setConflict(null)}
        />
      )}
      {blocker.status === 'blocked' && (
        <Modal opened onClose={() => blocker.reset?.()} title="Leave without saving?" closeButtonProps={{ 'aria-label': 'Close' }}>
          <Text size="sm">Your changes are not saved. They stay on this device and are offered back when you open this theme again.</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => blocker.reset?.()}>
              Keep editing
            </Button>
            <Button color="red" onClick={() => blocker.proceed?.()}>
              Leave
            </Button>
          </Group>
        </Modal>
      )}
    </Box>
  );
}

/** The skeleton of the editor while the config loads (spec §4 "The editor is loading until the config arrives"). */
function EditorLoading() {
  return (
    <Box className="br-editor" aria-busy="true">
      <Group h={56} px="sm" className="br-editor-topbar">
        <Skeleton h={28} w={220} />
      </Group>
      <Box className="br-editor-main">
        <Stack className="br-editor-sidebar" p="sm" gap="sm">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders.
            <Skeleton key={i} h={36} />
          ))}
        </Stack>
        <Stack className="br-editor-preview" align="center" justify="center">
          <Loader aria-label="Loading the theme" />
        </Stack>
      </Box>
    </Box>
  );
}

/**
 * The theme editor (`website.themes.editor`, route param themeId; spec theme-editor §2 and §4, issue 9 items 2 and
 * 6): full screen, no shell toolbar. Loads the theme and its current config FRESH (never a cached one a save may
 * have outdated), then offers back an unsaved draft kept in IndexedDB (with its undo history) before opening.
 */
export default function EditorScreen() {
  const dates = useShopDates();
  const { themeId = '' } = useParams({ strict: false }) as { themeId?: string };
  const navigate = useNavigate();
  const storeId = readAccount().storeId ?? 'none';
  const list = useQuery(themesListOptions());
  const cfg = useQuery({ ...themeConfigOptions(themeId), staleTime: 0, refetchOnMount: 'always', enabled: !!themeId });
  const [draft, setDraft] = useState<StoredDraft | null | undefined>(undefined);
  const [store, setStore] = useState<EditorStore | null>(null);
  const started = useRef(false);
  const theme = list.data?.themes.find((t) => t.id === themeId);

  useEffect(() => {
    let live = true;
    void loadDraft(storeId, themeId).then((d) => live && setDraft(d));
    return () => {
      live = false;
    };
  }, [storeId, themeId]);

  const open = useCallback((item: ThemeConfigItem, t: ThemeSummary, kept: StoredDraft | null) => {
    started.current = true;
    const server = baseOf(item);
    setStore(
      kept
        ? createEditorStore({ themeId: t.id, theme: t.type, base: kept.base, history: kept.history })
        : createEditorStore({ themeId: t.id, theme: t.type, base: server }),
    );
  }, []);

  // No kept draft: open at once.
  useEffect(() => {
    if (started.current || !theme || !cfg.isFetchedAfterMount || !cfg.data || draft !== null) return;
    open(cfg.data, theme, null);
  }, [theme, cfg.isFetchedAfterMount, cfg.data, draft, open]);

  if (store && theme) {
    return (
      <EditorStoreProvider value={store}>
        <EditorBody store={store} theme={theme} storeId={storeId} />
      </EditorStoreProvider>
    );
  }
  if (list.isError || cfg.isError || (list.data && !theme)) {
    return (
      <Stack maw={520} mx="auto" mt={80} p="md">
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="This theme could not be opened">
          {list.data && !theme ? 'It does not exist in this shop.' : 'The theme could not be loaded.'}
        </Alert>
        <Button variant="default" onClick={() => void navigate({ to: routePath('website.themes') })}>
          Back to themes
        </Button>
      </Stack>
    );
  }
  const canOffer = draft && theme && cfg.isFetchedAfterMount && cfg.data;
  return (
    <>
      <EditorLoading />
      {canOffer && (
        <Modal
          opened
          onClose={() => undefined}
          withCloseButton={false}
          title="Restore unsaved changes?"
          closeOnClickOutside={false}
          closeOnEscape={false}
        >
          <Stack gap="sm">
            <Text size="sm">
              {theme.name} has unsaved changes from {dates.dateTime(draft.updatedAt)} ({draft.history.entries.length - 1}{' '}
              {draft.history.entries.length === 2 ? 'step' : 'steps'}, with their undo history), kept on this device.
            </Text>
            {draft.base.version !== cfg.data.version && (
              <Text size="sm" c="dimmed">
                The theme was saved since (version {cfg.data.version}). Saving will show what differs before anything is overwritten.
              </Text>
            )}
            <Group justify="flex-end" mt="sm">
              <Button
                variant="default"
                onClick={() => {
                  void clearDraft(storeId, themeId);
                  open(cfg.data, theme, null);
                }}
              >
                Discard
              </Button>
              <Button onClick={() => open(cfg.data, theme, draft)}>Restore</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </>
  );
}

export { configOf };
