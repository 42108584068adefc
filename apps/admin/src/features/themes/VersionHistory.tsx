import type { ThemeConfigItem, ThemeSummary, ThemeVersion } from '@backroom/contracts';
import type { ThemeConfig } from '@backroom/theme';
import { Alert, Badge, Button, Collapse, Drawer, Group, Loader, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useShopDates } from '../../lib/dates';
import { themeConfigOptions, themeVersionOptions, themeVersionsOptions, useThemeMutations } from './api';
import { DiffList } from './DiffList';
import { diffConfigs } from './editor/diff';

/** What produced a version, in words: seed → Created, save → Saved, restore:N → Restored version N, duplicate → Duplicated. */
export function versionNote(note: string): string {
  if (note === 'seed') return 'Created';
  if (note === 'save') return 'Saved';
  if (note.startsWith('restore:')) return `Restored version ${note.slice(8)}`;
  if (note.startsWith('duplicate:')) return 'Duplicated';
  return note;
}

/** Who saved a version: the name, else the e-mail, else 'System' (the demo seed). */
const who = (v: ThemeVersion) => v.createdBy?.name || v.createdBy?.email || 'System';

/**
 * One version's restore preview (issue 9 item 6 "a version's restore preview with the same per-section diff"): what
 * restoring it would change in the current config, part by part, and the "Restore version N" button. The button
 * appears only once the differences are shown, so it does not move under the pointer when they arrive.
 */
function RestorePreview({
  theme,
  version,
  busy,
  onRestore,
}: {
  theme: ThemeSummary;
  version: number;
  busy: boolean;
  onRestore: () => void;
}) {
  const cur = useQuery(themeConfigOptions(theme.id));
  const old = useQuery(themeVersionOptions(theme.id, version));
  const diffs = useMemo(
    () => (cur.data && old.data ? diffConfigs(cur.data as unknown as ThemeConfig, old.data as unknown as ThemeConfig, theme.type) : null),
    [cur.data, old.data, theme.type],
  );
  if (cur.isError || old.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={16} />}>
        The differences could not be loaded.
      </Alert>
    );
  }
  if (!diffs) return <Loader size="sm" aria-label="Loading the differences" />;
  return (
    <>
      <DiffList diffs={diffs} empty="This version is the same as the current one." />
      <Group justify="flex-end">
        <Button size="xs" loading={busy} onClick={onRestore}>
          Restore version {version}
        </Button>
      </Group>
    </>
  );
}

/**
 * The version history of a theme (issue 9 item 1 "version history (who saved, when) with restore"): every saved
 * version newest first with who saved it and when; each older one can show what restoring it would change and be
 * restored. A restore makes that version the new current one and is announced with an Undo (which restores the
 * version that was current before). A failed restore (or Undo) leaves everything as it was and is reported by the api
 * client's error notification with the server's message (global api-error event).
 */
export function VersionHistory({ theme, opened, onClose }: { theme: ThemeSummary | null; opened: boolean; onClose: () => void }) {
  const dates = useShopDates();
  const versions = useQuery({ ...themeVersionsOptions(theme?.id ?? ''), enabled: !!theme && opened });
  const { restore } = useThemeMutations();
  const [open, setOpen] = useState<number | null>(null);

  const doRestore = async (v: ThemeVersion) => {
    if (!theme) return;
    let item: ThemeConfigItem;
    try {
      item = await restore.mutateAsync({ themeId: theme.id, version: v.version });
    } catch {
      // The api client has shown the server's message (global api-error notification); the drawer stays as it was.
      return;
    }
    setOpen(null);
    // The restore made version current + 1 in one transaction: the version current before it is the one below.
    const previous = item.version - 1;
    const id = `restore-${theme.id}-${item.version}`;
    notifications.show({
      id,
      color: 'green',
      title: `Version ${v.version} restored`,
      message: (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            It is now version {item.version} of {theme.name}.
          </Text>
          {previous > 0 && (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                notifications.hide(id);
                restore.mutate(
                  { themeId: theme.id, version: previous },
                  {
                    onSuccess: (back) => notifications.show({ message: `Version ${previous} is current again (version ${back.version})` }),
                  },
                );
              }}
            >
              Undo
            </Button>
          )}
        </Group>
      ),
      autoClose: 8000,
    });
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={
        <Group gap={8}>
          <IconHistory size={18} aria-hidden />
          <Text fw={650}>Version history{theme ? ` · ${theme.name}` : ''}</Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {versions.isPending && <Loader size="sm" aria-label="Loading versions" />}
      {versions.isError && (
        <Alert color="red" icon={<IconAlertCircle size={16} />}>
          The versions could not be loaded.
        </Alert>
      )}
      <Stack gap="xs">
        {versions.data?.versions.map((v, i) => (
          <Paper key={v.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Group gap={6}>
                  <Text fw={600} size="sm">
                    Version {v.version}
                  </Text>
                  {i === 0 && (
                    <Badge size="xs" color="brand" variant="light" c="brand.9">
                      Current
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {versionNote(v.note)} by {who(v)} · {dates.dateTime(v.createdAt)}
                </Text>
              </div>
              {i > 0 && (
                <Button size="compact-sm" variant="subtle" onClick={() => setOpen(open === v.version ? null : v.version)}>
                  {open === v.version ? 'Hide changes' : 'Preview restore'}
                </Button>
              )}
            </Group>
            {theme && i > 0 && (
              <Collapse expanded={open === v.version}>
                {open === v.version && (
                  <Stack gap="sm" mt="sm">
                    <Text size="xs" c="dimmed">
                      Restoring version {v.version} changes:
                    </Text>
                    <RestorePreview theme={theme} version={v.version} busy={restore.isPending} onRestore={() => void doRestore(v)} />
                  </Stack>
                )}
              </Collapse>
            )}
          </Paper>
        ))}
      </Stack>
    </Drawer>
  );
}
