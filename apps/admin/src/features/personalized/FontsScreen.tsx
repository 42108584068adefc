import { FONT_MAX_BYTES, type PersonalizeFont } from '@backroom/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconLetterCase, IconTrash, IconUpload } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { useShopDates } from '../../lib/dates';
import { fontFamilyOf, useFontFaces } from '../../lib/font-faces';
import { routePath } from '../../routes';
import { useFontMutations, useFonts } from './api';

const ACCEPT = '.ttf,.otf,.woff,.woff2,font/ttf,font/otf,font/woff,font/woff2';
const CLOSE = { 'aria-label': 'Close' };

/** "48 KB", "1.2 MB". */
function bytesText(n: number): string {
  return n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;
}

function FontCard({ font, onDelete }: { font: PersonalizeFont; onDelete: () => void }) {
  const dates = useShopDates();
  return (
    <Card padding="lg" component="article" aria-label={font.name}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {font.name}
            </Text>
            <Text size="xs" c="dimmed">
              {font.family} · {font.format.toUpperCase()} · {bytesText(font.bytes)} · {dates.date(font.createdAt)}
            </Text>
          </Stack>
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${font.name}`} onClick={onDelete}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
        <Text
          size="xl"
          lh={1.3}
          style={{ fontFamily: `'${fontFamilyOf(font.id)}', sans-serif`, fontSize: 28, overflowWrap: 'anywhere' }}
          aria-label={`Sample of ${font.name}`}
        >
          Happy birthday, Alex!
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * `website.product-personalized.fonts` (`/admin/product-personalized/fonts`, scope `products`; spec admin-dashboard
 * §3 Custom font {name, fontUrl}, §7 Personalisation; issue 11 item 4): the fonts the shop uploaded for personalised
 * text, each with a sample drawn in it, its family (read from the file by the server), format and size. Upload: a
 * TTF, OTF, WOFF or WOFF2 file up to 5 MB (refused here when larger) and an optional name (else the family),
 * `POST /api/personalizes/font`; the server checks the file by content and its refusal shows under the file field.
 * Delete asks first (`DELETE /api/personalizes/font/{id}`); fields using the font fall back to the theme's font.
 */
export default function FontsScreen() {
  const fonts = useFonts();
  const { upload, remove } = useFontMutations();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [doomed, setDoomed] = useState<PersonalizeFont | null>(null);
  const list = fonts.data?.fonts ?? [];
  useFontFaces(list);
  const send = async () => {
    if (!file) return setError('Choose a font file');
    if (file.size > FONT_MAX_BYTES) return setError('file: must be at most 5 MB');
    setError(null);
    try {
      await upload.mutateAsync({ file, name });
      setFile(null);
      setName('');
    } catch (e) {
      setError(e instanceof ApiError ? e.messages.join(' ') || e.message : String(e));
    }
  };
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Group gap="xs" wrap="wrap">
        <Button
          component={Link}
          to={routePath('website.product-personalized')}
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          Personalized Product
        </Button>
        <Title order={1} size="h2">
          Fonts
        </Title>
      </Group>
      <Card padding="lg">
        <form
          noValidate
          aria-label="Upload a font"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <Stack gap="md">
            <Title order={2} size="h4">
              Upload a font
            </Title>
            <Group align="flex-start" gap="md" wrap="wrap">
              <FileInput
                label="Font file"
                description="TTF, OTF, WOFF or WOFF2, at most 5 MB."
                accept={ACCEPT}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setError(null);
                }}
                error={error}
                clearable
                w={{ base: '100%', sm: 320 }}
              />
              <TextInput
                label="Name"
                description="Left empty, the font's own family name."
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={100}
                w={{ base: '100%', sm: 260 }}
              />
            </Group>
            <Group>
              <Button type="submit" loading={upload.isPending} leftSection={<IconUpload size={16} aria-hidden />}>
                Upload font
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {fonts.isError && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="The fonts could not be loaded">
          {fonts.error.message}
        </Alert>
      )}
      {fonts.isPending ? (
        <Skeleton h={140} radius="lg" />
      ) : list.length === 0 ? (
        <Card padding="xl">
          <Stack align="center" ta="center" gap="sm" py="md">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
              <IconLetterCase size={28} />
            </ThemeIcon>
            <Title order={2} size="h3">
              No fonts yet
            </Title>
            <Text c="dimmed" maw={460}>
              Personalised text uses your theme's font until you upload your own.
            </Text>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.map((f) => (
            <FontCard key={f.id} font={f} onDelete={() => setDoomed(f)} />
          ))}
        </SimpleGrid>
      )}
      <Modal opened={!!doomed} onClose={() => setDoomed(null)} title="Delete this font?" closeButtonProps={CLOSE}>
        <Stack>
          <Text size="sm">Fields that use {doomed?.name} will be drawn in your theme's font.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDoomed(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={async () => {
                if (doomed) await remove.mutateAsync(doomed.id);
                setDoomed(null);
              }}
            >
              Delete font
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
