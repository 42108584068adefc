import type { ImageSetting } from '@backroom/theme';
import { Alert, Box, Button, Group, Image, Input, Loader, Modal, Pagination, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Dropzone, MIME_TYPES } from '@mantine/dropzone';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../../lib/api';
import { fieldId, usePanel } from '../context';
import { UPLOADS_LIMIT, uploadImage, uploadKeys, uploadsOptions } from '../lookups';
import { settingError } from '../validate';
import type { FieldProps } from './types';

/** Shown in place of an image that does not load (a deleted upload, a mistyped address). */
const MISSING_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="72" height="56"><rect width="72" height="56" fill="#f1f3f5"/><text x="36" y="32" font-size="9" text-anchor="middle" fill="#868e96" font-family="sans-serif">Not found</text></svg>',
  );

/** The image types `POST /api/uploads` takes (contracts media.ts: no SVG). */
const ACCEPTED = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.webp, MIME_TYPES.gif, MIME_TYPES.avif];

/** Largest upload the server takes (issue 9 item 5: at most 10 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Shown when the browser already knows a dropped file cannot be uploaded. */
export const UPLOAD_REFUSED_TEXT = 'Choose a JPEG, PNG, WebP, GIF or AVIF image of at most 10 MB.';

/**
 * An image setting: the current image, "Choose image" opening the picker of the shop's uploads (with upload), and
 * "Remove". The value is the image's `src` (a local path or an http(s) address, the server's rule).
 */
export function ImageField({ setting, path, value, disabled }: FieldProps<ImageSetting>) {
  const { emit, themeType } = usePanel();
  const [opened, { open, close }] = useDisclosure(false);
  const src = typeof value === 'string' ? value : '';
  const error = settingError(setting, value, themeType);
  const id = fieldId(path);
  return (
    <Input.Wrapper label={setting.label} description={setting.info} error={error} id={id} labelProps={{ id: `${id}-label` }}>
      <Group gap="sm" wrap="nowrap" mt={4} role="group" aria-labelledby={`${id}-label`}>
        <Box
          w={72}
          h={56}
          bg="var(--mantine-color-gray-1)"
          style={{ borderRadius: 6, overflow: 'hidden', flex: 'none', border: '1px solid var(--mantine-color-gray-3)' }}
        >
          {src ? (
            <Image src={src} alt={`${setting.label}: current image`} w={72} h={56} fit="cover" fallbackSrc={MISSING_IMAGE} />
          ) : (
            <Text size="xs" c="dimmed" ta="center" lh="56px">
              No image
            </Text>
          )}
        </Box>
        <Stack gap={4}>
          <Button size="xs" variant="default" onClick={open} disabled={disabled} aria-label={`Choose image for ${setting.label}`}>
            {src ? 'Change image' : 'Choose image'}
          </Button>
          {src && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => emit([...path], '')}
              disabled={disabled}
              aria-label={`Remove image of ${setting.label}`}
            >
              Remove
            </Button>
          )}
        </Stack>
      </Group>
      <ImagePicker
        opened={opened}
        onClose={close}
        title={setting.label}
        current={src}
        onPick={(picked) => {
          emit([...path], picked);
          close();
        }}
      />
    </Input.Wrapper>
  );
}

interface PickerProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  current: string;
  onPick: (src: string) => void;
}

/**
 * The picker of the shop's uploaded images (`GET /api/uploads`, paged) with an upload drop zone (`POST /api/uploads`,
 * field `file`). An uploaded image is chosen at once. The server's refusal (not an image, too large) is shown as it
 * says it.
 */
export function ImagePicker({ opened, onClose, title, current, onPick }: PickerProps) {
  const [page, setPage] = useState(1);
  const qc = useQueryClient();
  const list = useQuery({ ...uploadsOptions(page), enabled: opened });
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const upload = async (file: File) => {
    setBusy(true);
    setUploadError(null);
    try {
      const res = await uploadImage(file);
      await qc.invalidateQueries({ queryKey: uploadKeys.all() });
      onPick(res.src);
    } catch (e) {
      setUploadError(e instanceof ApiError ? e.message : 'The image could not be uploaded.');
    } finally {
      setBusy(false);
    }
  };
  const uploads = list.data?.uploads ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / UPLOADS_LIMIT));
  return (
    <Modal opened={opened} onClose={onClose} title={`Choose an image — ${title}`} size="lg">
      <Stack>
        <Dropzone
          onDrop={(files) => files[0] && void upload(files[0])}
          onReject={() => setUploadError(UPLOAD_REFUSED_TEXT)}
          accept={ACCEPTED}
          maxSize={MAX_UPLOAD_BYTES}
          maxFiles={1}
          multiple={false}
          loading={busy}
          aria-label="Upload image"
          name="file"
        >
          <Stack gap={2} align="center" py="sm">
            <Text fw={500}>Upload image</Text>
            <Text size="sm" c="dimmed">
              Drop an image here or click to choose one (at most 10 MB)
            </Text>
          </Stack>
        </Dropzone>
        {uploadError && (
          <Alert color="red" role="alert" title="Upload refused">
            {uploadError}
          </Alert>
        )}
        {list.isPending && opened ? (
          <Group justify="center">
            <Loader size="sm" aria-label="Loading images" />
          </Group>
        ) : uploads.length === 0 ? (
          <Text size="sm" c="dimmed">
            No uploaded images yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="group" aria-label="Uploaded images">
            {uploads.map((u) => (
              <UnstyledButton
                key={u.src}
                onClick={() => onPick(u.src)}
                aria-label={`Use image ${u.name ?? u.src}`}
                aria-current={u.src === current ? 'true' : undefined}
                style={{
                  borderRadius: 6,
                  overflow: 'hidden',
                  outline: u.src === current ? '2px solid var(--mantine-color-ink-7)' : '1px solid var(--mantine-color-gray-3)',
                }}
              >
                <Image src={u.src} alt="" h={90} fit="cover" />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="sm" aria-label="Image pages" />}
      </Stack>
    </Modal>
  );
}
