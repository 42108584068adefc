import { emptyConfig, newSection, type Section } from '@backroom/theme';
import { describe, expect, it } from 'vitest';
import { changedPaths, conflictRows, diffConfigs } from './diff';
import { editLabel } from './labels';
import { setIn } from './paths';

const base = emptyConfig('newchick', ['head-image', 'flash_deals', 'featured-collection']);
const key = (i: number) => base.pages.homepage.sections[i]!.key;

describe('per-section diff (issue 9 item 6: conflict and restore preview)', () => {
  it('names the changed settings of each section, added/removed sections, order, areas and groups in words', () => {
    let b = setIn(base, ['pages', 'homepage', 'sections', 2, 'settings', 'heading'], 'New in');
    b = setIn(b, ['settings', 'colors', 'color_cart_button'], '#ff0000');
    const added = newSection('collection_list', 'newchick') as Section;
    b = setIn(b, ['pages', 'homepage', 'sections'], [...b.pages.homepage.sections.filter((s) => s.key !== key(0)), added]);
    const d = diffConfigs(base, b, 'newchick');
    expect(d).toEqual(
      expect.arrayContaining([
        { id: `section:${key(2)}`, label: 'Featured Collection', kind: 'changed', fields: ['Heading'] },
        { id: `section:${added.key}`, label: 'Collection List', kind: 'added', fields: [] },
        { id: `section:${key(0)}`, label: 'Head Image', kind: 'removed', fields: [] },
        { id: 'group:colors', label: 'Colors', kind: 'changed', fields: ['Add to cart button'] },
      ]),
    );
    expect(diffConfigs(base, base, 'newchick')).toEqual([]);
    expect(changedPaths({ a: [1, 2] }, { a: [1, 3] })).toEqual([['a', 1]]);
  });

  it('three-way rows say what they changed and what I changed, part by part', () => {
    const theirs = setIn(base, ['pages', 'homepage', 'sections', 1, 'settings', 'heading'], 'Deals!');
    const mine = setIn(base, ['pages', 'fixed', 'header', 'settings', 'text_topbar'], 'Hello');
    const rows = conflictRows(base, theirs, mine, 'newchick');
    expect(rows.map((r) => [r.label, !!r.theirs, !!r.mine])).toEqual([
      ['Flash Deals', true, false],
      ['Header', false, true],
    ]);
  });

  it('labels an edit path with the section and setting names', () => {
    expect(editLabel(base, ['pages', 'homepage', 'sections', 2, 'settings', 'heading'], 'newchick')).toBe('Featured Collection · Heading');
    expect(editLabel(base, ['settings', 'colors', 'color_cart_button'], 'newchick')).toBe('Colors · Add to cart button');
  });
});
