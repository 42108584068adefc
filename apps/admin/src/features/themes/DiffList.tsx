import { Badge, Group, List, Stack, Text } from '@mantine/core';
import type { PartDiff } from './editor/diff';

const KIND = {
  changed: { color: 'blue', text: 'Changed' },
  added: { color: 'green', text: 'Added' },
  removed: { color: 'red', text: 'Removed' },
};

/**
 * A per-section diff (issue 9 item 6: restore preview and 409 conflict): each part that differs with a badge
 * (Changed / Added / Removed) and the settings that changed. `empty` is shown when nothing differs.
 */
export function DiffList({ diffs, empty = 'No differences.' }: { diffs: PartDiff[]; empty?: string }) {
  if (!diffs.length) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Stack gap={8}>
      {diffs.map((d) => (
        <div key={d.id}>
          <Group gap={8}>
            <Text size="sm" fw={600}>
              {d.label}
            </Text>
            <Badge size="xs" variant="light" color={KIND[d.kind].color} c="dark.7">
              {KIND[d.kind].text}
            </Badge>
          </Group>
          {d.fields.length > 0 && (
            <List size="xs" c="dimmed" withPadding>
              {d.fields.slice(0, 6).map((f) => (
                <List.Item key={f}>{f}</List.Item>
              ))}
              {d.fields.length > 6 && <List.Item>and {d.fields.length - 6} more</List.Item>}
            </List>
          )}
        </div>
      ))}
    </Stack>
  );
}
