import type { Design } from '@backroom/contracts';
import { ActionIcon, Box, Button, Drawer, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconArrowForwardUp, IconArrowLeft, IconMaximize, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { saveOpenDesign } from '../use-open-design';
import { useAutosave } from './autosave';
import { ConflictDialog } from './ConflictDialog';
import { nudgeStep } from './ops';
import {
  type DesignStore,
  DesignStoreProvider,
  selectCanRedo,
  selectCanUndo,
  selectDirty,
  surfaceOf,
  useDesign,
  useDesignStore,
} from './store';
import './editor.css';

/**
 * The frame every design editor shares (issue 19 item 2; spec admin-dashboard §2 "Full-screen editors with no
 * toolbar"): a top bar (back, title, save state, undo/redo, zoom, the editor's own actions), a left panel, the canvas
 * area and a right panel — on a phone (≤ 48em) the panels are drawers opened from a tool row under the top bar —;
 * the keyboard (undo/redo, copy/paste, duplicate, delete, nudge, select all, zoom, Enter to edit in place); autosave
 * with the conflict dialog on a 409 (take theirs / overwrite); and the leave guard while changes are not saved yet.
 */

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && !!t.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"]');

/** Keyboard of the canvas (not while typing in a field or in a dialog). */
function useHotkeys(store: DesignStore) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const s = store.getState();
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      // Undo/redo work everywhere except inside a text field (its own undo).
      if (mod && !e.altKey && (k === 'z' || k === 'y')) {
        if (typing(e.target) && !(e.target as HTMLElement).closest('[role="application"]')) return;
        if (k === 'z') s[e.shiftKey ? 'redo' : 'undo']();
        else s.redo();
        e.preventDefault();
        return;
      }
      if (typing(e.target)) return;
      // Enter edits the chosen text in place or opens the chosen image's crop; Escape (or Enter) ends a crop.
      if (k === 'enter' || (k === 'escape' && s.editing)) {
        if (s.editing) s.setEditing(null);
        else if (k === 'enter' && s.selected.length === 1) {
          const l = surfaceOf(s).layers.find((x) => x.id === s.selected[0]);
          if (!l || l.locked) return;
          if (l.type === 'text' || l.type === 'field') s.setEditing({ id: l.id, mode: 'text' });
          else if (l.type === 'image') s.setEditing({ id: l.id, mode: 'crop' });
          else return;
        } else return;
        e.preventDefault();
        return;
      }
      const step = nudgeStep(e.shiftKey, s.pxPerMm);
      const arrows: Record<string, [number, number]> = {
        arrowleft: [-step, 0],
        arrowright: [step, 0],
        arrowup: [0, -step],
        arrowdown: [0, step],
      };
      if (arrows[k] && s.selected.length) {
        s.nudge(...arrows[k]);
      } else if (mod && k === 'c') s.copy();
      else if (mod && k === 'v') s.paste();
      else if (mod && k === 'd') s.duplicateSelected();
      else if (mod && k === 'a') {
        const surface = s.history.entries[s.history.pointer]!.config.surfaces.find((x) => x.id === s.surfaceId);
        s.select(surface?.layers.filter((l) => !l.locked && !l.hidden).map((l) => l.id) ?? []);
      } else if ((k === 'delete' || k === 'backspace') && s.selected.length) s.removeSelected();
      else if (k === 'escape' && s.selected.length) s.select([]);
      else if (mod && (k === '=' || k === '+')) s.setZoom(s.zoom * 1.25);
      else if (mod && k === '-') s.setZoom(s.zoom / 1.25);
      else if (mod && k === '0') s.setZoom(1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}

const SAVE_TEXT = {
  saved: 'All changes saved',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  error: 'Not saved — retrying',
  conflict: 'Changed elsewhere',
} as const;

/** Undo, redo and the zoom buttons (the top bar on a desktop, the tool row on a phone). */
function HistoryAndZoom({ showPercent }: { showPercent: boolean }) {
  const store = useDesignStore();
  const canUndo = useDesign(selectCanUndo);
  const canRedo = useDesign(selectCanRedo);
  const zoom = useDesign((s) => s.zoom);
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Undo (Ctrl+Z)">
        <ActionIcon variant="subtle" color="gray" aria-label="Undo" disabled={!canUndo} onClick={() => store.getState().undo()}>
          <IconArrowBackUp size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Redo (Ctrl+Shift+Z)">
        <ActionIcon variant="subtle" color="gray" aria-label="Redo" disabled={!canRedo} onClick={() => store.getState().redo()}>
          <IconArrowForwardUp size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {showPercent && <Box w={12} />}
      <Tooltip label="Zoom out (Ctrl+−)">
        <ActionIcon variant="subtle" color="gray" aria-label="Zoom out" onClick={() => store.getState().setZoom(zoom / 1.25)}>
          <IconZoomOut size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {showPercent && (
        <Text size="xs" w={42} ta="center" aria-label="Zoom">
          {Math.round(zoom * 100)}%
        </Text>
      )}
      <Tooltip label="Zoom in (Ctrl+=)">
        <ActionIcon variant="subtle" color="gray" aria-label="Zoom in" onClick={() => store.getState().setZoom(zoom * 1.25)}>
          <IconZoomIn size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Fit (Ctrl+0)">
        <ActionIcon variant="subtle" color="gray" aria-label="Fit to screen" onClick={() => store.getState().setZoom(1)}>
          <IconMaximize size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/**
 * The top bar: back, kind and title, save state, then (desktop) undo/redo and zoom and the editor's actions. On a
 * phone the title row keeps back, title and the actions (compact, CSS), and undo/redo/zoom move to the tool row.
 */
function TopBar({ kindLabel, onClose, actions, phone }: { kindLabel: string; onClose: () => void; actions?: ReactNode; phone: boolean }) {
  const store = useDesignStore();
  const title = useDesign((s) => s.title);
  const saveState = useDesign((s) => s.saveState);
  const [text, setText] = useState(title);
  useEffect(() => setText(title), [title]);
  const status = (
    <Text
      size="xs"
      c={saveState === 'error' || saveState === 'conflict' ? 'red.8' : 'dimmed'}
      role="status"
      aria-live="polite"
      style={{ whiteSpace: 'nowrap' }}
      truncate
    >
      {SAVE_TEXT[saveState]}
    </Text>
  );
  return (
    <Group className="br-design-topbar" justify="space-between" wrap="nowrap" px="sm" gap="sm" component="header">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: phone ? 1 : undefined }}>
        <Tooltip label="Back">
          <ActionIcon variant="subtle" color="gray" aria-label="Back" onClick={onClose}>
            <IconArrowLeft size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Stack gap={0} style={{ minWidth: 0, flex: phone ? 1 : undefined }}>
          {phone ? (
            status
          ) : (
            <Text size="xs" c="dimmed">
              {kindLabel}
            </Text>
          )}
          <TextInput
            aria-label="Design title"
            w={phone ? '100%' : 320}
            variant="unstyled"
            size="sm"
            fw={600}
            value={text}
            maxLength={200}
            onChange={(e) => setText(e.currentTarget.value)}
            onBlur={() => text.trim() && text.trim() !== title && store.getState().setTitle(text.trim())}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
          />
        </Stack>
        {!phone && status}
      </Group>
      <Group gap={4} wrap="nowrap" className="br-design-actions">
        {!phone && <HistoryAndZoom showPercent />}
        {actions && !phone && <Box w={12} />}
        {actions}
      </Group>
    </Group>
  );
}

/** Saves pending changes before `fn` runs (publish and export render what is saved). */
export type Flush = () => Promise<void>;

/** The full-screen editor frame around a design store. */
export function EditorFrame({
  store,
  kindLabel,
  onClose,
  actions,
  left,
  right,
  centreTop,
  children,
}: {
  store: DesignStore;
  kindLabel: string;
  onClose: () => void;
  /** The top bar's own buttons (Save as product, Export PDF, Preview). Gets `flush`. */
  actions?: (flush: Flush) => ReactNode;
  left: ReactNode;
  right: ReactNode;
  /** Above the canvas: area tabs, the spread/page name. */
  centreTop?: ReactNode;
  children: ReactNode;
}) {
  const [conflict, setConflict] = useState(false);
  // A phone (Mantine's sm breakpoint, 48em): add/layers and properties are drawers opened from a tool row.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [drawer, setDrawer] = useState<'left' | 'right' | null>(null);
  // On a phone, a layer added from the drawer (or a text/image opened for editing) closes it: the canvas shows it.
  useEffect(
    () =>
      store.subscribe((s, prev) => {
        if (s.editing && s.editing !== prev.editing) setDrawer(null);
        else if (s.surfaceId === prev.surfaceId && surfaceOf(s).layers.length > surfaceOf(prev).layers.length) setDrawer(null);
      }),
    [store],
  );
  const { flush, resume } = useAutosave(
    store,
    (id, body) => saveOpenDesign(store, id, body),
    () => setConflict(true),
  );
  // Take theirs: their version becomes a new undo step (Undo brings the draft back) and the saved one.
  const takeTheirs = (d: Design) => {
    store.getState().reload(d.document, d.version, d.title);
    setConflict(false);
    notifications.show({ message: `Version ${d.version} loaded. Undo brings your changes back.` });
    void resume();
  };
  // Overwrite: the draft is saved at once on their version (a newer 409 opens the dialog again).
  const overwrite = (d: Design) => {
    store.setState({ version: d.version });
    setConflict(false);
    void resume();
  };
  useHotkeys(store);
  const blocker = useBlocker({
    shouldBlockFn: () => selectDirty(store.getState()) || store.getState().saveState !== 'saved',
    enableBeforeUnload: () => store.getState().saveState !== 'saved',
    withResolver: true,
  });
  // Leaving saves first: the blocker waits for the save, then lets the navigation through.
  useEffect(() => {
    if (blocker.status !== 'blocked') return;
    if (store.getState().saveState === 'conflict') return;
    void flush().then(() => {
      if (store.getState().saveState === 'saved') blocker.proceed?.();
    });
  }, [blocker, flush, store]);
  return (
    <DesignStoreProvider value={store}>
      <Box className="br-design-editor" data-phone={phone || undefined}>
        <TopBar kindLabel={kindLabel} onClose={onClose} actions={actions?.(flush)} phone={phone} />
        {phone && (
          <Group className="br-design-tools" justify="space-between" wrap="nowrap" px="xs" gap={4} role="toolbar" aria-label="Editor tools">
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="default" onClick={() => setDrawer('left')} aria-haspopup="dialog">
                Layers
              </Button>
              <Button size="compact-sm" variant="default" onClick={() => setDrawer('right')} aria-haspopup="dialog">
                Properties
              </Button>
            </Group>
            <HistoryAndZoom showPercent={false} />
          </Group>
        )}
        <Box className="br-design-main">
          {!phone && (
            <Box className="br-design-left" component="aside" aria-label="Add and layers">
              {left}
            </Box>
          )}
          <Box className="br-design-centre" component="section" aria-label="Canvas">
            {centreTop}
            {children}
          </Box>
          {!phone && (
            <Box className="br-design-right" component="aside" aria-label="Properties">
              {right}
            </Box>
          )}
        </Box>
        {phone && (
          <>
            <Drawer
              opened={drawer === 'left'}
              onClose={() => setDrawer(null)}
              title="Add and layers"
              size="85%"
              classNames={{ body: 'br-design-drawer' }}
              closeButtonProps={{ 'aria-label': 'Close' }}
            >
              {left}
            </Drawer>
            <Drawer
              opened={drawer === 'right'}
              onClose={() => setDrawer(null)}
              title="Properties"
              position="bottom"
              size="70%"
              classNames={{ body: 'br-design-drawer' }}
              closeButtonProps={{ 'aria-label': 'Close' }}
            >
              {right}
            </Drawer>
          </>
        )}
        {conflict && <ConflictDialog onTheirs={takeTheirs} onOverwrite={overwrite} />}
        {blocker.status === 'blocked' && store.getState().saveState !== 'saved' && (
          <Modal opened onClose={() => blocker.reset?.()} title="Leave without saving?" closeButtonProps={{ 'aria-label': 'Close' }}>
            <Text size="sm">Your last changes could not be saved yet.</Text>
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
    </DesignStoreProvider>
  );
}
