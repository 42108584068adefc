import { emptyConfig, SETTINGS_GROUPS } from '@backroom/theme';
import { describe, expect, it } from 'vitest';
import { current, isDirty } from '../../../lib/history';
import { handleFrameMessage } from './PreviewFrame';
import { canInsertAt } from './SectionList';
import { createEditorStore, previewPageOf } from './store';

const make = () => {
  const config = emptyConfig('newchick', ['head-image', 'flash_deals', 'slider-product']);
  return createEditorStore({ themeId: 't', theme: 'newchick', base: { configId: 'c', version: 1, config } });
};
const keys = (s: ReturnType<typeof make>) => current(s.getState().history).pages.homepage.sections.map((x) => x.type);

describe('editor store (spec §2/§4, issue 9 items 2 and 6)', () => {
  it('adds a section where asked and opens it; moves and removes as one undo step each; undo restores the list', () => {
    const s = make();
    s.getState().addSection('featured-collection', 1);
    expect(keys(s)).toEqual(['head-image', 'featured-collection', 'flash_deals', 'slider-product']);
    const added = current(s.getState().history).pages.homepage.sections[1]!;
    expect(s.getState().view).toEqual({ mode: 'section', key: added.key });
    expect(current(s.getState().history).pages.homepage.sections.map((x) => x.index)).toEqual([0, 1, 2, 3]);
    s.getState().moveSection(added.key, 2);
    expect(keys(s)).toEqual(['head-image', 'flash_deals', 'featured-collection', 'slider-product']);
    s.getState().removeSection(added.key);
    expect(keys(s)).toEqual(['head-image', 'flash_deals', 'slider-product']);
    expect(s.getState().view).toEqual({ mode: 'list' });
    expect(s.getState().history.entries.map((e) => e.label)).toEqual([
      'Opened',
      'Added Featured Collection',
      'Moved Featured Collection',
      'Removed Featured Collection',
    ]);
    s.getState().undo();
    expect(keys(s)).toEqual(['head-image', 'flash_deals', 'featured-collection', 'slider-product']);
    expect(() => s.getState().addSection('featured-collection', 3)).toThrow(/slider-product/);
  });

  it('nothing can be added next to slider-product (the hover links and the picker follow canInsertAt)', () => {
    const types = ['head-image', 'flash_deals', 'slider-product'];
    expect(canInsertAt(types, 0)).toBe(true);
    expect(canInsertAt(types, 2)).toBe(false);
    expect(canInsertAt(types, 3)).toBe(false);
  });

  it('an edit keeps every other section by identity; typing coalesces; the draft is dirty until saved', () => {
    const s = make();
    const before = current(s.getState().history);
    const key = before.pages.homepage.sections[1]!.key;
    for (const text of ['D', 'De', 'Deals']) s.getState().editSection(key, ['settings', 'heading'], text);
    const after = current(s.getState().history);
    expect(after.pages.homepage.sections[1]!.settings).toMatchObject({ heading: 'Deals' });
    expect(after.pages.homepage.sections[0]).toBe(before.pages.homepage.sections[0]);
    expect(after.settings).toBe(before.settings);
    expect(s.getState().history.entries).toHaveLength(2);
    expect(s.getState().history.entries[1]!.label).toBe('Flash Deals · Heading');
    expect(isDirty(s.getState().history)).toBe(true);
    s.getState().saved({ configId: 'c2', version: 2, config: after });
    expect(isDirty(s.getState().history)).toBe(false);
    expect(s.getState().base.version).toBe(2);
  });

  it('a settings group shows its own preview page (spec §2 special entries)', () => {
    const s = make();
    s.getState().setTab('setting');
    s.getState().setView({ mode: 'group', group: 'colors' });
    expect(previewPageOf(s.getState())).toBe(SETTINGS_GROUPS.colors.previewPage);
    expect(previewPageOf(s.getState())).toBe('product');
    s.getState().setView({ mode: 'group', group: 'thankpage' });
    expect(previewPageOf(s.getState())).toBe('order');
    s.getState().setView({ mode: 'list' });
    expect(previewPageOf(s.getState())).toBe('home');
  });

  it('the preview is scrolled to what the sidebar opens: a section, the header or the footer (spec §4 scroll target)', () => {
    const s = make();
    const key = current(s.getState().history).pages.homepage.sections[1]!.key;
    s.getState().setView({ mode: 'section', key });
    expect(s.getState().scrollTo).toBe(key);
    s.getState().setView({ mode: 'area', area: 'footer' });
    expect(s.getState().scrollTo).toBe('footer');
    s.getState().setView({ mode: 'area', area: 'header' });
    expect(s.getState().scrollTo).toBe('header');
    // Back to the list keeps the preview where it is.
    s.getState().setView({ mode: 'list' });
    expect(s.getState().scrollTo).toBe('header');
  });

  it('frame messages: select opens the clicked section; an in-place edit is one undo step; unknown paths change nothing', () => {
    const s = make();
    const key = current(s.getState().history).pages.homepage.sections[1]!.key;
    s.getState().setTab('setting');
    handleFrameMessage(s, { type: 'select', section: key });
    expect(s.getState().tab).toBe('sections');
    expect(s.getState().view).toEqual({ mode: 'section', key });
    handleFrameMessage(s, { type: 'select', section: 'header' });
    expect(s.getState().view).toEqual({ mode: 'area', area: 'header' });
    handleFrameMessage(s, { type: 'edit', section: key, path: ['settings', 'heading'], value: 'Hot' });
    handleFrameMessage(s, { type: 'edit', section: key, path: ['settings', 'heading'], value: 'Hot deals' });
    // Keystrokes typed in place coalesce into one step.
    expect(s.getState().history.entries).toHaveLength(2);
    expect(current(s.getState().history).pages.homepage.sections[1]!.settings).toMatchObject({ heading: 'Hot deals' });
    const size = s.getState().history.entries.length;
    handleFrameMessage(s, { type: 'edit', section: key, path: ['settings', 'nope'], value: 'x' });
    handleFrameMessage(s, { type: 'edit', section: 'missing', path: ['settings', 'heading'], value: 'x' });
    expect(s.getState().history.entries).toHaveLength(size);
    handleFrameMessage(s, { type: 'ready' });
    expect(s.getState().frameReady).toBe(true);
  });
});
