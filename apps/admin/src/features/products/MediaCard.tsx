import '@mantine/dropzone/styles.css';
import { UPLOAD_MAX_BYTES } from '@backroom/contracts';
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Badge, Box, Card, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Dropzone, type FileRejection, MIME_TYPES } from '@mantine/dropzone';
import { IconGripVertical, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { uploadImage } from './api';
import { formatFileSize } from './format';

/** What the media module accepts (contracts IMAGE_TYPES; never SVG). */
const ACCEPTED = [MIME_TYPES.jpeg, MIME_TYPES.png, MIME_TYPES.webp, MIME_TYPES.gif, MIME_TYPES.avif];
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };

export interface MediaImage {
  id?: string;
  src: string;
  alt: string;
}

/** One picture tile: drag handle (mouse or keyboard: Space lifts, arrows move), the picture, its alt text, remove. */
function Tile({
  id,
  image,
  index,
  onAlt,
  onRemove,
}: {
  id: string;
  image: MediaImage;
  index: number;
  onAlt: (alt: string) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Card
      ref={setNodeRef}
      padding="xs"
      withBorder
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.8 : 1,
      }}
      data-testid="media-tile"
    >
      <Stack gap={6}>
        <Box pos="relative">
          <Box
            component="img"
            src={image.src}
            alt={image.alt}
            w="100%"
            h={120}
            style={{
              objectFit: 'cover',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-gray-1)',
              display: 'block',
            }}
          />
          {index === 0 && (
            <Badge pos="absolute" top={6} left={6} size="sm" variant="filled" color="dark">
              Main
            </Badge>
          )}
        </Box>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Drag image ${index + 1} to reorder`}
            style={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} aria-hidden />
          </ActionIcon>
          <TextInput
            size="xs"
            aria-label={`Alt text of image ${index + 1}`}
            placeholder="Alt text"
            value={image.alt}
            onChange={(e) => onAlt(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <ActionIcon variant="subtle" color="red" aria-label={`Remove image ${index + 1}`} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The product's Media card (issue 13 item 2: "images dragged in and reordered"): drop or pick JPEG, PNG, WebP, GIF
 * or AVIF files (≤ 10 MB each), uploaded one by one through `POST /api/uploads` (the media module resizes them to
 * WebP web sizes); the first picture is the main one. Tiles reorder by dragging (mouse, touch, or keyboard via the
 * handle), each has its alt text and a remove button. `onChange` gets the whole ordered list.
 */
export function MediaCard({ images, onChange }: { images: MediaImage[]; onChange: (next: MediaImage[]) => void }) {
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const [uploading, setUploading] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const ids = images.map((i) => i.id ?? i.src);

  const drop = async (files: File[]) => {
    setErrors([]);
    setUploading(files.length);
    let next = images;
    const failed: string[] = [];
    for (const f of files) {
      try {
        const up = await uploadImage(f);
        next = [...next, { src: up.src, alt: '' }];
        onChange(next);
      } catch (e) {
        failed.push(`${f.name}: ${e instanceof ApiError ? e.messages.join(' ') : 'could not be uploaded'}`);
      }
      setUploading((n) => n - 1);
    }
    setErrors(failed);
  };
  const reject = (r: FileRejection[]) =>
    setErrors(
      r.map(({ file, errors: e }) =>
        e[0]?.code === 'file-too-large'
          ? `${file.name} is ${formatFileSize(file.size)}: the limit is ${formatFileSize(UPLOAD_MAX_BYTES)}`
          : `${file.name} is not a JPEG, PNG, WebP, GIF or AVIF image`,
      ),
    );
  const end = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    onChange(arrayMove(images, ids.indexOf(String(e.active.id)), ids.indexOf(String(e.over.id))));
  };

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            Media
          </Title>
          {uploading > 0 && (
            <Group gap={6} aria-live="polite">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Uploading {uploading}…
              </Text>
            </Group>
          )}
        </Group>
        {images.length > 0 && (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={end}>
            <SortableContext items={ids} strategy={rectSortingStrategy}>
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" aria-label="Product images">
                {images.map((img, i) => (
                  <Tile
                    key={ids[i]}
                    id={ids[i]!}
                    image={img}
                    index={i}
                    onAlt={(alt) => onChange(images.map((x, j) => (j === i ? { ...x, alt } : x)))}
                    onRemove={() => onChange(images.filter((_, j) => j !== i))}
                  />
                ))}
              </SimpleGrid>
            </SortableContext>
          </DndContext>
        )}
        <Dropzone onDrop={drop} onReject={reject} accept={ACCEPTED} maxSize={UPLOAD_MAX_BYTES} multiple aria-label="Add images">
          <Stack align="center" gap={4} py="md" style={{ pointerEvents: 'none' }}>
            <IconPhotoPlus size={28} stroke={1.5} aria-hidden />
            <Text size="sm" fw={600}>
              Drop images here or click to add
            </Text>
            <Text size="xs" c="dimmed">
              JPEG, PNG, WebP, GIF or AVIF, up to 10 MB each. Drag the tiles to reorder; the first is the main image.
            </Text>
          </Stack>
        </Dropzone>
        {errors.length > 0 && (
          <Alert color="red" title="Some images were not added">
            {errors.map((e) => (
              <Text size="sm" key={e}>
                {e}
              </Text>
            ))}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
