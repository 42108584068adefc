import {
  ADDABLE_SECTIONS,
  FIXED_AREAS,
  SECTIONS,
  SETTINGS_GROUPS,
  type SectionType,
  type SettingsGroupId,
  THEME_SCHEMA,
} from '@backroom/theme';
import { ActionIcon, Alert, Box, Button, Group, ScrollArea, Stack, Tabs, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useCallback, useState } from 'react';
import { current } from '../../../lib/history';
import { sectionLabel } from './labels';
import { WithPanels } from './lazy-panels';
import { SectionList } from './SectionList';
import { settingGroups, useEditor, useEditorStore } from './store';

/** A sidebar view's title row with the back arrow (spec §2 "a back arrow that returns to the list"). */
function ViewHeader({ title, onBack, right }: { title: string; onBack: () => void; right?: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" px="sm" py={10} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <ActionIcon variant="subtle" color="gray" onClick={onBack} aria-label="Back">
        <IconArrowLeft size={18} />
      </ActionIcon>
      <Title order={2} fz={15} fw={650} style={{ flex: 1, minWidth: 0 }} lineClamp={1}>
        {title}
      </Title>
      {right}
    </Group>
  );
}

/** Issues of one part, listed above its panel (the inline flags of the Save check). */
function PartIssues({ target }: { target: string }) {
  const issues = useEditor((s) => s.issues);
  const mine = issues.filter((i) => i.target === target);
  if (!mine.length) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={16} />} title="Fix before saving" mx="sm" mt="sm">
      <Stack gap={2}>
        {mine.map((i) => (
          <Text size="xs" key={`${i.where}:${i.message}`}>
            {i.where}: {i.message}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

/** A section's panel with Remove Section (spec §2), announced with an Undo (issue 9 item 6). */
function SectionView({ sectionKey }: { sectionKey: string }) {
  const store = useEditorStore();
  const type = useEditor((s) => current(s.history).pages.homepage.sections.find((x) => x.key === sectionKey)?.type);
  const back = useCallback(() => store.getState().setView({ mode: 'list' }), [store]);
  if (!type) return null;
  const label = sectionLabel(type);
  const remove = () => {
    const before = store.getState().history.pointer;
    store.getState().removeSection(sectionKey);
    const id = `removed-${sectionKey}`;
    notifications.show({
      id,
      message: (
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{label} removed</Text>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => {
              notifications.hide(id);
              const h = store.getState().history;
              if (h.pointer === before + 1) store.getState().undo();
            }}
          >
            Undo
          </Button>
        </Group>
      ),
      autoClose: 6000,
    });
  };
  return (
    <Stack gap={0} h="100%">
      <ViewHeader title={label} onBack={back} />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <PartIssues target={`section:${sectionKey}`} />
        <Box p="sm">
          <WithPanels>{(p) => <p.SectionPanelHost sectionKey={sectionKey} />}</WithPanels>
        </Box>
        <Box px="sm" pb="lg">
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={remove}
            fullWidth
            justify="flex-start"
          >
            Remove Section
          </Button>
        </Box>
      </ScrollArea>
    </Stack>
  );
}

function AreaView({ area }: { area: 'header' | 'footer' }) {
  const store = useEditorStore();
  return (
    <Stack gap={0} h="100%">
      <ViewHeader title={FIXED_AREAS[area].label} onBack={() => store.getState().setView({ mode: 'list' })} />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <PartIssues target={`area:${area}`} />
        <Box p="sm" pb="lg">
          <WithPanels>{(p) => <p.AreaPanelHost area={area} />}</WithPanels>
        </Box>
      </ScrollArea>
    </Stack>
  );
}

function GroupView({ group }: { group: SettingsGroupId }) {
  const store = useEditorStore();
  return (
    <Stack gap={0} h="100%">
      <ViewHeader title={SETTINGS_GROUPS[group].label} onBack={() => store.getState().setView({ mode: 'list' })} />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <PartIssues target={`group:${group}`} />
        <Box p="sm" pb="lg">
          <WithPanels>{(p) => <p.SettingsGroupPanelHost group={group} />}</WithPanels>
        </Box>
      </ScrollArea>
    </Stack>
  );
}

/** The add-section picker (spec §2 "Addable sections" per theme), inserting at `at`. */
function AddView({ at }: { at: number }) {
  const store = useEditorStore();
  const theme = useEditor((s) => s.theme);
  return (
    <Stack gap={0} h="100%">
      <ViewHeader title="Add section" onBack={() => store.getState().setView({ mode: 'list' })} />
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Stack gap={4} p="sm" component="ul" className="br-plain-list" aria-label="Sections you can add">
          {ADDABLE_SECTIONS[theme].map((type: SectionType) => (
            <li key={type}>
              <UnstyledButton className="br-area-entry" onClick={() => store.getState().addSection(type, at)}>
                <Group gap={8} wrap="nowrap">
                  <IconPlus size={16} aria-hidden />
                  <Text size="sm">{SECTIONS[type].label}</Text>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      </ScrollArea>
    </Stack>
  );
}

/** The Setting tab's list: the groups of the selected page (spec §2 table), each opening its panel. */
function SettingList() {
  const store = useEditorStore();
  const page = useEditor((s) => s.page);
  const theme = useEditor((s) => s.theme);
  const issueTargets = useEditor((s) => s.issueTargets);
  const groups = settingGroups(page, theme);
  if (!groups.length) {
    return (
      <Text size="sm" c="dimmed" p="md">
        {THEME_SCHEMA.pageLabels[page]} has no settings of its own. Choose another page above.
      </Text>
    );
  }
  return (
    <Stack gap={2} p="xs" component="ul" className="br-plain-list" aria-label={`Settings of the ${THEME_SCHEMA.pageLabels[page]}`}>
      {groups.map((g) => (
        <li key={g.id}>
          <UnstyledButton
            className="br-area-entry"
            onClick={() => store.getState().setView({ mode: 'group', group: g.id as SettingsGroupId })}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={500}>
                {g.label}
              </Text>
              <Group gap={4}>
                {issueTargets.has(`group:${g.id}`) && (
                  <IconAlertCircle size={16} color="var(--mantine-color-red-7)" aria-label="Has problems" />
                )}
                <IconChevronRight size={14} color="var(--mantine-color-gray-6)" aria-hidden />
              </Group>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

/** The Sections tab when the selected page is not the home page: only the fixed areas (other pages have no sections). */
function NoSections() {
  const store = useEditorStore();
  const page = useEditor((s) => s.page);
  return (
    <Stack gap="xs" p="md">
      <Text size="sm" c="dimmed">
        The {THEME_SCHEMA.pageLabels[page]} has no sections. Its settings are on the Setting tab; the header and footer are shared by every
        page.
      </Text>
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => store.getState().setView({ mode: 'area', area: 'header' })}>
          Header
        </Button>
        <Button size="xs" variant="default" onClick={() => store.getState().setView({ mode: 'area', area: 'footer' })}>
          Footer
        </Button>
        <Button size="xs" variant="default" onClick={() => store.getState().setTab('setting')}>
          Setting
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The editor's left sidebar (spec §2): tabs Sections and Setting; the Sections tab lists the header, the home page's
 * sections and the footer, and opens a section's panel, an area's panel or the add-section picker; the Setting tab
 * lists the selected page's groups. `areaPath` and `getIn` read the values the panels edit.
 */
export function Sidebar() {
  const store = useEditorStore();
  const tab = useEditor((s) => s.tab);
  const view = useEditor((s) => s.view);
  const page = useEditor((s) => s.page);
  // The list's scroll viewport (state, not a ref: the section list virtualises its rows in it once it exists).
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  let body: ReactNode;
  if (view.mode === 'section') body = <SectionView sectionKey={view.key} />;
  else if (view.mode === 'area') body = <AreaView area={view.area} />;
  else if (view.mode === 'group') body = <GroupView group={view.group} />;
  else if (view.mode === 'add') body = <AddView at={view.at} />;
  else
    body = (
      <ScrollArea style={{ flex: 1 }} type="auto" viewportRef={setViewport}>
        {tab === 'sections' ? page === 'home' ? <SectionList scrollElement={viewport} /> : <NoSections /> : <SettingList />}
      </ScrollArea>
    );
  return (
    <Stack gap={0} h="100%" component="nav" aria-label="Theme editor">
      <Tabs value={tab} onChange={(v) => v && store.getState().setTab(v as 'sections' | 'setting')}>
        <Tabs.List grow>
          <Tabs.Tab value="sections">Sections</Tabs.Tab>
          <Tabs.Tab value="setting">Setting</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Box style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}>{body}</Box>
    </Stack>
  );
}
