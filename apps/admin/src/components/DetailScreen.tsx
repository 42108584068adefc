import { NOTE_MAX_LENGTH, type NoteTagsBody, TAGS_MAX_COUNT } from '@backroom/contracts';
import { Button, Card, Group, Skeleton, Stack, TagsInput, Text, Textarea } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

/** Where a detail screen goes back to: its list's route path (`routePath(...)`) and name, e.g. 'Orders'. */
export interface DetailBack {
  to: string;
  label: string;
}

/** The "← Orders" link above a record's detail (issue 12: order and customer detail), back to its list. */
export function BackLink({ to, label }: DetailBack) {
  return (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      color="gray"
      size="compact-sm"
      leftSection={<IconArrowLeft size={14} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
    >
      {label}
    </Button>
  );
}

/**
 * A detail screen before its record arrived (order, customer): the back link, then a 300 px skeleton named
 * 'Loading {noun}', or 'This {noun} could not be loaded.' when the request failed (its API message was notified).
 */
export function DetailPending({ back, isError, noun }: { back: DetailBack; isError: boolean; noun: string }) {
  return (
    <Stack maw={1100}>
      <BackLink {...back} />
      {isError ? <Text>This {noun} could not be loaded.</Text> : <Skeleton h={300} aria-label={`Loading ${noun}`} />}
    </Stack>
  );
}

/**
 * The merchant's note (at most `NOTE_MAX_LENGTH` characters) and tags (at most `TAGS_MAX_COUNT`) of an order or a
 * customer (issue 12 items 3–4), with a Save button enabled once either changed. `onSave` receives only what changed
 * (`NoteTagsBody`, `PATCH /api/orders/{id}` or `/api/customers/{id}`). Give it a React `key` made of the saved note
 * and tags so a save shows the record's new values.
 */
export function NoteTagsCard(p: { note: string; tags: string[]; saving: boolean; onSave: (body: NoteTagsBody) => void }) {
  const [note, setNote] = useState(p.note);
  const [tags, setTags] = useState(p.tags);
  const noteChanged = note !== p.note;
  const tagsChanged = tags.join('\n') !== p.tags.join('\n');
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Textarea label="Notes" rows={3} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={NOTE_MAX_LENGTH} />
        <TagsInput label="Tags" value={tags} onChange={setTags} maxTags={TAGS_MAX_COUNT} />
        <Group justify="flex-end">
          <Button
            size="xs"
            disabled={!noteChanged && !tagsChanged}
            loading={p.saving}
            onClick={() => p.onSave({ ...(noteChanged ? { note } : {}), ...(tagsChanged ? { tags } : {}) })}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
