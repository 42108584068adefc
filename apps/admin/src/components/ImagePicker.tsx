import '@mantine/dropzone/styles.css';
import { UPLOAD_MAX_BYTES, UPLOADS_PAGE_SIZE, type UploadedImage, type UploadListResponse } from '@backroom/contracts';
import { Alert, Group, Image, Loader, Modal, Pagination, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { Dropzone, MIME_TYPES } from '@mantine/dropzone';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../lib/api';
import { entityKeys } from '../lib/query-keys';

// The shop's media library (`GET/POST /api/uploads`): the picker the theme editor's image fields and the design
// editors (issue 19) open. Every call is silent (spec theme-editor §8); a refused upload is shown in the picker.

const uploads = entityKeys('uploads');
/** Query keys of the uploads (lib/query-keys factory): `['uploads', storeId]`, `['uploads', storeId, 'list', {page}]`. */
export const uploadKeys = {
  all: () => uploads.store(),
  list: (q: { page: number }) => uploads.list(q),
};

/** `GET /api/uploads?page&limit` → the shop's uploaded images, newest first (issue 9 item 5 picker). */
export function uploadsOptions(page = 1) {
  return queryOptions({
    queryKey: uploadKeys.list({ page }),
    queryFn: ({ signal }) => api.get<UploadListResponse>('/uploads', { query: { page, limit: UPLOADS_PAGE_SIZE }, silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * `POST /api/uploads` (multipart field `file`) → the contract's `UploadedImage` (`src` is its largest web size). Not
 * silent: a refused file (not an image, over 10 MB) comes back as an ApiError whose `messages` the picker shows.
 */
function uploadImage(file: File): Promise<UploadedImage> {
  const body = new FormData();
  body.append('file', file);
  return api.post<UploadedImage>('/uploads', body, { silent: true });
}

/** The image types `POST /api/uploads` takes (contracts media.ts: no SVG). */
const ACCEPTED = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.webp, MIME_TYPES.gif, MIME_TYPES.avif];

/** Shown when the browser already knows a dropped file cannot be uploaded. */
export const UPLOAD_REFUSED_TEXT = 'Choose a JPEG, PNG, WebP, GIF or AVIF image of at most 10 MB.';

interface PickerProps {
  opened: boolean;
  onClose: () => void;
  /** What the image is for ("Choose an image — {title}"). */
  title: string;
  /** The `src` in use now (marked in the grid). */
  current: string;
  /** The chosen image: its `src` and the whole upload (pixel size for the design editors' effective DPI). */
  onPick: (src: string, image: UploadedImage) => void;
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
      onPick(res.src, res);
    } catch (e) {
      setUploadError(e instanceof ApiError ? e.message : 'The image could not be uploaded.');
    } finally {
      setBusy(false);
    }
  };
  const images = list.data?.uploads ?? [];
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / UPLOADS_PAGE_SIZE));
  return (
    <Modal opened={opened} onClose={onClose} title={`Choose an image — ${title}`} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack>
        <Dropzone
          onDrop={(files) => files[0] && void upload(files[0])}
          onReject={() => setUploadError(UPLOAD_REFUSED_TEXT)}
          accept={ACCEPTED}
          maxSize={UPLOAD_MAX_BYTES}
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
        ) : images.length === 0 ? (
          <Text size="sm" c="dimmed">
            No uploaded images yet.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 3, sm: 4 }} spacing="xs" role="group" aria-label="Uploaded images">
            {images.map((u) => (
              <UnstyledButton
                key={u.src}
                onClick={() => onPick(u.src, u)}
                aria-label={`Use image ${u.src}`}
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
