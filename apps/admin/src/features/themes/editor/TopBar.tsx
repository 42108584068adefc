import { type PreviewPage, THEME_SCHEMA } from '@backroom/theme';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Kbd,
  Popover,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconHistory,
  IconKeyboard,
  IconX,
} from '@tabler/icons-react';
import { memo, useEffect, useState } from 'react';
import { useShopDates } from '../../../lib/dates';
import { selectCanRedo, selectCanUndo, selectDirty, useEditor, useEditorStore } from './store';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/**
 * The visible undo history (issue 9 item 6 "a visible history list to jump to any step"): every step newest first
 * with what it did and when; the current one marked, later (redoable) ones dimmed; a click jumps there.
 */
const HistoryList = memo(function HistoryList({ onJump }: { onJump: () => void }) {
  const dates = useShopDates();
  const store = useEditorStore();
  const entries = useEditor((s) => s.history.entries);
  const pointer = useEditor((s) => s.history.pointer);
  const savedAt = useEditor((s) => s.history.savedAt);
  const rows = entries.map((e, i) => ({ e, i })).reverse();
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" px="sm" py={6}>
        {entries.length - 1} {entries.length === 2 ? 'change' : 'changes'} · click a step to go back or forward to it
      </Text>
      <ScrollArea.Autosize mah={360} type="auto">
        <Stack gap={0} component="ol" className="br-plain-list" aria-label="Edit history">
          {rows.map(({ e, i }) => (
            <li key={`${i}-${e.at}`}>
              <UnstyledButton
                className="br-history-step"
                data-current={i === pointer || undefined}
                data-future={i > pointer || undefined}
                aria-current={i === pointer ? 'step' : undefined}
                onClick={() => {
                  store.getState().jump(i);
                  onJump();
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate>
                    {e.label}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    {i === savedAt && (
                      <Badge size="xs" variant="light" color="brand" c="brand.9">
                        Saved
                      </Badge>
                    )}
                    <Text size="xs" c="dimmed">
                      {dates.time(e.at, { seconds: true })}
                    </Text>
                  </Group>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
});

/** The editor's keyboard shortcuts as the list shows them: keys (each a key cap) and what they do. */
const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: [MOD.replace('+', ''), 'Z'], what: 'Undo' },
  { keys: [MOD.replace('+', ''), 'Shift', 'Z'], what: 'Redo' },
  { keys: [MOD.replace('+', ''), 'S'], what: 'Save' },
  { keys: ['Space'], what: 'Lift or drop the focused section or block (drag handle)' },
  { keys: ['↑', '↓'], what: 'Move the lifted section or block' },
  { keys: ['Esc'], what: 'Cancel the move' },
  { keys: ['?'], what: 'Show these shortcuts' },
];

/**
 * The list of the editor's keyboard shortcuts (issue 9 item 6 hotkeys, the keyboard drag of spec §2), opened by its
 * button or by "?" typed outside a field.
 */
function Shortcuts() {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      const typing = t && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));
      if (e.key === '?' && !typing && !e.ctrlKey && !e.metaKey && !e.altKey) setOpened((o) => !o);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={360} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label="Keyboard shortcuts (?)" disabled={opened}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label="Keyboard shortcuts"
            aria-expanded={opened}
          >
            <IconKeyboard size={20} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown aria-label="Keyboard shortcuts">
        <Table aria-label="Keyboard shortcuts" verticalSpacing={6} fz="sm">
          <Table.Tbody>
            {SHORTCUTS.map((s) => (
              <Table.Tr key={s.what}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={4} wrap="nowrap">
                    {s.keys.map((k) => (
                      <Kbd key={k} size="xs">
                        {k}
                      </Kbd>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{s.what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The editor's top bar (spec §2): Close (back to website.themes), the theme's name and state, the page selector,
 * the device toggle (desktop / mobile 375 × 667), undo/redo with the history list, the keyboard shortcuts, and Save
 * with a busy indicator.
 */
export function TopBar({ name, onClose, onSave }: { name: string; onClose: () => void; onSave: () => void }) {
  const store = useEditorStore();
  const page = useEditor((s) => s.page);
  const device = useEditor((s) => s.device);
  const saving = useEditor((s) => s.saving);
  const dirty = useEditor(selectDirty);
  const canUndo = useEditor(selectCanUndo);
  const canRedo = useEditor(selectCanRedo);
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <Group h={56} px="sm" justify="space-between" wrap="nowrap" gap="sm" className="br-editor-topbar" component="header">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 0' }}>
        <Tooltip label="Close">
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={onClose} aria-label="Close">
            <IconX size={20} />
          </ActionIcon>
        </Tooltip>
        <Text fw={650} truncate>
          {name}
        </Text>
        {dirty ? (
          <Badge variant="light" color="yellow" c="dark.7" size="sm" style={{ flexShrink: 0 }}>
            Unsaved changes
          </Badge>
        ) : (
          <Badge variant="light" color="gray" c="dark.6" size="sm" style={{ flexShrink: 0 }}>
            Saved
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label="Page"
          w={190}
          data={THEME_SCHEMA.pages.map((p) => ({ value: p, label: THEME_SCHEMA.pageLabels[p] }))}
          value={page}
          allowDeselect={false}
          onChange={(v) => v && store.getState().setPage(v as PreviewPage)}
          comboboxProps={{ withinPortal: true }}
        />
        <SegmentedControl
          aria-label="Preview device"
          value={device}
          onChange={(v) => store.getState().setDevice(v as 'desktop' | 'mobile')}
          data={[
            {
              value: 'desktop',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconDeviceDesktop size={16} aria-hidden />
                  <VisuallyHidden>Desktop</VisuallyHidden>
                </Group>
              ),
            },
            {
              value: 'mobile',
              label: (
                <Group gap={4} wrap="nowrap">
                  <IconDeviceMobile size={16} aria-hidden />
                  <VisuallyHidden>Mobile</VisuallyHidden>
                </Group>
              ),
            },
          ]}
        />
      </Group>
      <Group gap={6} wrap="nowrap" justify="flex-end" style={{ flex: '1 1 0' }}>
        <Tooltip label={`Undo (${MOD}Z)`}>
          <ActionIcon variant="subtle" color="gray" size="lg" disabled={!canUndo} onClick={() => store.getState().undo()} aria-label="Undo">
            <IconArrowBackUp size={20} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={`Redo (${MOD}Shift+Z)`}>
          <ActionIcon variant="subtle" color="gray" size="lg" disabled={!canRedo} onClick={() => store.getState().redo()} aria-label="Redo">
            <IconArrowForwardUp size={20} />
          </ActionIcon>
        </Tooltip>
        <Popover opened={historyOpen} onChange={setHistoryOpen} position="bottom-end" width={340} shadow="md" withinPortal>
          <Popover.Target>
            <Tooltip label="History" disabled={historyOpen}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => setHistoryOpen((o) => !o)}
                aria-label="History"
                aria-expanded={historyOpen}
              >
                <IconHistory size={20} />
              </ActionIcon>
            </Tooltip>
          </Popover.Target>
          <Popover.Dropdown p={0} aria-label="Edit history">
            <HistoryList onJump={() => undefined} />
          </Popover.Dropdown>
        </Popover>
        <Shortcuts />
        <Tooltip label={`Save (${MOD}S)`}>
          <Button onClick={onSave} loading={saving} disabled={!dirty && !saving} ml={4}>
            Save
          </Button>
        </Tooltip>
      </Group>
    </Group>
  );
}
