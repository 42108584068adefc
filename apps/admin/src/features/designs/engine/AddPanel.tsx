import { extractShopperFields, type ShapeLayer, uploadPixelSize } from '@backroom/design';
import { Button, Menu, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconCircle,
  IconLetterT,
  IconPhoto,
  IconShape,
  IconSquare,
  IconTextCaption,
  IconTriangle,
  IconUser,
  IconUserSquare,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ImagePicker } from '../../../components/ImagePicker';
import type { FontChoice } from './fonts';
import { newLayer } from './ops';
import { docOf, surfaceOf, useDesignStore } from './store';

/** A key not used by another shopper field of the document: `name`, `name_2` … */
function freeKey(used: readonly string[], base: string): string {
  if (!used.includes(base)) return base;
  let i = 2;
  while (used.includes(`${base}_${i}`)) i++;
  return `${base}_${i}`;
}

/**
 * The Add panel (issue 19 items 2–4): text, curved text, an image from the shop's uploads, shapes, a shopper field
 * (text the shopper types, e.g. "Name", at most 10 characters) and — in books — a photo slot. New layers land in
 * the middle of the surface, on top, chosen.
 */
export function AddPanel({ fonts, photoSlots = false }: { fonts: FontChoice[]; photoSlots?: boolean }) {
  const store = useDesignStore();
  const [picking, setPicking] = useState(false);
  const font = fonts.find((f) => f.value === 'theme:Poppins') ?? fonts[0];
  const f = { family: font?.fontFamily ?? 'Poppins', id: font?.fontId ?? null };
  const surface = () => surfaceOf(store.getState());
  const keys = () => extractShopperFields(docOf(store.getState())).map((x) => x.key);
  const shape = (s: ShapeLayer['shape']) => store.getState().add(newLayer.shape(surface(), s));
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm" component="h2">
        Add
      </Text>
      <SimpleGrid cols={2} spacing={6}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconLetterT size={14} aria-hidden />}
          onClick={() => store.getState().add(newLayer.text(surface(), 'Your text', f))}
        >
          Text
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconTextCaption size={14} aria-hidden />}
          onClick={() => store.getState().add(newLayer.text(surface(), 'Curved text', f, true))}
        >
          Curved text
        </Button>
        <Button variant="default" size="xs" leftSection={<IconPhoto size={14} aria-hidden />} onClick={() => setPicking(true)}>
          Image
        </Button>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button variant="default" size="xs" leftSection={<IconShape size={14} aria-hidden />}>
              Shape
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconSquare size={14} aria-hidden />} onClick={() => shape('rect')}>
              Rectangle
            </Menu.Item>
            <Menu.Item leftSection={<IconCircle size={14} aria-hidden />} onClick={() => shape('ellipse')}>
              Ellipse
            </Menu.Item>
            <Menu.Item leftSection={<IconTriangle size={14} aria-hidden />} onClick={() => shape('triangle')}>
              Triangle
            </Menu.Item>
            <Menu.Item onClick={() => shape('line')}>Line</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconUser size={14} aria-hidden />}
          onClick={() => {
            const key = freeKey(keys(), 'name');
            store.getState().add(newLayer.field(surface(), key, key === 'name' ? 'Name' : `Name ${key.slice(5)}`, f));
          }}
        >
          Shopper field
        </Button>
        {photoSlots && (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconUserSquare size={14} aria-hidden />}
            onClick={() => {
              const key = freeKey(keys(), 'photo');
              store.getState().add(newLayer.photo(surface(), key, key === 'photo' ? 'Photo' : `Photo ${key.slice(6)}`));
            }}
          >
            Photo slot
          </Button>
        )}
      </SimpleGrid>
      <ImagePicker
        opened={picking}
        onClose={() => setPicking(false)}
        title="Artwork"
        current=""
        onPick={(src, img) => {
          setPicking(false);
          // The layer records the original's pixels (kept for print) so its DPI is the print's, not the web copy's.
          const px = uploadPixelSize(img);
          store.getState().add(newLayer.image(surface(), src, img.id, px.pixelWidth, px.pixelHeight));
        }}
      />
    </Stack>
  );
}
