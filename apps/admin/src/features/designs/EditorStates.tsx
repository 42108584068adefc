import { Alert, Box, Button, Group, Loader, Skeleton, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import './engine/editor.css';

/** The editor's skeleton while the design loads (full screen, like the editor it becomes). */
export function EditorLoading({ label }: { label: string }) {
  return (
    <Box className="br-design-editor" aria-busy="true">
      <Group className="br-design-topbar" px="sm">
        <Skeleton h={28} w={220} />
      </Group>
      <Box className="br-design-main">
        <Stack className="br-design-left" gap="sm">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={32} />
          ))}
        </Stack>
        <Stack className="br-design-centre" align="center" justify="center">
          <Loader aria-label={label} />
        </Stack>
        <Box className="br-design-right" />
      </Box>
    </Box>
  );
}

/** A design that cannot be opened: the reason and the way back. */
export function EditorError({ title, message, onBack }: { title: string; message: string; onBack: () => void }) {
  return (
    <Stack maw={520} mx="auto" mt={80} p="md">
      <Alert color="red" icon={<IconAlertCircle size={16} aria-hidden />} title={title}>
        {message}
      </Alert>
      <Button variant="default" onClick={onBack}>
        Back
      </Button>
    </Stack>
  );
}
