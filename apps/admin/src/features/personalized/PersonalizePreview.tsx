import type { PersonalizeField } from '@backroom/contracts';
import { Box, Text } from '@mantine/core';
import { type KeyboardEvent, type MouseEvent, useState } from 'react';
import { fontFamilyOf } from '../../lib/font-faces';

/** Width of the drawing's coordinate space: a text field's `fontSize` is px at a 1000 px wide picture (contract). */
const VIEW_W = 1000;

/**
 * The product picture with the personalisation's fields drawn on it (spec §7 Personalisation; issue 11 item 4), as
 * the storefront draws them: an SVG over the picture whose width is {@link VIEW_W} units, so a text of `fontSize`
 * is that many px on a 1000 px wide picture; text centred (or left/right-aligned) at (`x`%, `y`%) in its font and
 * colour; an image field as a dashed box (`x`, `y` centre, `width`, `height` in %). `samples` gives each field's
 * text (else its placeholder, else its label). The `selected` field is outlined; clicking the picture calls
 * `onPlace(x, y)` with the point in % (rounded to 0.5) to move it there; with the picture focused, the arrow keys
 * move it by 0.5 % (Shift: 5 %).
 */
export function PersonalizePreview({
  imageSrc,
  fields,
  samples,
  selected,
  onPlace,
}: {
  imageSrc: string | null;
  fields: readonly PersonalizeField[];
  samples: Record<string, string>;
  selected: string | null;
  onPlace?: (x: number, y: number) => void;
}) {
  const [size, setSize] = useState({ w: 1000, h: 1000 });
  const h = (VIEW_W * size.h) / size.w;
  const place = (e: MouseEvent<SVGSVGElement>) => {
    if (!onPlace) return;
    const r = e.currentTarget.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const round = (v: number) => Math.min(100, Math.max(0, Math.round(v * 2) / 2));
    onPlace(round(((e.clientX - r.left) / r.width) * 100), round(((e.clientY - r.top) / r.height) * 100));
  };
  const nudge = (e: KeyboardEvent<SVGSVGElement>) => {
    const f = fields.find((x) => x.id === selected);
    const step = e.shiftKey ? 5 : 0.5;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (!onPlace || !f || !d) return;
    e.preventDefault();
    const clamp = (v: number) => Math.min(100, Math.max(0, v));
    onPlace(clamp(f.x + d[0]!), clamp(f.y + d[1]!));
  };
  return (
    <Box pos="relative" bg="gray.1" style={{ borderRadius: 8, overflow: 'hidden', lineHeight: 0 }}>
      {imageSrc ? (
        <img
          src={imageSrc}
          alt="Product"
          style={{ width: '100%', height: 'auto', display: 'block' }}
          onLoad={(e) => {
            const img = e.currentTarget;
            if (img.naturalWidth && img.naturalHeight) setSize({ w: img.naturalWidth, h: img.naturalHeight });
          }}
        />
      ) : (
        <Box style={{ aspectRatio: '1 / 1' }} display="flex">
          <Text c="dimmed" size="sm" m="auto" style={{ lineHeight: 1.4 }}>
            Choose a product to see its picture
          </Text>
        </Box>
      )}
      <svg
        viewBox={`0 0 ${VIEW_W} ${h}`}
        role="img"
        aria-label="Personalization preview"
        aria-description={onPlace ? 'Click, or use the arrow keys, to move the chosen field' : undefined}
        tabIndex={onPlace ? 0 : undefined}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', cursor: onPlace && selected ? 'crosshair' : undefined }}
        onClick={place}
        onKeyDown={nudge}
      >
        {fields.map((f) => {
          const cx = (f.x / 100) * VIEW_W;
          const cy = (f.y / 100) * h;
          const on = f.id === selected;
          if (f.type === 'image') {
            const w = (f.width / 100) * VIEW_W;
            const hh = (f.height / 100) * h;
            return (
              <g key={f.id}>
                <rect
                  x={cx - w / 2}
                  y={cy - hh / 2}
                  width={w}
                  height={hh}
                  fill="rgba(255,255,255,0.35)"
                  stroke={on ? '#1c7ed6' : '#495057'}
                  strokeWidth={on ? 6 : 3}
                  strokeDasharray="14 10"
                />
                <text x={cx} y={cy} textAnchor="middle" dominantBaseline="central" fontSize={32} fill="#212529">
                  {f.label}
                </text>
              </g>
            );
          }
          const text = samples[f.id] || f.placeholder || f.label;
          const anchor = f.align === 'left' ? 'start' : f.align === 'right' ? 'end' : 'middle';
          return (
            <g key={f.id}>
              <text
                x={cx}
                y={cy}
                textAnchor={anchor}
                dominantBaseline="central"
                fontSize={f.fontSize}
                fill={f.color}
                fontFamily={f.fontId ? `'${fontFamilyOf(f.fontId)}', sans-serif` : 'inherit'}
                data-field={f.id}
              >
                {[...text].slice(0, f.maxLength).join('')}
              </text>
              {on && <circle cx={cx} cy={cy} r={9} fill="#1c7ed6" stroke="#fff" strokeWidth={3} />}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
