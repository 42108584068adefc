import type { ImageLayer } from '@backroom/design';
import type Konva from 'konva';
import { useEffect, useRef, useState } from 'react';
import { Group, Image as KImage, Rect } from 'react-konva';
import useImage from 'use-image';
import { applyCropWindow, type Rect as Box, fullImageRect } from './crop';

/**
 * The crop mode of an image layer (issue 19 item 2; packages/design image `crop`): drawn inside the canvas's mm group,
 * in the layer's own frame (turned with it). The whole image shows faded, the part inside the crop window bright; the
 * window is moved by dragging it and resized by the canvas's crop transformer (no rotation). Each release commits through `onChange`
 * (one undo step: the new box and crop, applyCropWindow). The caller hides the layer's own node meanwhile.
 */
export function CropTool({
  layer,
  transformer,
  onChange,
}: {
  layer: ImageLayer;
  /** The canvas's crop transformer (it lives outside the scaled group, so its handles keep their screen size). */
  transformer: React.RefObject<Konva.Transformer | null>;
  onChange: (p: NonNullable<ReturnType<typeof applyCropWindow>>) => void;
}) {
  const [img] = useImage(layer.src);
  const full = fullImageRect(layer);
  const [win, setWin] = useState<Box>({ x: 0, y: 0, width: layer.width, height: layer.height });
  // After a commit the layer's box IS the window again.
  useEffect(() => setWin({ x: 0, y: 0, width: layer.width, height: layer.height }), [layer.width, layer.height]);
  const rect = useRef<Konva.Rect>(null);
  useEffect(() => {
    const t = transformer.current;
    if (!rect.current || !t) return;
    t.nodes([rect.current]);
    t.getLayer()?.batchDraw();
    return () => {
      t.nodes([]);
    };
  }, [transformer]);
  const read = (): Box => {
    const r = rect.current!;
    return { x: r.x(), y: r.y(), width: r.width() * r.scaleX(), height: r.height() * r.scaleY() };
  };
  const commit = () => {
    const r = rect.current;
    if (!r) return;
    const box = read();
    r.scale({ x: 1, y: 1 });
    const next = applyCropWindow(layer, box);
    if (next) onChange(next);
    else setWin({ x: 0, y: 0, width: layer.width, height: layer.height });
  };
  return (
    <Group
      name="design-crop"
      x={layer.x + layer.width / 2}
      y={layer.y + layer.height / 2}
      offsetX={layer.width / 2}
      offsetY={layer.height / 2}
      rotation={layer.rotation}
    >
      {img && <KImage image={img} {...full} opacity={0.35} listening={false} />}
      <Group clipX={win.x} clipY={win.y} clipWidth={win.width} clipHeight={win.height} listening={false}>
        {img && <KImage image={img} {...full} />}
      </Group>
      <Rect
        ref={rect}
        name="design-crop-window"
        {...win}
        stroke="#1c7ed6"
        strokeWidth={1}
        strokeScaleEnabled={false}
        fill="rgba(0,0,0,0)"
        draggable
        onDragMove={() => setWin(read())}
        onTransform={() => setWin(read())}
        onDragEnd={commit}
        onTransformEnd={commit}
      />
    </Group>
  );
}
