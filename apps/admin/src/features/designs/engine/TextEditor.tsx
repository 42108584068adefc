import { type FieldLayer, ptToMm, type TextLayer } from '@backroom/design';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { cssFamilyOf } from './fonts';

/**
 * On-canvas text editing (issue 19 item 2 "select, move …" with text typed where it is drawn, like every design tool):
 * a textarea laid exactly over a text layer's box — same font, weight, style, size, colour, alignment, letter spacing,
 * line height and rotation at the canvas's zoom — while the Konva node is hidden. Enter (without Shift), Escape and
 * leaving the field all commit, as ONE undo step (`onCommit` is called once, with the text; the caller records
 * nothing when it did not change). Shift+Enter is a new line. A shopper field edits its sample text.
 *
 * `origin` is the screen position of the surface's trim top-left and `scale` the screen px per mm (the canvas's).
 */
export function TextEditor({
  layer,
  origin,
  scale,
  onCommit,
}: {
  layer: TextLayer | FieldLayer;
  origin: { x: number; y: number };
  scale: number;
  onCommit: (text: string) => void;
}) {
  const initial = layer.type === 'text' ? layer.text : layer.sample;
  const [value, setValue] = useState(initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  const commit = () => {
    if (done.current) return;
    done.current = true;
    onCommit(ref.current?.value ?? value);
  };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.select();
  }, []);
  // The box grows downwards while the text is longer than it (the layer keeps its size).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured on every keystroke.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = '0px';
    el.style.height = `${Math.max(layer.height * scale, el.scrollHeight)}px`;
  }, [value, layer.height, scale]);
  const fontPx = ptToMm(layer.fontSize) * scale;
  return (
    <textarea
      ref={ref}
      className="br-design-inplace"
      aria-label={layer.type === 'text' ? 'Text of the layer' : `Sample of the shopper field ${layer.label}`}
      value={value}
      maxLength={layer.type === 'field' ? layer.maxLength : undefined}
      spellCheck={false}
      onChange={(e) => setValue(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        // The textarea's own keys (its undo, arrows, Delete) must not reach the canvas's shortcuts.
        e.stopPropagation();
        if ((e.key === 'Enter' && !e.shiftKey) || e.key === 'Escape') {
          e.preventDefault();
          commit();
        }
      }}
      style={{
        left: origin.x + layer.x * scale,
        top: origin.y + layer.y * scale,
        width: layer.width * scale,
        transform: `rotate(${layer.rotation}deg)`,
        transformOrigin: `${(layer.width * scale) / 2}px ${(layer.height * scale) / 2}px`,
        fontFamily: cssFamilyOf(layer),
        fontSize: `${fontPx}px`,
        fontWeight: layer.fontWeight,
        fontStyle: layer.italic ? 'italic' : 'normal',
        lineHeight: layer.lineHeight,
        letterSpacing: `${ptToMm(layer.letterSpacing) * scale}px`,
        color: layer.color,
        textAlign: layer.align,
        opacity: layer.opacity,
      }}
    />
  );
}
