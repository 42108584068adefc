/**
 * Curved text (issue 19 item 2 "text on a curve"; packages/design README "Text"): ONE line on an arc of radius
 * |curveRadius| mm whose middle sits at the box's centre — `curveRadius` > 0 bulges up (the circle's centre lies
 * below), < 0 bulges down. Answers the SVG path the text runs along, in the box's own coordinates (0,0 = its top
 * left, mm), left to right, spanning `sweep` radians of the circle (symmetric about the middle) so text aligned to
 * the path's centre is centred on the box. Null when the radius is 0 (straight text).
 */
export function curvePath(width: number, height: number, curveRadius: number, sweep = Math.PI * 1.9): string | null {
  if (!curveRadius) return null;
  const r = Math.abs(curveRadius);
  const cx = width / 2;
  const cy = height / 2;
  const half = Math.min(sweep, Math.PI * 1.98) / 2;
  const dx = r * Math.sin(half);
  const dy = r - r * Math.cos(half);
  const large = half > Math.PI / 2 ? 1 : 0;
  const f = (n: number) => Number(n.toFixed(3));
  // Up: from lower-left through the top (centre below, clockwise on screen = sweep flag 1); down: through the bottom.
  return curveRadius > 0
    ? `M ${f(cx - dx)} ${f(cy + dy)} A ${f(r)} ${f(r)} 0 ${large} 1 ${f(cx + dx)} ${f(cy + dy)}`
    : `M ${f(cx - dx)} ${f(cy - dy)} A ${f(r)} ${f(r)} 0 ${large} 0 ${f(cx + dx)} ${f(cy - dy)}`;
}
