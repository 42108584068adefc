import type { ImageSetting } from '@backroom/theme';
import { Box, Button, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ImagePicker } from '../../../../components/ImagePicker';
import { fieldId, usePanel } from '../context';
import { settingError } from '../validate';
import type { FieldProps } from './types';

/** Shown in place of an image that does not load (a deleted upload, a mistyped address). */
const MISSING_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="72" height="56"><rect width="72" height="56" fill="#f1f3f5"/><text x="36" y="32" font-size="9" text-anchor="middle" fill="#868e96" font-family="sans-serif">Not found</text></svg>',
  );

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
