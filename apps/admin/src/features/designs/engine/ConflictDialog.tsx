import type { Design } from '@backroom/contracts';
import { Alert, Badge, Button, Group, Loader, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useShopDates } from '../../../lib/dates';
import { current } from '../../../lib/history';
import { fetchDesign } from '../api';
import { changeText, conflictRows } from './conflict';
import { useDesignStore } from './store';

/**
 * The 409 of an autosave (issue 19 item 2 "autosave of drafts"; `PUT /api/designs/{id}` answers 409 when someone saved
 * a newer version — another tab, another person), shown like the theme editor's conflict (issue 9 item 6): who saved
 * which version when, what they changed and what you changed surface by surface, and a choice. Nothing is lost either
 * way: **Take theirs** loads the saved version as a new undo step (Undo brings the draft back, and it is saved again
 * if chosen), **Overwrite** saves the draft over theirs (their version stays in the design's history on the server
 * only as far as the server keeps it — so the dialog says what will be replaced). Saving stays paused until one is
 * chosen; the dialog cannot be dismissed, since a dismissed conflict would silently stop autosave.
 */
export function ConflictDialog({ onTheirs, onOverwrite }: { onTheirs: (d: Design) => void; onOverwrite: (d: Design) => void }) {
  const dates = useShopDates();
  const store = useDesignStore();
  const [theirs, setTheirs] = useState<Design | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the Try again button.
  useEffect(() => {
    let live = true;
    setError(null);
    fetchDesign(store.getState().designId)
      .then((d) => live && setTheirs(d))
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : 'The saved version could not be read'));
    return () => {
      live = false;
    };
  }, [store, attempt]);

  const s = store.getState();
  const base = s.history.savedAt >= 0 ? (s.history.entries[s.history.savedAt]?.config ?? null) : null;
  const rows = theirs ? conflictRows(base, theirs.document, current(s.history)) : [];
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      title="Someone else saved this design"
      size="lg"
    >
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={16} aria-hidden />}>
          {theirs
            ? `Version ${theirs.version} was saved at ${dates.time(theirs.updatedAt)} (in another tab or by someone else) while you were editing, so your last changes are not saved yet.`
            : 'A newer version was saved (in another tab or by someone else) while you were editing, so your last changes are not saved yet.'}{' '}
          Nothing is lost: choose what to keep.
        </Alert>
        {error ? (
          <Alert color="red" title="The saved version could not be read">
            {error}
          </Alert>
        ) : !theirs ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Reading the saved version…</Text>
          </Group>
        ) : (
          <ScrollArea.Autosize mah={300}>
            <Table striped withTableBorder verticalSpacing={6} aria-label="What differs, surface by surface">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Part</Table.Th>
                  <Table.Th>They changed</Table.Th>
                  <Table.Th>You changed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {r.name}
                        </Text>
                        {r.theirs && r.mine && (
                          <Badge size="xs" color="orange" variant="light" c="dark.7">
                            Both
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{changeText(r.theirs)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs">{changeText(r.mine)}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
                {!rows.length && (
                  <Table.Tr>
                    <Table.Td colSpan={3}>
                      <Text size="sm" c="dimmed">
                        The two versions draw the same.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Text size="xs" c="dimmed">
          Take theirs: their version opens, and Undo brings yours back. Overwrite: your version is saved over theirs.
        </Text>
        <Group justify="flex-end" gap="xs">
          {error && (
            <Button variant="default" onClick={() => setAttempt((a) => a + 1)}>
              Try again
            </Button>
          )}
          <Button variant="default" disabled={!theirs} onClick={() => theirs && onTheirs(theirs)}>
            Take theirs
          </Button>
          <Button color="red" disabled={!theirs} onClick={() => theirs && onOverwrite(theirs)}>
            Overwrite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
