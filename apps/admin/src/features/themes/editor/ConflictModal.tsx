import { Alert, Badge, Button, Group, Modal, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ConflictRow } from './diff';

/** What a conflict view needs: the rows and who saved the newer version, when. */
export interface ConflictInfo {
  rows: ConflictRow[];
  /** "Jane Doe saved version 7 at 10:42 AM" */
  who: string;
}

const fields = (d: ConflictRow['theirs']) =>
  !d ? (
    <Text size="xs" c="dimmed">
      —
    </Text>
  ) : d.kind !== 'changed' ? (
    <Badge size="xs" variant="light" color={d.kind === 'added' ? 'green' : 'red'} c="dark.7">
      {d.kind === 'added' ? 'Added' : 'Removed'}
    </Badge>
  ) : (
    <Text size="xs">{d.fields.length ? d.fields.join(', ') : 'Changed'}</Text>
  );

/**
 * The 409 conflict (issue 9 item 6 "shown section by section (what they changed, what you changed) with a choice
 * (take theirs / overwrite / keep editing)"). Parts both sides changed are marked. Take theirs loads the saved
 * version as a new undo step (Undo brings the draft back); Overwrite saves the draft over it; Keep editing closes.
 */
export function ConflictModal({
  info,
  busy,
  onTheirs,
  onOverwrite,
  onKeep,
}: {
  info: ConflictInfo;
  busy: boolean;
  onTheirs: () => void;
  onOverwrite: () => void;
  onKeep: () => void;
}) {
  return (
    <Modal opened onClose={onKeep} title="Someone else saved this theme" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle size={16} />}>
          {info.who} while you were editing. Nothing is lost: choose what to keep.
        </Alert>
        <ScrollArea.Autosize mah={360}>
          <Table striped withTableBorder verticalSpacing={6} aria-label="What differs, section by section">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Section</Table.Th>
                <Table.Th>They changed</Table.Th>
                <Table.Th>You changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {info.rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {r.label}
                      </Text>
                      {r.theirs && r.mine && (
                        <Badge size="xs" color="orange" variant="light" c="dark.7">
                          Both
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{fields(r.theirs)}</Table.Td>
                  <Table.Td>{fields(r.mine)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onKeep} disabled={busy}>
            Keep editing
          </Button>
          <Button variant="default" onClick={onTheirs} disabled={busy}>
            Take theirs
          </Button>
          <Button color="red" onClick={onOverwrite} loading={busy}>
            Overwrite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
