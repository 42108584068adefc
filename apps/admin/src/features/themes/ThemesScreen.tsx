import { RenameThemeBody, type ThemeSummary } from '@backroom/contracts';
import { THEME_LABELS } from '@backroom/theme';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertCircle,
  IconCopy,
  IconDots,
  IconExternalLink,
  IconHistory,
  IconPencil,
  IconTrash,
  IconUpload,
  IconWand,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { type ShopDates, useShopDates } from '../../lib/dates';
import { routePath } from '../../routes';
import { themesListOptions, useThemeMutations } from './api';
import { shopOrigin, themeStorefrontUrl } from './storefront';
import { ThemeThumbnail } from './ThemeThumbnail';
import { VersionHistory } from './VersionHistory';

type Dialog =
  | { kind: 'publish'; theme: ThemeSummary }
  | { kind: 'rename'; theme: ThemeSummary }
  | { kind: 'delete'; theme: ThemeSummary }
  | { kind: 'history'; theme: ThemeSummary }
  | null;

const CLOSE = { 'aria-label': 'Close' };

/** "Saved Nov 23, 2026, 10:42 AM" from a theme's current version time. */
const savedText = (t: ThemeSummary, dates: ShopDates) =>
  t.updatedAt ? `Saved ${dates.dateTime(t.updatedAt)} · version ${t.version}` : 'Never saved';

/** One theme: live thumbnail, name, type, Live badge, and its actions (issue 9 item 1). */
function ThemeCard({
  theme,
  origin,
  onDialog,
  featured,
}: {
  theme: ThemeSummary;
  origin: string | null;
  onDialog: (d: Dialog) => void;
  featured: boolean;
}) {
  const dates = useShopDates();
  const { duplicate } = useThemeMutations();
  const editor = routePath('website.themes.editor', { themeId: theme.id });
  const details = (
    <Stack gap={6} style={{ minWidth: 0 }}>
      <Group gap={8} wrap="nowrap">
        <Title order={featured ? 3 : 4} fz={featured ? 20 : 16} lineClamp={1}>
          {theme.name}
        </Title>
        {theme.published && (
          <Badge color="brand" variant="light" c="brand.9" size="sm">
            Live
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {THEME_LABELS[theme.type]} theme · {savedText(theme, dates)}
      </Text>
      <Group gap="xs" mt={4}>
        <Button component={Link} to={editor} leftSection={<IconWand size={16} aria-hidden />} aria-label={`Customize ${theme.name}`}>
          Customize
        </Button>
        {!theme.published && (
          <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => onDialog({ kind: 'publish', theme })}>
            Publish
          </Button>
        )}
        <Button
          variant="default"
          component="a"
          href={origin ? themeStorefrontUrl(origin, theme.id) : undefined}
          target="_blank"
          rel="noopener"
          leftSection={<IconExternalLink size={16} aria-hidden />}
          aria-label={`Preview ${theme.name} in a new tab`}
        >
          Preview
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={36} aria-label={`More actions for ${theme.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onDialog({ kind: 'rename', theme })}>
              Rename
            </Menu.Item>
            <Menu.Item
              leftSection={<IconCopy size={16} />}
              onClick={async () => {
                const r = await duplicate.mutateAsync(theme.id);
                notifications.show({ color: 'green', message: `${r.theme.name} created` });
              }}
            >
              Duplicate
            </Menu.Item>
            <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => onDialog({ kind: 'history', theme })}>
              Version history
            </Menu.Item>
            {!theme.published && (
              <>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDialog({ kind: 'delete', theme })}>
                  Delete
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Stack>
  );
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={theme.name}>
      {featured ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'center' }}>
          <ThemeThumbnail origin={origin} themeId={theme.id} name={theme.name} />
          {details}
        </SimpleGrid>
      ) : (
        <Stack gap="md">
          <ThemeThumbnail origin={origin} themeId={theme.id} name={theme.name} />
          {details}
        </Stack>
      )}
    </Card>
  );
}

/** Rename dialog: the name is checked with the contract's own rule (RenameThemeBody: trimmed, 1 to 100 characters). */
function RenameModal({ theme, onClose }: { theme: ThemeSummary; onClose: () => void }) {
  const { rename } = useThemeMutations();
  const [name, setName] = useState(theme.name);
  const parsed = RenameThemeBody.safeParse({ name });
  const trimmed = parsed.success ? parsed.data.name : '';
  const error = parsed.success ? null : (parsed.error.issues[0]?.message ?? 'name is not valid');
  return (
    <Modal opened onClose={onClose} title="Rename theme" closeButtonProps={CLOSE}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (error) return;
          await rename.mutateAsync({ themeId: theme.id, name: trimmed });
          onClose();
        }}
      >
        <TextInput
          label="Theme name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={name !== theme.name && error}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending} disabled={!!error}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/**
 * Online Store → Themes (`website.themes`, issue 9 item 1): the published theme on top, the others in the theme
 * library; each as a card with a live thumbnail, Customize (→ the editor), Publish (confirmed, announced with an
 * Undo), Preview (the storefront showing that theme in a new tab), Rename, Duplicate, Version history with restore,
 * and Delete for unpublished themes.
 */
export default function ThemesScreen() {
  const list = useQuery(themesListOptions());
  const { publish, remove } = useThemeMutations();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [historyTheme, setHistoryTheme] = useState<ThemeSummary | null>(null);
  const origin = shopOrigin();
  const themes = list.data?.themes ?? [];
  const live = themes.find((t) => t.published);
  const others = themes.filter((t) => !t.published);

  const onDialog = (d: Dialog) => {
    if (d?.kind === 'history') setHistoryTheme(d.theme);
    else setDialog(d);
  };

  const doPublish = async (theme: ThemeSummary) => {
    const before = live;
    try {
      await publish.mutateAsync(theme.id);
    } catch {
      // The api client has shown the server's message (global api-error notification); the dialog stays open.
      return;
    }
    setDialog(null);
    const id = `publish-${theme.id}`;
    notifications.show({
      id,
      color: 'green',
      title: `${theme.name} is live`,
      message: (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">Shoppers now see {theme.name}.</Text>
          {before && (
            <Button
              size="compact-sm"
              variant="default"
              onClick={() => {
                notifications.hide(id);
                publish.mutate(before.id, { onSuccess: () => notifications.show({ message: `${before.name} is live again` }) });
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
    <Stack maw={1100} mx="auto" w="100%" gap="lg">
      <div>
        <Title order={1} fz={24}>
          Themes
        </Title>
        <Text c="dimmed" size="sm">
          The theme your shoppers see, and the others you can customise and publish.
        </Text>
      </div>
      {list.isError && (
        <Alert color="red" icon={<IconAlertCircle size={16} />}>
          The themes could not be loaded.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {list.isPending && <Skeleton h={320} radius="lg" />}
      {live && (
        <section aria-labelledby="current-theme">
          <Title order={2} fz={16} mb="xs" id="current-theme">
            Current theme
          </Title>
          <ThemeCard theme={live} origin={origin} onDialog={onDialog} featured />
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby="theme-library">
          <Title order={2} fz={16} mb="xs" id="theme-library">
            Theme library
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {others.map((t) => (
              <ThemeCard key={t.id} theme={t} origin={origin} onDialog={onDialog} featured={false} />
            ))}
          </SimpleGrid>
        </section>
      )}

      {dialog?.kind === 'publish' && (
        <Modal opened onClose={() => setDialog(null)} title={`Publish ${dialog.theme.name}?`} closeButtonProps={CLOSE}>
          <Text size="sm">
            {dialog.theme.name} replaces {live?.name ?? 'the current theme'} as the theme your shoppers see. You can switch back at any
            time.
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button loading={publish.isPending} onClick={() => void doPublish(dialog.theme)}>
              Publish
            </Button>
          </Group>
        </Modal>
      )}
      {dialog?.kind === 'rename' && <RenameModal theme={dialog.theme} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && (
        <Modal opened onClose={() => setDialog(null)} title={`Delete ${dialog.theme.name}?`} closeButtonProps={CLOSE}>
          <Text size="sm">The theme and all its saved versions are deleted. This cannot be undone.</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={() => setDialog(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={async () => {
                await remove.mutateAsync(dialog.theme.id);
                setDialog(null);
              }}
            >
              Delete theme
            </Button>
          </Group>
        </Modal>
      )}
      <VersionHistory theme={historyTheme} opened={!!historyTheme} onClose={() => setHistoryTheme(null)} />
    </Stack>
  );
}
