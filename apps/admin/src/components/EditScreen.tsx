import { Alert, Button, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, type SyntheticEvent, useState } from 'react';

/** The delete action of an edit screen: its button, and the confirmation dialog it opens. */
export interface EditScreenDelete {
  /** Text of the button in the save bar, e.g. 'Delete page'. */
  label: string;
  /** Title of the confirmation dialog (its accessible name), e.g. 'Delete this page?'. */
  confirmTitle: string;
  /** What deleting does, shown in the dialog. */
  confirmText: ReactNode;
  /** Text of the dialog's red button, e.g. 'Delete page'. */
  confirmLabel: string;
  /** True while the delete request runs (the red button spins, Cancel is disabled). */
  pending: boolean;
  /** Deletes and leaves the screen; the dialog closes when it resolves (an error keeps it open). */
  onConfirm: () => Promise<void>;
}

/** Props of {@link EditScreen}. */
export interface EditScreenProps {
  /** The list the screen belongs to: the back link's route path and text (e.g. `/admin/pages`, 'Pages'). */
  back: { to: string; label: string };
  /** The page heading (h1): the record's name, or 'Add …' on a new one. */
  title: ReactNode;
  /** Accessible name of the form, e.g. 'Edit page' / 'Add page'. */
  formLabel: string;
  /** Shown at the right of the header, e.g. a "View on your store" link. */
  headerAside?: ReactNode;
  /** Width cap of the screen, px. */
  width: number;
  /** The record's noun in the load error, e.g. 'page' → 'This page could not be loaded'. */
  noun: string;
  /** The load error of an existing record: the screen shows only the alert with its message. */
  loadError?: Error | null;
  /** True while an existing record loads: a skeleton of `skeletonHeight` px stands in for the form. */
  loading: boolean;
  /** Height of the loading skeleton, px. */
  skeletonHeight: number;
  /** The form's submit handler (lib/use-submit.ts `handleSubmit`). */
  onSubmit: (event?: SyntheticEvent<HTMLFormElement>) => void;
  /** Text of the submit button; 'Save' when absent. */
  saveLabel?: string;
  /** True while the save request runs (the submit button spins). */
  saving: boolean;
  /** The delete action, on an existing record only; none on a new one. */
  remove?: EditScreenDelete;
  /** Rendered after the form, outside it (dialogs with forms of their own, so their submit does not reach this one). */
  outside?: ReactNode;
  /** The form's fields (cards, grids). */
  children: ReactNode;
}

/**
 * The page shell every admin edit screen shares (pages, products, menus, discounts; issue 15 "one page shell"):
 * a header with the back link to the list and the record's title, the form, then the save bar (delete at the left
 * when the record exists, the submit button at the right) and the delete confirmation dialog. While an existing
 * record loads a skeleton replaces the form; a load error replaces the whole screen with a red alert
 * ('This {noun} could not be loaded' and the API's message). Errors of a save show where the screen puts them
 * (fields, the global notification); this shell only renders.
 */
export function EditScreen(p: EditScreenProps) {
  const [confirm, setConfirm] = useState(false);
  if (p.loadError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={`This ${p.noun} could not be loaded`} maw={900} mx="auto">
        {p.loadError.message}
      </Alert>
    );
  }
  const remove = p.remove;
  return (
    <Stack gap="lg" maw={p.width} mx="auto" w="100%">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Button component={Link} to={p.back.to} variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {p.back.label}
          </Button>
          <Title order={1} size="h2">
            {p.title}
          </Title>
        </Group>
        {p.headerAside}
      </Group>
      {p.loading ? (
        <Skeleton h={p.skeletonHeight} radius="lg" />
      ) : (
        <form noValidate aria-label={p.formLabel} onSubmit={p.onSubmit}>
          {p.children}
          <Group justify="space-between" mt="lg">
            {remove ? (
              <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirm(true)}>
                {remove.label}
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" loading={p.saving}>
              {p.saveLabel ?? 'Save'}
            </Button>
          </Group>
        </form>
      )}
      {p.outside}
      {remove && (
        <Modal
          opened={confirm}
          onClose={() => setConfirm(false)}
          title={<Text fw={650}>{remove.confirmTitle}</Text>}
          centered
          radius="lg"
          closeButtonProps={{ 'aria-label': 'Close' }}
        >
          <Stack gap="lg">
            <Text size="sm">{remove.confirmText}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirm(false)} disabled={remove.pending}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={remove.pending}
                onClick={async () => {
                  await remove.onConfirm();
                  setConfirm(false);
                }}
              >
                {remove.confirmLabel}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}
