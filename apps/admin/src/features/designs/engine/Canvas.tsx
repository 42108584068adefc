import { coverWrapPanels, type ImageLayer, type Layer, type Surface } from '@backroom/design';
import type Konva from 'konva';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Group, Layer as KLayer, Line, Rect, Stage, Text, Transformer } from 'react-konva';
import { CropTool } from './CropTool';
import { type Box, boundsOf, layersInBox, roundMm } from './geometry';
import { type DrawMode, LayerNode } from './SurfaceNodes';
import { type Guide, type SnapTargets, snapBox, snapTargets } from './snap';
import { docOf, surfaceOf, useDesign, useDesignStore } from './store';
import { TextEditor } from './TextEditor';

/**
 * The editing canvas (issue 19 item 2), on Konva: the surface's bleed, trim and safe area with their guides, its
 * layers, the transformer (move, scale, rotate), snapping guides while dragging, zoom (Ctrl/⌘ + wheel, around the
 * pointer) and pan (wheel, or Space + drag). Screen pixels per mm = fit × zoom; the store learns it for nudge steps.
 * Pressing on empty canvas and dragging draws a selection box: the layers it touches are chosen (Shift adds them to
 * the choice); the chosen layers move, align and distribute together. Double-click (or Enter) on a text edits it in
 * place (TextEditor), on an image opens its crop (CropTool).
 */

/** Screen pixels within which a dragged layer snaps. */
const SNAP_PX = 6;
/** Space around the surface when it is fitted, px. */
const PAD = 40;

const GUIDE_COLOURS: Record<Guide['kind'], string> = { centre: '#e64980', edge: '#e64980', safe: '#1c7ed6', layer: '#f08c00' };

/** Snapping guides, drawn by their own component so a drag re-renders only them (not the 100 layers). */
const Guides = memo(function Guides({ register, surface }: { register: (set: (g: Guide[]) => void) => void; surface: Surface }) {
  const [guides, setGuides] = useState<Guide[]>([]);
  useEffect(() => register(setGuides), [register]);
  const b = surface.bleed + 10;
  return (
    <>
      {guides.map((g) => (
        <Line
          key={`${g.axis}${g.at}`}
          points={g.axis === 'x' ? [g.at, -b, g.at, surface.height + b] : [-b, g.at, surface.width + b, g.at]}
          stroke={GUIDE_COLOURS[g.kind]}
          strokeWidth={1}
          strokeScaleEnabled={false}
          dash={g.kind === 'layer' ? [4, 4] : undefined}
          listening={false}
        />
      ))}
    </>
  );
});

/** The selection box while it is drawn (screen px), its own component like the guides: a mouse move redraws only it. */
const Marquee = memo(function Marquee({ register }: { register: (set: (r: Box | null) => void) => void }) {
  const [r, setR] = useState<Box | null>(null);
  useEffect(() => register(setR), [register]);
  if (!r) return null;
  return (
    <Rect name="design-marquee" {...r} fill="rgba(28,126,214,0.08)" stroke="#1c7ed6" strokeWidth={1} dash={[4, 3]} listening={false} />
  );
});

/** A selection box from two corners (screen px). */
const boxOf = (m: { x0: number; y0: number; x1: number; y1: number }): Box => ({
  x: Math.min(m.x0, m.x1),
  y: Math.min(m.y0, m.y1),
  width: Math.abs(m.x1 - m.x0),
  height: Math.abs(m.y1 - m.y0),
});

/** Bleed, trim, safe area, gutter and spine guides of a surface (issue 19 item 2 "safe-area and bleed guides"). */
function SurfaceGuides({ surface, scale }: { surface: Surface; scale: number }) {
  const thin = { strokeWidth: 1, strokeScaleEnabled: false, listening: false } as const;
  const lines: React.ReactNode[] = [];
  if (surface.bleed > 0)
    lines.push(<Rect key="trim" width={surface.width} height={surface.height} stroke="#fa5252" dash={[6, 4]} {...thin} />);
  else lines.push(<Rect key="trim" width={surface.width} height={surface.height} stroke="#868e96" {...thin} />);
  if (surface.safe > 0)
    lines.push(
      <Rect
        key="safe"
        x={surface.safe}
        y={surface.safe}
        width={surface.width - surface.safe * 2}
        height={surface.height - surface.safe * 2}
        stroke="#1c7ed6"
        dash={[3, 4]}
        {...thin}
      />,
    );
  if (surface.role === 'spread')
    lines.push(
      <Line key="gutter" points={[surface.width / 2, 0, surface.width / 2, surface.height]} stroke="#7950f2" dash={[8, 4]} {...thin} />,
    );
  if (surface.role === 'cover_wrap') {
    const p = coverWrapPanels(surface);
    for (const x of [p.spine.x, p.spine.x + p.spine.width])
      lines.push(<Line key={`spine${x}`} points={[x, 0, x, surface.height]} stroke="#7950f2" dash={[8, 4]} {...thin} />);
    // The panels' names above the wrap, in screen-sized letters.
    const size = 12 / scale;
    const y = -surface.bleed - size * 1.6;
    for (const [name, panel] of [
      ['Back cover', p.back],
      ['Spine', p.spine],
      ['Front cover', p.front],
    ] as const)
      lines.push(
        <Text
          key={name}
          x={panel.x + panel.width / 2 - 60 / scale}
          y={y}
          width={120 / scale}
          align="center"
          text={name}
          fontSize={size}
          fill="#5f3dc4"
          listening={false}
        />,
      );
  }
  return <>{lines}</>;
}

/** A checkerboard fill for transparent surfaces (garment print areas: the shirt shows through). */
function useChecker(): HTMLCanvasElement | undefined {
  return useMemo(() => {
    if (typeof document === 'undefined') return undefined;
    const c = document.createElement('canvas');
    c.width = 16;
    c.height = 16;
    const g = c.getContext('2d');
    if (!g) return undefined;
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, 16, 16);
    g.fillStyle = '#e9ecef';
    g.fillRect(0, 0, 8, 8);
    g.fillRect(8, 8, 8, 8);
    return c;
  }, []);
}

interface DragStart {
  id: string;
  targets: SnapTargets;
  /** Start centres of the chosen layers moving together (node positions, mm). */
  others: Map<string, { x: number; y: number }>;
  start: { x: number; y: number };
  /** The moving nodes, lifted onto the drag layer while they move, with where they go back to. */
  lifted: { node: Konva.Group; parent: Konva.Container; index: number }[];
}

/** The canvas of the current surface; `fontsLoaded` re-measures text after a font arrives. */
export function DesignCanvas({ fontsLoaded, label }: { fontsLoaded: number; label: string }) {
  const store = useDesignStore();
  const surface = useDesign(surfaceOf);
  const fields = useDesign((s) => docOf(s).fields);
  const selected = useDesign((s) => s.selected);
  const editing = useDesign((s) => s.editing);
  const zoom = useDesign((s) => s.zoom);
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 800, h: 600 });
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [space, setSpace] = useState(false);
  const nodes = useRef(new Map<string, Konva.Group>());
  const tr = useRef<Konva.Transformer>(null);
  const cropTr = useRef<Konva.Transformer>(null);
  const marquee = useRef<{ x0: number; y0: number; x1: number; y1: number; shift: boolean } | null>(null);
  const setMarquee = useRef<(r: Box | null) => void>(() => undefined);
  const setGuides = useRef<(g: Guide[]) => void>(() => undefined);
  const drag = useRef<DragStart | null>(null);
  const dragGroup = useRef<Konva.Group>(null);
  const checker = useChecker();

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(([e]) => {
      if (e) setSize({ w: Math.max(100, e.contentRect.width), h: Math.max(100, e.contentRect.height) });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // A new surface opens centred.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a surface change only.
  useEffect(() => setPan({ x: 0, y: 0 }), [surface.id]);

  const outerW = surface.width + surface.bleed * 2;
  const outerH = surface.height + surface.bleed * 2;
  const fit = Math.max(0.01, Math.min((size.w - PAD * 2) / outerW, (size.h - PAD * 2) / outerH));
  const scale = fit * zoom;
  const originX = size.w / 2 - (surface.width / 2) * scale + pan.x;
  const originY = size.h / 2 - (surface.height / 2) * scale + pan.y;

  useEffect(() => store.getState().setPxPerMm(scale), [store, scale]);
  // The latest placement, for handlers that run after this render (the selection box's release).
  const view = useRef({ originX, originY, scale });
  view.current = { originX, originY, scale };

  // The layer edited on the canvas (text in place, image crop): its own node hides meanwhile; an edit ends when
  // its layer is gone (undo, another surface) or hidden or locked.
  const editedLayer = editing ? surface.layers.find((l) => l.id === editing.id && !l.hidden && !l.locked) : undefined;
  useEffect(() => {
    if (editing && !editedLayer) store.getState().setEditing(null);
  }, [editing, editedLayer, store]);
  const editedId = editedLayer?.id;
  useEffect(() => {
    if (!editedId) return;
    const n = nodes.current.get(editedId);
    n?.visible(false);
    n?.getLayer()?.batchDraw();
    return () => {
      n?.visible(true);
      n?.getLayer()?.batchDraw();
    };
  }, [editedId]);

  const draw = useMemo<DrawMode>(() => ({ mode: 'edit', values: {}, doc: { fields }, fontsLoaded }), [fields, fontsLoaded]);

  // The transformer holds the chosen, unlocked, visible layers (again after every change of the surface: a locked or
  // hidden layer leaves it, an undone one is gone).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `surface` re-attaches the nodes after an edit.
  useEffect(() => {
    const t = tr.current;
    if (!t) return;
    const chosen = editedId ? [] : selected.map((id) => nodes.current.get(id)).filter((n): n is Konva.Group => !!n && n.listening());
    t.nodes(chosen);
    t.getLayer()?.batchDraw();
  }, [selected, surface, editedId]);

  const nodeRef = useCallback((id: string, n: Konva.Group | null) => {
    if (n) nodes.current.set(id, n);
    else nodes.current.delete(id);
  }, []);

  // Space held = pan with the mouse (not while typing in a field).
  useEffect(() => {
    const typing = (e: KeyboardEvent) =>
      e.target instanceof HTMLElement && !!e.target.closest('input, textarea, select, [contenteditable="true"]');
    const down = (e: KeyboardEvent) => {
      if (e.code !== 'Space' || typing(e)) return;
      e.preventDefault();
      setSpace(true);
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') setSpace(false);
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  const layerOf = (id: string): Layer | undefined => surfaceOf(store.getState()).layers.find((l) => l.id === id);

  // With several layers chosen, Konva's transformer starts a drag on each of them too: only the pressed one leads.
  const onDragStart = (e: Konva.KonvaEventObject<DragEvent>) => {
    if (drag.current || e.target.name() !== 'design-layer') return;
    const id = e.target.id();
    const s = store.getState();
    if (!s.selected.includes(id)) s.select([id]);
    const moving = new Set(store.getState().selected);
    const others = new Map<string, { x: number; y: number }>();
    for (const mid of moving) {
      const n = nodes.current.get(mid);
      if (n && mid !== id) others.set(mid, { x: n.x(), y: n.y() });
    }
    // The moving nodes go onto the drag layer (Konva's drag-performance pattern): each frame repaints only them, the
    // transformer and the guides, not the whole surface of up to 100 layers.
    const lifted: DragStart['lifted'] = [];
    const to = dragGroup.current;
    for (const mid of [id, ...others.keys()]) {
      const n = nodes.current.get(mid);
      const parent = n?.getParent();
      if (n && parent && to) lifted.push({ node: n, parent, index: n.zIndex() });
    }
    lifted.sort((a, b) => a.index - b.index);
    for (const l of lifted) l.node.moveTo(to);
    drag.current = { id, targets: snapTargets(surfaceOf(s), moving), others, start: { x: e.target.x(), y: e.target.y() }, lifted };
  };

  const onDragMove = (e: Konva.KonvaEventObject<DragEvent>) => {
    const d = drag.current;
    const l = d && layerOf(d.id);
    if (!d || !l || e.target.id() !== d.id) return;
    const node = e.target;
    const b = boundsOf({ x: node.x() - l.width / 2, y: node.y() - l.height / 2, width: l.width, height: l.height, rotation: l.rotation });
    const snap = snapBox(b, d.targets, SNAP_PX / scale);
    if (snap.dx || snap.dy) node.position({ x: node.x() + snap.dx, y: node.y() + snap.dy });
    const mx = node.x() - d.start.x;
    const my = node.y() - d.start.y;
    for (const [oid, p] of d.others) nodes.current.get(oid)?.position({ x: p.x + mx, y: p.y + my });
    setGuides.current(snap.guides);
  };

  const onDragEnd = (e: Konva.KonvaEventObject<DragEvent>) => {
    const d = drag.current;
    if (d && e.target.id() !== d.id) return;
    drag.current = null;
    setGuides.current([]);
    if (!d) return;
    // Back in their places (lowest first, so each index is right) before React sees the change.
    for (const l of d.lifted) {
      l.node.moveTo(l.parent);
      l.node.zIndex(l.index);
    }
    const dx = e.target.x() - d.start.x;
    const dy = e.target.y() - d.start.y;
    if (!dx && !dy) return;
    const ids = [d.id, ...d.others.keys()];
    store
      .getState()
      .patch(
        ids,
        (l) => ({ x: roundMm(l.x + dx), y: roundMm(l.y + dy) }),
        ids.length === 1 ? 'Moved a layer' : `Moved ${ids.length} layers`,
      );
  };

  const onTransformEnd = () => {
    const t = tr.current;
    if (!t) return;
    const patches = new Map<string, Partial<Layer>>();
    for (const n of t.nodes()) {
      const l = layerOf(n.id());
      if (!l) continue;
      const sx = Math.abs(n.scaleX());
      const sy = Math.abs(n.scaleY());
      const width = Math.max(1, l.width * sx);
      const height = Math.max(1, l.height * sy);
      const p: Partial<Layer> & { fontSize?: number } = {
        x: roundMm(n.x() - width / 2),
        y: roundMm(n.y() - height / 2),
        width: roundMm(width),
        height: roundMm(height),
        rotation: Math.round(((n.rotation() % 360) + 540) % 360) - 180,
      };
      // Text grows with its box's height (a corner drag scales the lettering, like every design tool).
      if ((l.type === 'text' || l.type === 'field') && Math.abs(sy - 1) > 0.001)
        p.fontSize = Math.max(1, Math.round(l.fontSize * sy * 10) / 10);
      n.scale({ x: 1, y: 1 });
      n.offset({ x: width / 2, y: height / 2 });
      patches.set(l.id, p);
    }
    if (patches.size)
      store
        .getState()
        .patch(
          [...patches.keys()],
          (l) => patches.get(l.id) ?? {},
          patches.size === 1 ? 'Resized a layer' : `Resized ${patches.size} layers`,
        );
  };

  const onClick = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (space) return;
    const s = store.getState();
    const onTransformer = e.target.getParent()?.getClassName() === 'Transformer';
    if (s.editing?.mode === 'crop') {
      // Pressing outside the crop window ends the crop.
      let c: Konva.Node | null = e.target;
      while (c && c.name() !== 'design-crop') c = c.getParent();
      if (c || onTransformer) return;
      s.setEditing(null);
    }
    let n: Konva.Node | null = e.target;
    while (n && n.name() !== 'design-layer') n = n.getParent();
    if (!n) {
      if (onTransformer) return;
      const stage = e.target.getStage();
      const p = stage?.getPointerPosition();
      const mouse = 'button' in e.evt;
      if (mouse && p && (e.evt as MouseEvent).button === 0) startMarquee(p, (e.evt as MouseEvent).shiftKey);
      else s.select([]);
      return;
    }
    const shift = 'shiftKey' in e.evt && e.evt.shiftKey;
    if (shift) s.toggleSelect(n.id());
    else if (!s.selected.includes(n.id())) s.select([n.id()]);
  };

  const onWheel = (e: Konva.KonvaEventObject<WheelEvent>) => {
    e.evt.preventDefault();
    if (e.evt.ctrlKey || e.evt.metaKey) {
      const pointer = e.target.getStage()?.getPointerPosition() ?? { x: size.w / 2, y: size.h / 2 };
      const next = Math.max(0.1, Math.min(8, zoom * (e.evt.deltaY > 0 ? 1 / 1.1 : 1.1)));
      // Keep the point under the pointer in place.
      const mx = (pointer.x - originX) / scale;
      const my = (pointer.y - originY) / scale;
      const ns = fit * next;
      setPan({
        x: pointer.x - mx * ns - (size.w / 2 - (surface.width / 2) * ns),
        y: pointer.y - my * ns - (size.h / 2 - (surface.height / 2) * ns),
      });
      store.getState().setZoom(next);
    } else setPan((p) => ({ x: p.x - e.evt.deltaX, y: p.y - e.evt.deltaY }));
  };

  const register = useCallback((set: (g: Guide[]) => void) => {
    setGuides.current = set;
  }, []);
  const registerMarquee = useCallback((set: (r: Box | null) => void) => {
    setMarquee.current = set;
  }, []);

  // The selection box: drawn while the mouse moves (anywhere: the release may be outside the canvas), applied on release.
  const startMarquee = (p: { x: number; y: number }, shift: boolean) => {
    marquee.current = { x0: p.x, y0: p.y, x1: p.x, y1: p.y, shift };
    const el = box.current;
    const move = (ev: MouseEvent) => {
      const m = marquee.current;
      if (!m || !el) return;
      const r = el.getBoundingClientRect();
      m.x1 = ev.clientX - r.left;
      m.y1 = ev.clientY - r.top;
      setMarquee.current(boxOf(m));
    };
    const up = () => {
      window.removeEventListener('mousemove', move);
      window.removeEventListener('mouseup', up);
      const m = marquee.current;
      marquee.current = null;
      setMarquee.current(null);
      if (!m) return;
      const b = boxOf(m);
      const s = store.getState();
      // A press without a drag is a click on nothing: the choice is cleared (kept with Shift).
      if (b.width < 4 && b.height < 4) {
        if (!m.shift) s.select([]);
        return;
      }
      const v = view.current;
      const inMm = { x: (b.x - v.originX) / v.scale, y: (b.y - v.originY) / v.scale, width: b.width / v.scale, height: b.height / v.scale };
      const hit = layersInBox(surfaceOf(s).layers, inMm);
      s.select(m.shift ? [...s.selected, ...hit.filter((id) => !s.selected.includes(id))] : hit);
    };
    window.addEventListener('mousemove', move);
    window.addEventListener('mouseup', up);
  };

  const onDblClick = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    if (space) return;
    let n: Konva.Node | null = e.target;
    while (n && n.name() !== 'design-layer') n = n.getParent();
    const l = n && layerOf(n.id());
    if (!l || l.locked) return;
    if (l.type === 'text' || l.type === 'field') store.getState().setEditing({ id: l.id, mode: 'text' });
    else if (l.type === 'image') store.getState().setEditing({ id: l.id, mode: 'crop' });
  };

  const commitText = (text: string) => {
    const s = store.getState();
    const l = s.editing && layerOf(s.editing.id);
    s.setEditing(null);
    if (!l) return;
    if (l.type === 'text') s.patch([l.id], { text } as Partial<Layer>, 'Edited text on the canvas');
    else if (l.type === 'field') s.patch([l.id], { sample: text } as Partial<Layer>, 'Edited sample on the canvas');
  };

  return (
    <div
      ref={box}
      className="br-design-canvas"
      role="application"
      aria-label={label}
      aria-roledescription="design canvas"
      style={{ cursor: space ? 'grab' : undefined }}
    >
      {editing?.mode === 'text' && editedLayer && (editedLayer.type === 'text' || editedLayer.type === 'field') && (
        <TextEditor key={editedLayer.id} layer={editedLayer} origin={{ x: originX, y: originY }} scale={scale} onCommit={commitText} />
      )}
      <Stage
        width={size.w}
        height={size.h}
        onMouseDown={onClick}
        onTouchStart={onClick}
        onDblClick={onDblClick}
        onDblTap={onDblClick}
        onWheel={onWheel}
        draggable={space}
        x={0}
        y={0}
        onDragEnd={(e) => {
          if (e.target !== e.target.getStage()) return;
          const st = e.target;
          setPan((p) => ({ x: p.x + st.x(), y: p.y + st.y() }));
          st.position({ x: 0, y: 0 });
        }}
      >
        <KLayer>
          <Group x={originX} y={originY} scaleX={scale} scaleY={scale}>
            <Rect
              x={-surface.bleed}
              y={-surface.bleed}
              width={outerW}
              height={outerH}
              fill={surface.background ?? undefined}
              fillPatternImage={surface.background ? undefined : (checker as unknown as HTMLImageElement)}
              fillPatternScale={{ x: 1 / scale, y: 1 / scale }}
              shadowColor="#000"
              shadowOpacity={0.15}
              shadowBlur={12 / scale}
              listening={false}
            />
            <Group
              clipX={-surface.bleed}
              clipY={-surface.bleed}
              clipWidth={outerW}
              clipHeight={outerH}
              onDragStart={onDragStart}
              onDragMove={onDragMove}
              onDragEnd={onDragEnd}
              onTransformEnd={onTransformEnd}
            >
              {surface.layers.map((l) => (
                <LayerNode key={l.id} layer={l} draw={draw} interactive={!space} nodeRef={nodeRef} />
              ))}
            </Group>
            {editing?.mode === 'crop' && editedLayer?.type === 'image' && (
              <CropTool
                key={editedLayer.id}
                layer={editedLayer as ImageLayer}
                transformer={cropTr}
                onChange={(p) => store.getState().patch([editedLayer.id], p as Partial<Layer>, 'Cropped an image')}
              />
            )}
            <SurfaceGuides surface={surface} scale={scale} />
          </Group>
        </KLayer>
        {/* The drag layer: moving layers, the snapping guides, the selection box and the transformers. */}
        <KLayer>
          <Group x={originX} y={originY} scaleX={scale} scaleY={scale}>
            <Group
              ref={dragGroup}
              clipX={-surface.bleed}
              clipY={-surface.bleed}
              clipWidth={outerW}
              clipHeight={outerH}
              onDragMove={onDragMove}
              onDragEnd={onDragEnd}
            />
            <Guides register={register} surface={surface} />
          </Group>
          <Marquee register={registerMarquee} />
          <Transformer
            ref={cropTr}
            rotateEnabled={false}
            flipEnabled={false}
            keepRatio={false}
            ignoreStroke
            anchorSize={9}
            borderStroke="#1c7ed6"
            anchorStroke="#1c7ed6"
            anchorFill="#e7f5ff"
            boundBoxFunc={(oldBox, newBox) => (Math.abs(newBox.width) < 4 || Math.abs(newBox.height) < 4 ? oldBox : newBox)}
          />
          <Transformer
            ref={tr}
            rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
            rotationSnapTolerance={4}
            anchorSize={9}
            borderStroke="#1c7ed6"
            anchorStroke="#1c7ed6"
            keepRatio
            ignoreStroke
            boundBoxFunc={(oldBox, newBox) => (Math.abs(newBox.width) < 4 || Math.abs(newBox.height) < 4 ? oldBox : newBox)}
          />
        </KLayer>
      </Stage>
    </div>
  );
}
