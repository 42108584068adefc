import { describe, expect, it } from 'vitest';
import { buildTree, type EditItem, flatten, indentItem, moveItem, removeItem } from './tree';

const item = (id: string, children: EditItem[] = []): EditItem => ({
  id,
  title: id,
  type: 'home',
  target: '',
  label: null,
  broken: false,
  children,
});
const shape = (items: EditItem[]): unknown => items.map((i) => (i.children.length ? { [i.id]: shape(i.children) } : i.id));

describe('menu tree', () => {
  const tree = () => [item('home'), item('shop', [item('shirts'), item('hats')]), item('about')];

  it('flattens in display order and builds back the same tree', () => {
    const rows = flatten(tree());
    expect(rows.map((r) => [r.id, r.depth, r.parentId])).toEqual([
      ['home', 0, null],
      ['shop', 0, null],
      ['shirts', 1, 'shop'],
      ['hats', 1, 'shop'],
      ['about', 0, null],
    ]);
    expect(shape(buildTree(rows))).toEqual(shape(tree()));
  });

  it('moves an item with its children, and a drag to the right nests it under the item above', () => {
    expect(shape(moveItem(tree(), 'shop', 'about', 0, 24))).toEqual(['home', 'about', { shop: ['shirts', 'hats'] }]);
    expect(shape(moveItem(tree(), 'about', 'about', 24, 24))).toEqual(['home', { shop: ['shirts', 'hats', 'about'] }]);
    // Dragged right under "hats": one level deeper than the row above at most.
    expect(shape(moveItem(tree(), 'about', 'about', 24 * 5, 24))).toEqual(['home', { shop: ['shirts', { hats: ['about'] }] }]);
    // Dragged left out of "shop".
    expect(shape(moveItem(tree(), 'hats', 'hats', -24, 24))).toEqual(['home', { shop: ['shirts'] }, 'hats', 'about']);
  });

  it('never nests deeper than three levels, by drag or by Indent', () => {
    const deep = [item('a', [item('b', [item('c')])]), item('d', [item('e')])];
    // d has a child: under c it would make four levels; it stops at the deepest allowed level.
    expect(shape(moveItem(deep, 'd', 'd', 24 * 5, 24))).toEqual([{ a: [{ b: ['c'] }, { d: ['e'] }] }]);
    expect(shape(indentItem(deep, 'c', 1))).toEqual(shape(deep));
    expect(shape(indentItem([item('x'), item('y', [item('z')])], 'y', 1))).toEqual([{ x: [{ y: ['z'] }] }]);
  });

  it('indents under the previous sibling, outdents after the parent, removes with children', () => {
    expect(shape(indentItem(tree(), 'shop', 1))).toEqual([{ home: [{ shop: ['shirts', 'hats'] }] }, 'about']);
    expect(shape(indentItem(tree(), 'home', 1))).toEqual(shape(tree()));
    expect(shape(indentItem(tree(), 'shirts', -1))).toEqual(['home', { shop: ['hats'] }, 'shirts', 'about']);
    expect(shape(removeItem(tree(), 'shop'))).toEqual(['home', 'about']);
  });
});
