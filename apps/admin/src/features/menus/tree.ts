import { MENU_MAX_DEPTH, type MenuItemType } from '@backroom/contracts';

/**
 * The menu editor's tree operations (issue 11 item 3), pure so they are unit-tested: the tree is edited as a flat
 * list in display order where each row knows its depth (0 = top level) and parent, as in @dnd-kit's sortable tree
 * pattern; a drag moves a row (with its descendants) and its horizontal offset picks the new depth.
 */

/** An item as the editor holds it (the API's MenuItem minus what the server derives, plus display details). */
export interface EditItem {
  id: string;
  title: string;
  type: MenuItemType;
  target: string;
  /** The target's title or URL as last resolved by the server (display only). */
  label: string | null;
  broken: boolean;
  children: EditItem[];
}

export interface FlatItem {
  id: string;
  parentId: string | null;
  depth: number;
  item: EditItem;
}

/** Deepest depth index (MENU_MAX_DEPTH levels: 0, 1, 2). */
export const MAX_DEPTH_INDEX = MENU_MAX_DEPTH - 1;

/** The tree as rows in display order (children after their parent). */
export function flatten(items: EditItem[], parentId: string | null = null, depth = 0): FlatItem[] {
  return items.flatMap((item) => [{ id: item.id, parentId, depth, item }, ...flatten(item.children, item.id, depth + 1)]);
}

/** Rows back into a tree (each row's children are the following rows whose parentId is its id). */
export function buildTree(rows: FlatItem[]): EditItem[] {
  const root: EditItem[] = [];
  const byId = new Map<string, EditItem>();
  for (const r of rows) {
    const node = { ...r.item, children: [] as EditItem[] };
    byId.set(r.id, node);
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    (parent ? parent.children : root).push(node);
  }
  return root;
}

/** Ids of a row's descendants (rows after it deeper than it, up to the next row at its depth or above). */
export function descendantsOf(rows: FlatItem[], id: string): Set<string> {
  const i = rows.findIndex((r) => r.id === id);
  const out = new Set<string>();
  if (i === -1) return out;
  for (let j = i + 1; j < rows.length && rows[j]!.depth > rows[i]!.depth; j++) out.add(rows[j]!.id);
  return out;
}

/** How many levels a row's subtree spans below it (0 for a leaf). */
function subtreeHeight(rows: FlatItem[], id: string): number {
  const i = rows.findIndex((r) => r.id === id);
  let h = 0;
  for (let j = i + 1; j < rows.length && rows[j]!.depth > rows[i]!.depth; j++) h = Math.max(h, rows[j]!.depth - rows[i]!.depth);
  return h;
}

/**
 * Where a dragged row lands (@dnd-kit sortable tree "projection"): moved from `activeId`'s place to `overId`'s, at
 * the depth its horizontal `offsetX` (px; `indent` px a level) suggests, bounded by the row above (at most one level
 * deeper) and below (at least as deep as the next row) and so that its subtree stays within MENU_MAX_DEPTH levels.
 */
export function projection(rows: FlatItem[], activeId: string, overId: string, offsetX: number, indent: number) {
  const moving = descendantsOf(rows, activeId);
  const list = rows.filter((r) => !moving.has(r.id));
  const from = list.findIndex((r) => r.id === activeId);
  const to = list.findIndex((r) => r.id === overId);
  const active = list[from]!;
  const moved = arrayMove(list, from, to);
  const prev = moved[to - 1];
  const next = moved[to + 1];
  const wanted = active.depth + Math.round(offsetX / indent);
  const height = subtreeHeight(rows, activeId);
  const maxDepth = Math.min(prev ? prev.depth + 1 : 0, MAX_DEPTH_INDEX - height);
  const minDepth = next ? next.depth : 0;
  const depth = Math.max(Math.min(wanted, maxDepth), Math.min(minDepth, maxDepth), 0);
  const parentId =
    depth === 0 || !prev ? null : depth === prev.depth ? prev.parentId : depth > prev.depth ? prev.id : parentAt(moved, to, depth);
  return { depth, parentId, list: moved, index: to };
}

function parentAt(rows: FlatItem[], index: number, depth: number): string | null {
  for (let j = index - 1; j >= 0; j--) if (rows[j]!.depth === depth) return rows[j]!.parentId;
  return null;
}

/** A copy of `list` with the element at `from` moved to `to`. */
export function arrayMove<T>(list: T[], from: number, to: number): T[] {
  const out = list.slice();
  const [x] = out.splice(from, 1);
  out.splice(to, 0, x!);
  return out;
}

/**
 * The tree after moving `activeId` (with its subtree) onto `overId`'s place at the projected depth — what a drop
 * does.
 */
export function moveItem(items: EditItem[], activeId: string, overId: string, offsetX: number, indent: number): EditItem[] {
  const rows = flatten(items);
  const moving = [...descendantsOf(rows, activeId)];
  const p = projection(rows, activeId, overId, offsetX, indent);
  const active = rows.find((r) => r.id === activeId)!;
  const shift = p.depth - active.depth;
  const sub = rows.filter((r) => moving.includes(r.id)).map((r) => ({ ...r, depth: r.depth + shift }));
  const list = p.list.map((r) => (r.id === activeId ? { ...r, depth: p.depth, parentId: p.parentId } : r));
  list.splice(p.index + 1, 0, ...sub);
  return buildTree(list);
}

/**
 * Nests an item as the last child of the item above it at its level (Indent), or moves it up a level to just after
 * its parent (Outdent):
 * the keyboard way to nest. Returns the tree unchanged when the move is not possible (no item above at its level,
 * already at the top level, or MENU_MAX_DEPTH would be exceeded).
 */
export function indentItem(items: EditItem[], id: string, direction: 1 | -1): EditItem[] {
  const rows = flatten(items);
  const i = rows.findIndex((r) => r.id === id);
  if (i === -1) return items;
  const row = rows[i]!;
  if (direction === 1) {
    const prevSibling = [...rows.slice(0, i)].reverse().find((r) => r.depth <= row.depth);
    if (!prevSibling || prevSibling.depth !== row.depth) return items;
    if (row.depth + 1 + subtreeHeight(rows, id) > MAX_DEPTH_INDEX) return items;
    return mapTree(items, (list) => {
      const k = list.findIndex((x) => x.id === id);
      if (k <= 0) return list;
      const moved = list[k]!;
      const above = list[k - 1]!;
      return [...list.slice(0, k - 1), { ...above, children: [...above.children, moved] }, ...list.slice(k + 1)];
    });
  }
  if (row.depth === 0) return items;
  return mapTree(items, (list) => {
    const k = list.findIndex((p) => p.children.some((c) => c.id === id));
    if (k === -1) return list;
    const parent = list[k]!;
    const ci = parent.children.findIndex((c) => c.id === id);
    const moved = parent.children[ci]!;
    const next = { ...parent, children: parent.children.filter((c) => c.id !== id) };
    return [...list.slice(0, k), next, moved, ...list.slice(k + 1)];
  });
}

/** Applies `f` to every sibling list of the tree, top level first. */
function mapTree(items: EditItem[], f: (list: EditItem[]) => EditItem[]): EditItem[] {
  return f(items).map((it) => ({ ...it, children: mapTree(it.children, f) }));
}

/** The tree without the item (and its children). */
export function removeItem(items: EditItem[], id: string): EditItem[] {
  return items.filter((i) => i.id !== id).map((i) => ({ ...i, children: removeItem(i.children, id) }));
}

/** The tree with the item replaced by `next` (children kept). */
export function replaceItem(items: EditItem[], next: EditItem): EditItem[] {
  return items.map((i) => (i.id === next.id ? { ...next, children: i.children } : { ...i, children: replaceItem(i.children, next) }));
}
