import type { DesignDocument, ShopperValues, Surface } from '@backroom/design';
import { useMemo } from 'react';
import { Group, Layer as KLayer, Rect, Stage } from 'react-konva';
import { type DrawMode, LayerNode } from './SurfaceNodes';

/**
 * A surface drawn read-only at `width` × `height` screen px (fitted, centred): the live mockup of print-hub-editor,
 * the book previews and the spread previews (issue 19 items 3–5). The same layer nodes as the editing canvas, so the
 * preview is what the canvas shows. `trimOnly` hides the bleed (a finished page); `values` fill the shopper fields.
 */
export function SurfaceView({
  surface,
  doc,
  width,
  height,
  values,
  mode = 'preview',
  trimOnly = true,
  fontsLoaded,
  label,
}: {
  surface: Surface;
  doc: Pick<DesignDocument, 'fields'>;
  width: number;
  height: number;
  values?: ShopperValues;
  mode?: DrawMode['mode'];
  trimOnly?: boolean;
  fontsLoaded: number;
  label: string;
}) {
  const bleed = trimOnly ? 0 : surface.bleed;
  const outerW = surface.width + bleed * 2;
  const outerH = surface.height + bleed * 2;
  const scale = Math.min(width / outerW, height / outerH);
  const x = (width - outerW * scale) / 2 + bleed * scale;
  const y = (height - outerH * scale) / 2 + bleed * scale;
  const draw = useMemo<DrawMode>(
    () => ({ mode, values: values ?? {}, doc: { fields: doc.fields }, fontsLoaded }),
    [mode, values, doc.fields, fontsLoaded],
  );
  return (
    <div role="img" aria-label={label} style={{ width, height }}>
      <Stage width={width} height={height} listening={false}>
        <KLayer listening={false}>
          <Group x={x} y={y} scaleX={scale} scaleY={scale} clipX={-bleed} clipY={-bleed} clipWidth={outerW} clipHeight={outerH}>
            {surface.background && <Rect x={-bleed} y={-bleed} width={outerW} height={outerH} fill={surface.background} />}
            {surface.layers.map((l) => (
              <LayerNode key={l.id} layer={l} draw={draw} interactive={false} />
            ))}
          </Group>
        </KLayer>
      </Stage>
    </div>
  );
}
