import {
  DESIGN_LIMITS,
  dpiRating,
  effectiveDpi,
  FIELD_KEY_PATTERN,
  type FieldLayer,
  type ImageLayer,
  inToMm,
  type Layer,
  mmToIn,
  type PhotoLayer,
  type ShapeLayer,
  type TextLayer,
  uploadPixelSize,
} from '@backroom/design';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  ColorInput,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconLayoutAlignBottom,
  IconLayoutAlignCenter,
  IconLayoutAlignLeft,
  IconLayoutAlignMiddle,
  IconLayoutAlignRight,
  IconLayoutAlignTop,
  IconLayoutDistributeHorizontal,
  IconLayoutDistributeVertical,
} from '@tabler/icons-react';
import { useState } from 'react';
import { ImagePicker } from '../../../components/ImagePicker';
import type { AlignMode } from './align';
import type { FontChoice } from './fonts';
import { layerLabel } from './ops';
import { surfaceOf, useDesign, useDesignStore } from './store';

/**
 * The inspector (issue 19 item 2): the chosen layer's placement (inches), and what its kind has — text (font from the
 * theme's families and the shop's fonts, size in pt, colour, alignment, letter spacing, line height, curve), shopper
 * field (label, key, max length, sample), image (effective DPI at its printed size, flagged below 150, 300
 * recommended), shape, photo slot. Several chosen layers get align and distribute. Every change is one undo step;
 * typing or sliding in one field is one step.
 */

const ALIGN: { mode: AlignMode; label: string; Icon: typeof IconLayoutAlignLeft }[] = [
  { mode: 'left', label: 'Align left', Icon: IconLayoutAlignLeft },
  { mode: 'center', label: 'Align centre', Icon: IconLayoutAlignCenter },
  { mode: 'right', label: 'Align right', Icon: IconLayoutAlignRight },
  { mode: 'top', label: 'Align top', Icon: IconLayoutAlignTop },
  { mode: 'middle', label: 'Align middle', Icon: IconLayoutAlignMiddle },
  { mode: 'bottom', label: 'Align bottom', Icon: IconLayoutAlignBottom },
];

/** Align (and, with 3+, distribute) buttons for the chosen layers; one layer aligns to the surface. */
export function AlignBar() {
  const store = useDesignStore();
  const n = useDesign((s) => s.selected.length);
  return (
    <Group gap={2} role="group" aria-label={n > 1 ? 'Align the chosen layers' : 'Align to the surface'}>
      {ALIGN.map(({ mode, label, Icon }) => (
        <Tooltip key={mode} label={label}>
          <ActionIcon variant="subtle" color="gray" aria-label={label} disabled={!n} onClick={() => store.getState().align(mode)}>
            <Icon size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ))}
      <Tooltip label="Distribute horizontally">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Distribute horizontally"
          disabled={n < 3}
          onClick={() => store.getState().distribute('x')}
        >
          <IconLayoutDistributeHorizontal size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Distribute vertically">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Distribute vertically"
          disabled={n < 3}
          onClick={() => store.getState().distribute('y')}
        >
          <IconLayoutDistributeVertical size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Inches shown for a length in mm (2 decimals). */
const inches = (mm: number) => Math.round(mmToIn(mm) * 100) / 100;
const num = (v: string | number, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** The image's effective DPI at its printed size with its rating (issue 19 item 2). */
export function DpiNote({ layer }: { layer: ImageLayer }) {
  const dpi = effectiveDpi(layer);
  const rating = dpiRating(dpi);
  if (rating === 'low')
    return (
      <Alert color="red" icon={<IconAlertTriangle size={16} aria-hidden />} title={`${dpi} DPI at this size`} p="xs">
        Below the {DESIGN_LIMITS.minImageDpi} DPI minimum: it will print blurry. Make it smaller or use a larger file (
        {DESIGN_LIMITS.recommendedImageDpi} DPI recommended).
      </Alert>
    );
  return (
    <Group gap={6}>
      <Badge color={rating === 'good' ? 'green' : 'yellow'} variant="light" c="dark.7">
        {dpi} DPI
      </Badge>
      <Text size="xs" c="dimmed">
        {rating === 'good' ? 'Sharp at this size' : `Prints fine; ${DESIGN_LIMITS.recommendedImageDpi} DPI recommended`}
      </Text>
    </Group>
  );
}

/** Curve strength −100…100 (0 straight) ↔ the document's radius (mm): 100 = a radius of half the box width. */
export function bendOf(radius: number, width: number): number {
  if (!radius) return 0;
  return Math.sign(radius) * Math.min(100, Math.round((100 * (width / 2)) / Math.abs(radius)));
}
export function radiusOf(bend: number, width: number): number {
  if (!bend) return 0;
  return (Math.sign(bend) * Math.round((((width / 2) * 100) / Math.abs(bend)) * 100)) / 100;
}

function TextFields({ l, fonts }: { l: TextLayer | FieldLayer; fonts: FontChoice[] }) {
  const store = useDesignStore();
  const set = (p: Partial<TextLayer>, label: string, field?: string) =>
    store.getState().patch([l.id], p as Partial<Layer>, label, field ? `${l.id}.${field}` : undefined);
  const fontValue = l.fontId ? `shop:${l.fontId}` : `theme:${l.fontFamily}`;
  const groups = ['Theme fonts', 'Your fonts'].map((g) => ({
    group: g,
    items: fonts.filter((f) => f.group === g).map((f) => ({ value: f.value, label: f.label })),
  }));
  return (
    <>
      <Select
        label="Font"
        data={groups.filter((g) => g.items.length)}
        value={fontValue}
        searchable
        allowDeselect={false}
        onChange={(v) => {
          const f = fonts.find((x) => x.value === v);
          if (f) set({ fontFamily: f.fontFamily, fontId: f.fontId }, `Font ${f.label}`);
        }}
      />
      <Group grow gap="xs">
        <NumberInput
          label="Size (pt)"
          min={1}
          max={1000}
          value={l.fontSize}
          onChange={(v) => set({ fontSize: num(v, l.fontSize) }, 'Text size', 'fontSize')}
        />
        <Select
          label="Weight"
          data={[
            { value: '400', label: 'Regular' },
            { value: '700', label: 'Bold' },
          ]}
          value={String(l.fontWeight >= 600 ? 700 : 400)}
          allowDeselect={false}
          onChange={(v) => set({ fontWeight: Number(v) }, 'Text weight')}
        />
      </Group>
      <Group grow gap="xs" align="flex-end">
        <ColorInput
          withEyeDropper={false}
          label="Colour"
          value={l.color}
          format="hex"
          onChange={(v) => /^#[0-9a-f]{6}$/i.test(v) && set({ color: v }, 'Text colour', 'color')}
        />
        <Switch label="Italic" checked={l.italic} onChange={(e) => set({ italic: e.currentTarget.checked }, 'Italic')} mb={8} />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${l.id}-align`}>
          Alignment
        </Text>
        <SegmentedControl
          aria-labelledby={`${l.id}-align`}
          size="xs"
          value={l.align}
          onChange={(v) => set({ align: v as TextLayer['align'] }, 'Text alignment')}
          data={[
            { value: 'left', label: 'Left' },
            { value: 'center', label: 'Centre' },
            { value: 'right', label: 'Right' },
          ]}
        />
      </Stack>
      <Group grow gap="xs">
        <NumberInput
          label="Letter spacing (pt)"
          min={-100}
          max={100}
          step={0.5}
          value={l.letterSpacing}
          onChange={(v) => set({ letterSpacing: num(v, 0) }, 'Letter spacing', 'letterSpacing')}
        />
        <NumberInput
          label="Line height"
          min={0.5}
          max={3}
          step={0.1}
          decimalScale={2}
          value={l.lineHeight}
          onChange={(v) => set({ lineHeight: num(v, 1.2) }, 'Line height', 'lineHeight')}
        />
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${l.id}-curve`}>
          Curve
        </Text>
        <Slider
          aria-labelledby={`${l.id}-curve`}
          thumbLabel="Curve"
          min={-100}
          max={100}
          step={1}
          value={bendOf(l.curveRadius, l.width)}
          label={(v) => (v === 0 ? 'Straight' : `${v > 0 ? 'Arc up' : 'Arc down'} ${Math.abs(v)}`)}
          onChange={(v) => set({ curveRadius: radiusOf(v, l.width) }, 'Curve', 'curve')}
          marks={[{ value: 0 }]}
        />
      </Stack>
    </>
  );
}

function FieldFields({ l }: { l: FieldLayer | PhotoLayer }) {
  const store = useDesignStore();
  const [keyText, setKeyText] = useState(l.key);
  const set = (p: Partial<FieldLayer>, label: string, field?: string) =>
    store.getState().patch([l.id], p as Partial<Layer>, label, field ? `${l.id}.${field}` : undefined);
  const keyError = FIELD_KEY_PATTERN.test(keyText) ? null : 'Lower-case letters, digits or _ starting with a letter';
  return (
    <>
      <TextInput
        label="Shopper sees"
        description="The field's label on the product page"
        value={l.label}
        maxLength={100}
        onChange={(e) => set({ label: e.currentTarget.value }, 'Field label', 'label')}
      />
      <TextInput
        label="Key"
        description={`Placeholder {${l.key}} in texts`}
        value={keyText}
        error={keyError}
        onChange={(e) => {
          const v = e.currentTarget.value;
          setKeyText(v);
          if (FIELD_KEY_PATTERN.test(v)) set({ key: v }, 'Field key', 'key');
        }}
      />
      {l.type === 'field' && (
        <>
          <Group grow gap="xs">
            <NumberInput
              label="Max characters"
              min={1}
              max={DESIGN_LIMITS.maxFieldLength}
              value={l.maxLength}
              onChange={(v) =>
                set(
                  { maxLength: Math.max(1, Math.min(DESIGN_LIMITS.maxFieldLength, Math.round(num(v, l.maxLength)))) },
                  'Max characters',
                  'maxLength',
                )
              }
            />
            <Switch
              label="Required"
              checked={l.required}
              onChange={(e) => set({ required: e.currentTarget.checked }, 'Required')}
              mt={24}
            />
          </Group>
          <TextInput
            label="Sample"
            description="Shown in the editor and previews"
            value={l.sample}
            maxLength={l.maxLength}
            onChange={(e) => set({ sample: e.currentTarget.value }, 'Field sample', 'sample')}
          />
        </>
      )}
    </>
  );
}

function ShapeFields({ l }: { l: ShapeLayer }) {
  const store = useDesignStore();
  const set = (p: Partial<ShapeLayer>, label: string, field?: string) =>
    store.getState().patch([l.id], p as Partial<Layer>, label, field ? `${l.id}.${field}` : undefined);
  return (
    <>
      <ColorInput
        withEyeDropper={false}
        label="Fill"
        value={l.fill ?? ''}
        format="hex"
        onChange={(v) => /^#[0-9a-f]{6}$/i.test(v) && set({ fill: v }, 'Fill', 'fill')}
      />
      <Group grow gap="xs">
        <ColorInput
          withEyeDropper={false}
          label="Outline"
          value={l.stroke ?? ''}
          format="hex"
          onChange={(v) => set({ stroke: /^#[0-9a-f]{6}$/i.test(v) ? v : null }, 'Outline', 'stroke')}
        />
        <NumberInput
          label="Outline width (mm)"
          min={0}
          max={100}
          step={0.5}
          value={l.strokeWidth}
          onChange={(v) => set({ strokeWidth: num(v, 0) }, 'Outline width', 'strokeWidth')}
        />
      </Group>
      {l.shape === 'rect' && (
        <NumberInput
          label="Corner radius (mm)"
          min={0}
          max={1000}
          value={l.cornerRadius}
          onChange={(v) => set({ cornerRadius: num(v, 0) }, 'Corner radius', 'cornerRadius')}
        />
      )}
    </>
  );
}

/** The placement fields of a layer: position and size in inches, rotation, opacity. */
function Placement({ l }: { l: Layer }) {
  const store = useDesignStore();
  const set = (p: Partial<Layer>, label: string, field: string) => store.getState().patch([l.id], p, label, `${l.id}.${field}`);
  const ratio = l.type === 'image' ? l.width / l.height : null;
  return (
    <>
      <Group grow gap="xs">
        <NumberInput
          label="X (in)"
          step={0.1}
          decimalScale={2}
          value={inches(l.x)}
          onChange={(v) => set({ x: inToMm(num(v, inches(l.x))) }, 'Moved a layer', 'x')}
        />
        <NumberInput
          label="Y (in)"
          step={0.1}
          decimalScale={2}
          value={inches(l.y)}
          onChange={(v) => set({ y: inToMm(num(v, inches(l.y))) }, 'Moved a layer', 'y')}
        />
      </Group>
      <Group grow gap="xs">
        <NumberInput
          label="Width (in)"
          min={0.01}
          step={0.1}
          decimalScale={2}
          value={inches(l.width)}
          onChange={(v) => {
            const width = Math.max(0.1, inToMm(num(v, inches(l.width))));
            // Pictures keep their proportions (an image is never stretched by a typed size).
            set(ratio ? { width, height: width / ratio } : { width }, 'Resized a layer', 'width');
          }}
        />
        <NumberInput
          label="Height (in)"
          min={0.01}
          step={0.1}
          decimalScale={2}
          value={inches(l.height)}
          onChange={(v) => {
            const height = Math.max(0.1, inToMm(num(v, inches(l.height))));
            set(ratio ? { height, width: height * ratio } : { height }, 'Resized a layer', 'height');
          }}
        />
      </Group>
      <Group grow gap="xs">
        <NumberInput
          label="Rotation (°)"
          min={-360}
          max={360}
          value={l.rotation}
          onChange={(v) => set({ rotation: num(v, 0) }, 'Rotated a layer', 'rotation')}
        />
        <NumberInput
          label="Opacity (%)"
          min={0}
          max={100}
          value={Math.round(l.opacity * 100)}
          onChange={(v) => set({ opacity: Math.max(0, Math.min(1, num(v, 100) / 100)) }, 'Opacity', 'opacity')}
        />
      </Group>
    </>
  );
}

/** The inspector of the chosen layers. */
export function Inspector({ fonts }: { fonts: FontChoice[] }) {
  const store = useDesignStore();
  const surface = useDesign(surfaceOf);
  const selected = useDesign((s) => s.selected);
  const editing = useDesign((s) => s.editing);
  const [picking, setPicking] = useState(false);
  const chosen = surface.layers.filter((l) => selected.includes(l.id));
  if (!chosen.length)
    return (
      <Stack gap="xs">
        <Text fw={600} size="sm" component="h2">
          {surface.name}
        </Text>
        <Text size="sm" c="dimmed">
          {inches(surface.width)} × {inches(surface.height)} in at {surface.dpi} DPI
          {surface.bleed ? ` · ${surface.bleed} mm bleed` : ''}. Choose a layer to edit it; Shift+click or a box drawn on empty canvas
          chooses several. Double-click (or Enter) edits a text in place or crops an image.
        </Text>
        <Text size="xs" c="dimmed">
          Arrows move 1 px (Shift: 10 px) · Ctrl+C / Ctrl+V copy and paste · Ctrl+D duplicate · Del delete · Ctrl+Z / Ctrl+Shift+Z undo and
          redo · Ctrl+wheel zoom · Space+drag pan
        </Text>
      </Stack>
    );
  if (chosen.length > 1)
    return (
      <Stack gap="xs">
        <Text fw={600} size="sm" component="h2">
          {chosen.length} layers chosen
        </Text>
        <AlignBar />
        <Text size="xs" c="dimmed">
          Drag one of them to move them all; arrows nudge them together.
        </Text>
      </Stack>
    );
  const l = chosen[0]!;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" component="h2" truncate>
        {layerLabel(l)}
      </Text>
      <AlignBar />
      {l.type === 'text' && (
        <Textarea
          label="Text"
          description="{child_name} style placeholders become shopper fields"
          autosize
          minRows={2}
          maxRows={6}
          value={l.text}
          onChange={(e) => store.getState().patch([l.id], { text: e.currentTarget.value } as Partial<Layer>, 'Edited text', `${l.id}.text`)}
        />
      )}
      {(l.type === 'field' || l.type === 'photo') && <FieldFields key={l.id} l={l} />}
      {(l.type === 'text' || l.type === 'field') && <TextFields l={l} fonts={fonts} />}
      {l.type === 'image' && (
        <>
          <DpiNote layer={l} />
          <Text size="xs" c="dimmed">
            {l.pixelWidth} × {l.pixelHeight} px printed at {inches(l.width)} × {inches(l.height)} in
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" onClick={() => setPicking(true)}>
              Replace image
            </Button>
            <Button
              variant={editing?.id === l.id ? 'filled' : 'default'}
              size="xs"
              aria-pressed={editing?.id === l.id}
              onClick={() => store.getState().setEditing(editing?.id === l.id ? null : { id: l.id, mode: 'crop' })}
            >
              {editing?.id === l.id ? 'Done cropping' : 'Crop'}
            </Button>
            {l.crop && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => {
                  // The whole image again, at the crop's scale, centred where the crop was.
                  const kx = l.width / l.crop!.width;
                  const ky = l.height / l.crop!.height;
                  const width = Math.round(l.pixelWidth * kx * 100) / 100;
                  const height = Math.round(l.pixelHeight * ky * 100) / 100;
                  store.getState().setEditing(null);
                  store.getState().patch(
                    [l.id],
                    {
                      crop: null,
                      width,
                      height,
                      x: Math.round((l.x + l.width / 2 - width / 2) * 100) / 100,
                      y: Math.round((l.y + l.height / 2 - height / 2) * 100) / 100,
                    } as Partial<Layer>,
                    'Removed the crop',
                  );
                }}
              >
                Remove crop
              </Button>
            )}
          </Group>
          {editing?.id === l.id && (
            <Text size="xs" c="dimmed">
              Drag the window or its handles; Enter, Escape or a click outside ends the crop.
            </Text>
          )}
          <ImagePicker
            opened={picking}
            onClose={() => setPicking(false)}
            title="Artwork"
            current={l.src}
            onPick={(src, img) => {
              setPicking(false);
              store
                .getState()
                .patch([l.id], { src, uploadId: img.id, ...uploadPixelSize(img), crop: null } as Partial<Layer>, 'Replaced image');
            }}
          />
        </>
      )}
      {l.type === 'shape' && <ShapeFields l={l} />}
      <Placement l={l} />
    </Stack>
  );
}
