import '@mantine/spotlight/styles.css';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS, SEARCH_TYPES, type SearchResponse } from '@backroom/contracts';
import { Badge, Group, Kbd, Loader, Modal, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { createSpotlight, Spotlight } from '@mantine/spotlight';
import { IconClock, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../lib/api';
import { searchKeys } from '../lib/query-keys';
import type { MenuGroup } from './menu';
import { filterEntries, goShortcuts, paletteEntries, readRecent, rememberSearch, searchableHint } from './palette';

/** How long after `g` the next letter still counts as a "go to" shortcut (ms). */
const GO_WINDOW_MS = 1500;

/** Ctrl on most systems, ⌘ on Apple ones: how the palette's shortcut is written. */
const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';

/** `GET /api/search` for `q` (issue 20 item 1), silent: a failed search shows no error toast, the palette says it. */
export function searchOptions(q: string) {
  return {
    queryKey: searchKeys.part('q', q),
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<SearchResponse>('/search', { query: { q }, silent: true, signal }),
    staleTime: 30_000,
    enabled: q.length >= SEARCH_MIN_CHARS,
  };
}

interface Props {
  /** The sidebar as `buildMenu` built it for this person (Shell.tsx): the palette's screens and `g` targets. */
  groups: readonly MenuGroup[];
  /** The person's scopes in this store: which actions and search types the palette offers. */
  scopes: Parameters<typeof paletteEntries>[1];
}

/**
 * The palette's own Spotlight store and its open/close/toggle (Mantine's default store is not exported, and the
 * palette reads its selection: see `useFirstHitSelected`).
 */
const [paletteStore, palette] = createSpotlight();

export { palette };

/**
 * Keeps the first action selected whenever the list has actions and none is selected (issue 31 item 9: Enter alone
 * opens the first hit). Spotlight selects its first action only when the query changes, before the server's hits
 * arrive (they come after the debounce and the request), so for an order name nothing was selected and Enter did
 * nothing. Runs after every render of the palette (one DOM query); a selection the person moved with the arrows stays.
 */
function useFirstHitSelected() {
  useEffect(() => {
    const { listId } = paletteStore.getState();
    const list = listId ? document.getElementById(listId) : null;
    if (!list || list.querySelector('[data-selected]')) return;
    const first = list.querySelector('[data-action]');
    if (!first) return;
    first.setAttribute('data-selected', 'true');
    paletteStore.updateState((state) => ({ ...state, selected: 0 }));
  });
}

/**
 * The command palette and keyboard shortcuts of the shell (issue 20 items 2 and 3), on `@mantine/spotlight`:
 * - Ctrl/⌘+K or `/` opens it (Spotlight's own hotkeys; never while typing in an input, textarea, select or
 *   contenteditable); ↑/↓ move, Enter opens, Esc closes;
 * - typing shows the screens and actions of the route registry the person may open (`paletteEntries`, the
 *   sidebar's list) at once, and the server's hits (`GET /api/search`) SEARCH_DEBOUNCE_MS after the last keystroke;
 *   each answer is cached under its own text (`searchKeys.part('q', q)`), so a late answer of an older text is
 *   never shown for the newer one, and leaving a text aborts its request;
 * - with no text: the recent searches (localStorage) and what can be searched;
 * - `g` then a letter goes to a sidebar group (`goShortcuts`), `?` lists every shortcut;
 * - an aria-live region announces what a shortcut did and how many hits a search found.
 */
export function CommandPalette({ groups, scopes }: Props) {
  const router = useRouter();
  const [query, setQuery] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const [helpOpen, setHelpOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const goArmedAt = useRef(0);
  const text = query.trim();
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= SEARCH_MIN_CHARS;
  const result = useQuery(searchOptions(debounced));
  const answer = searching && result.data?.q === debounced ? result.data : undefined;

  const entries = useMemo(() => paletteEntries(groups, scopes), [groups, scopes]);
  const shown = useMemo(() => (text ? filterEntries(entries, text) : []), [entries, text]);
  const gos = useMemo(() => goShortcuts(groups), [groups]);
  const hint = useMemo(() => searchableHint(scopes), [scopes]);

  const announce = useCallback((message: string) => {
    // The same text twice in a row is still announced: clear, then set on the next frame.
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }, []);

  const open = (path: string, remember: boolean) => {
    if (remember && text) setRecent(rememberSearch(text));
    void router.navigate({ href: path });
  };

  useHotkeys([
    [
      'g',
      () => {
        goArmedAt.current = Date.now();
        announce(`Go to: press ${gos.map((g) => `${g.letter} for ${g.title}`).join(', ')}`);
      },
    ],
    ...gos.map(
      (g) =>
        [
          g.letter,
          () => {
            if (Date.now() - goArmedAt.current > GO_WINDOW_MS) return;
            goArmedAt.current = 0;
            announce(`Going to ${g.title}`);
            void router.navigate({ href: g.path });
          },
        ] as [string, () => void],
    ),
    ['shift+?', () => setHelpOpen(true)],
    ['?', () => setHelpOpen(true)],
  ]);
  // Ctrl/Cmd+K types nothing, so it opens the palette from inside a field too (a product's title), as in Shopify's
  // admin — but not in the rich-text editor, where it is the link shortcut; `/` and the `g` letters stay quiet while
  // typing (issue 20 item 3).
  useHotkeys([['mod+K', () => palette.open()]], []);

  const hits = answer?.groups.reduce((n, g) => n + g.results.length, 0) ?? 0;
  const loading = searching && result.isFetching && !answer;
  const nothing = !!text && shown.length === 0 && (!searching || (!!answer && hits === 0));
  const total = hits + shown.length;
  const answered = answer?.q;
  useFirstHitSelected();
  useEffect(() => {
    if (answered) announce(`${total} results for ${answered}`);
  }, [answered, total, announce]);

  return (
    <>
      <Spotlight.Root
        store={paletteStore}
        query={query}
        onQueryChange={setQuery}
        shortcut={['/']}
        onSpotlightOpen={() => announce('Search opened')}
        scrollable
        maxHeight={480}
        // The dialog's accessible name (axe aria-dialog-name); the header itself stays hidden, the input says it all.
        title="Search"
        // Each hit's padding is Spotlight's own (7px × md), set here so it does not depend on stylesheet order: the
        // shell's lazy core stylesheet (full-styles, with UnstyledButton's `padding: 0` for the same specificity)
        // may arrive after the spotlight's and left the hits flush against the edge.
        styles={{ header: { display: 'none' }, action: { padding: '7px var(--mantine-spacing-md)' } }}
      >
        <Spotlight.Search
          placeholder="Search orders, products, customers… or a screen"
          leftSection={loading ? <Loader size={16} /> : <IconSearch size={18} stroke={1.7} aria-hidden />}
          aria-label="Search"
        />
        <Spotlight.ActionsList aria-label="Search results">
          {!text && recent.length > 0 && (
            <Spotlight.ActionsGroup label="Recent searches">
              {recent.map((r) => (
                <Spotlight.Action
                  key={r}
                  label={r}
                  leftSection={<IconClock size={16} stroke={1.7} aria-hidden />}
                  closeSpotlightOnTrigger={false}
                  onClick={() => setQuery(r)}
                />
              ))}
            </Spotlight.ActionsGroup>
          )}
          {shown.length > 0 && (
            <Spotlight.ActionsGroup label="Screens and actions">
              {shown.map((e) => {
                const Icon = e.icon;
                return (
                  <Spotlight.Action
                    key={e.name}
                    label={e.label}
                    description={e.description}
                    leftSection={Icon ? <Icon size={18} stroke={1.7} aria-hidden /> : undefined}
                    rightSection={e.kind === 'action' ? <Badge variant="light">Action</Badge> : undefined}
                    onClick={() => open(e.path, false)}
                  />
                );
              })}
            </Spotlight.ActionsGroup>
          )}
          {answer?.groups.map((g) => (
            <Spotlight.ActionsGroup key={g.type} label={SEARCH_TYPES[g.type].label}>
              {g.results.map((r) => (
                <Spotlight.Action key={`${r.type}-${r.id}`} label={r.title} description={r.subtitle} onClick={() => open(r.path, true)} />
              ))}
            </Spotlight.ActionsGroup>
          ))}
          {searching && result.isError && <Spotlight.Empty>Search is not available right now. Screens are still listed.</Spotlight.Empty>}
          {nothing && <Spotlight.Empty>Nothing found for “{text}”.</Spotlight.Empty>}
          {(!text || nothing) && (
            <Spotlight.Empty>
              <Text size="sm" fw={500}>
                You can search
              </Text>
              <Text component="ul" size="sm" c="dimmed" m={0} pl="md">
                {hint.map((h) => (
                  <li key={h}>{h}</li>
                ))}
                <li>Screens and actions by name (Orders, Add product, Payout…)</li>
              </Text>
            </Spotlight.Empty>
          )}
        </Spotlight.ActionsList>
        <Spotlight.Footer>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to move · <Kbd size="xs">Enter</Kbd> to open · <Kbd size="xs">Esc</Kbd> to close ·{' '}
            <Kbd size="xs">?</Kbd> for every shortcut
          </Text>
        </Spotlight.Footer>
      </Spotlight.Root>
      <Modal opened={helpOpen} onClose={() => setHelpOpen(false)} title="Keyboard shortcuts">
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Kbd>{MOD}</Kbd> + <Kbd>K</Kbd> or <Kbd>/</Kbd>
              </Table.Td>
              <Table.Td>Search and go anywhere</Table.Td>
            </Table.Tr>
            {gos.map((g) => (
              <Table.Tr key={g.letter}>
                <Table.Td>
                  <Kbd>g</Kbd> then <Kbd>{g.letter}</Kbd>
                </Table.Td>
                <Table.Td>Go to {g.title}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td>
                <Kbd>?</Kbd>
              </Table.Td>
              <Table.Td>This list</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed" mt="sm">
          Shortcuts do nothing while you type in a field.
        </Text>
      </Modal>
      <VisuallyHidden aria-live="polite" role="status" aria-label="Search announcements">
        {announcement}
      </VisuallyHidden>
    </>
  );
}

/** The top bar's search button (mouse and touch): opens the palette, shows its shortcut. */
export function SearchButton() {
  return (
    <UnstyledButton
      onClick={() => palette.open()}
      aria-label={`Search (${MOD}+K)`}
      px="sm"
      py={6}
      style={{ borderRadius: 6, background: 'rgba(255,255,255,0.08)', color: 'var(--mantine-color-gray-3)' }}
    >
      <Group gap="xs" wrap="nowrap">
        <IconSearch size={16} stroke={1.7} aria-hidden />
        <Text size="sm" visibleFrom="md">
          Search
        </Text>
        <Kbd size="xs" visibleFrom="md">
          {MOD} K
        </Kbd>
      </Group>
    </UnstyledButton>
  );
}
