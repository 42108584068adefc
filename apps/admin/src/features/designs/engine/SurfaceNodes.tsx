import {
  type DesignDocument,
  type FieldLayer,
  type ImageLayer,
  type Layer,
  layerText,
  type PhotoLayer,
  ptToMm,
  type ShapeLayer,
  type ShopperValues,
  type TextLayer,
} from '@backroom/design';
import type Konva from 'konva';
import { memo } from 'react';
import { Ellipse, Group, Image as KImage, Line, Rect, Text, TextPath } from 'react-konva';
import useImage from 'use-image';
import { curvePath } from './curve';
import { cssFamilyOf } from './fonts';

/**
 * How a design's layers are drawn with Konva (issue 19 item 2), shared by the editing canvas, the live mockup and
 * the page previews so they all show the same thing. Nodes live in a group scaled to screen pixels per mm, so every
 * length here is the document's mm (text sizes converted from pt). A layer's node sits at its box centre with an
 * offset of half its size, so Konva rotates it about its centre like the document says. Text follows the server
 * renderer's rule (ARCHITECTURE "Text as the renderer draws it"): lines wrap at the box width from its top, each line
 * `lineHeight × size` tall with the glyphs centred in it (Konva's `verticalAlign: top` with `lineHeight`); curved text
 * is one line whose middle sits at the box centre, glyphs centred on the arc.
 */

/** What text shows: `mode: 'edit'` = text as written (placeholders visible) and field samples; 'preview' = filled. */
export interface DrawMode {
  mode: 'edit' | 'preview';
  values: ShopperValues;
  doc: Pick<DesignDocument, 'fields'>;
  /** Bumped when a font finished loading, so text is measured again. */
  fontsLoaded: number;
}

/** Props every layer node shares (placement, identity for the transformer and hit tests). */
function placement(l: Layer, interactive: boolean) {
  return {
    id: l.id,
    name: 'design-layer',
    x: l.x + l.width / 2,
    y: l.y + l.height / 2,
    offsetX: l.width / 2,
    offsetY: l.height / 2,
    rotation: l.rotation,
    opacity: l.opacity,
    listening: interactive && !l.locked,
    draggable: interactive && !l.locked,
  };
}

function TextBody({ l, text, outline, fontsLoaded }: { l: TextLayer | FieldLayer; text: string; outline: boolean; fontsLoaded: number }) {
  const common = {
    fontFamily: cssFamilyOf(l),
    fontSize: ptToMm(l.fontSize),
    fontStyle: `${l.italic ? 'italic ' : ''}${l.fontWeight}`,
    fill: l.color,
    letterSpacing: ptToMm(l.letterSpacing),
  };
  const path = curvePath(l.width, l.height, l.curveRadius);
  return (
    <>
      {/* The box itself: the hit area of curved text and the dashed mark of a shopper field. */}
      <Rect
        width={l.width}
        height={l.height}
        fill="rgba(0,0,0,0)"
        stroke={outline ? '#e8590c' : undefined}
        strokeWidth={outline ? 1 : 0}
        strokeScaleEnabled={false}
        dash={outline ? [4, 3] : undefined}
      />
      {path ? (
        // Keyed by the fonts loaded: Konva measures text when its attributes change, so a font that arrives later
        // needs a new node to be measured with.
        <TextPath key={fontsLoaded} data={path} text={text} align="center" textBaseline="middle" {...common} />
      ) : (
        <Text
          key={fontsLoaded}
          width={l.width}
          height={l.height}
          text={text}
          align={l.align}
          verticalAlign="top"
          lineHeight={l.lineHeight}
          wrap="word"
          {...common}
        />
      )}
    </>
  );
}

function ImageBody({ l }: { l: ImageLayer }) {
  const [img, status] = useImage(l.src);
  if (!img)
    return (
      <Rect
        width={l.width}
        height={l.height}
        fill={status === 'failed' ? '#ffe3e3' : '#f1f3f5'}
        stroke="#adb5bd"
        strokeWidth={1}
        strokeScaleEnabled={false}
      />
    );
  // The crop is in the image's pixels as the layer knows them (`pixelWidth`); the file drawn may be another size.
  const k = img.naturalWidth / l.pixelWidth || 1;
  const crop = l.crop && { x: l.crop.x * k, y: l.crop.y * k, width: l.crop.width * k, height: l.crop.height * k };
  return <KImage image={img} width={l.width} height={l.height} crop={crop ?? undefined} />;
}

function PhotoBody({ l }: { l: PhotoLayer }) {
  const [img] = useImage(l.sampleSrc ?? '');
  // Cover the box with a centre crop of the picture (packages/design "Photo slot").
  let crop: { x: number; y: number; width: number; height: number } | undefined;
  if (img) {
    const k = Math.max(l.width / img.width, l.height / img.height);
    const w = l.width / k;
    const h = l.height / k;
    crop = { x: (img.width - w) / 2, y: (img.height - h) / 2, width: w, height: h };
  }
  return (
    <Group clipFunc={(ctx) => ctx.roundRect(0, 0, l.width, l.height, l.cornerRadius)}>
      {img ? (
        <KImage image={img} width={l.width} height={l.height} crop={crop} />
      ) : (
        <>
          <Rect width={l.width} height={l.height} fill="#dee2e6" />
          <Text
            width={l.width}
            height={l.height}
            text={`Photo: ${l.label}`}
            align="center"
            verticalAlign="middle"
            fontSize={Math.max(2, Math.min(l.width, l.height) / 10)}
            fill="#495057"
          />
        </>
      )}
      <Rect
        width={l.width}
        height={l.height}
        stroke="#495057"
        strokeWidth={1}
        strokeScaleEnabled={false}
        dash={[4, 3]}
        cornerRadius={l.cornerRadius}
      />
    </Group>
  );
}

function ShapeBody({ l }: { l: ShapeLayer }) {
  const paint = { fill: l.fill ?? undefined, stroke: l.stroke ?? undefined, strokeWidth: l.strokeWidth };
  switch (l.shape) {
    case 'ellipse':
      return <Ellipse x={l.width / 2} y={l.height / 2} radiusX={l.width / 2} radiusY={l.height / 2} {...paint} />;
    case 'triangle':
      return <Line points={[l.width / 2, 0, l.width, l.height, 0, l.height]} closed {...paint} />;
    case 'line':
      return <Rect width={l.width} height={l.height} fill={l.fill ?? l.stroke ?? '#000000'} />;
    default:
      return <Rect width={l.width} height={l.height} cornerRadius={l.cornerRadius} {...paint} />;
  }
}

/**
 * One layer as a Konva group. Memoised on the layer object's identity (the store keeps unchanged layers' identity),
 * so dragging one layer among 100 re-renders nothing else.
 */
export const LayerNode = memo(function LayerNode({
  layer,
  draw,
  interactive,
  nodeRef,
}: {
  layer: Layer;
  draw: DrawMode;
  interactive: boolean;
  nodeRef?: (id: string, node: Konva.Group | null) => void;
}) {
  if (layer.hidden) return null;
  let body: React.ReactNode;
  switch (layer.type) {
    case 'text':
      body = (
        <TextBody
          l={layer}
          text={draw.mode === 'edit' ? layer.text : layerText(layer, draw.values, draw.doc, 'sample')}
          outline={false}
          fontsLoaded={draw.fontsLoaded}
        />
      );
      break;
    case 'field':
      body = (
        <TextBody
          l={layer}
          text={draw.mode === 'edit' ? layer.sample || `{${layer.key}}` : layerText(layer, draw.values, draw.doc, 'sample')}
          outline={draw.mode === 'edit'}
          fontsLoaded={draw.fontsLoaded}
        />
      );
      break;
    case 'image':
      body = <ImageBody l={layer} />;
      break;
    case 'photo':
      body = <PhotoBody l={layer} />;
      break;
    case 'shape':
      body = <ShapeBody l={layer} />;
      break;
  }
  return (
    <Group {...placement(layer, interactive)} ref={nodeRef ? (n) => nodeRef(layer.id, n) : undefined}>
      {body}
    </Group>
  );
});
