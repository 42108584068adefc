import { describe, expect, it } from 'vitest';
import { chooseFontFamily, chooseFontStyle, FONT_STYLES, fontUrl } from './fonts.js';
import { SECTIONS } from './sections.js';
import { SETTINGS_GROUPS } from './settings.js';
import { editableIn, visibleTo } from './vocabulary.js';

// Declarations the editor panels read (issue 9 item 3): staff-only settings (§6), the add button at a limit (§5),
// the flash-deal product picker's collection (§4), the font drawer's choices (§4, §9).

describe('font choices (spec §4, §9)', () => {
  it('offers 100 Thin to 950 Extra Black, each upright and italic', () => {
    expect(FONT_STYLES).toHaveLength(20);
    expect(FONT_STYLES[0]).toBe('100 Thin');
    expect(FONT_STYLES[1]).toBe('100 Thin Italic');
    expect(FONT_STYLES.at(-1)).toBe('950 Extra Black Italic');
  });
  it('a family choice resets style, url and key; a style choice sets them', () => {
    expect(chooseFontFamily('Roboto')).toEqual({ font: 'Roboto', style: '', url: '', key: '' });
    expect(chooseFontStyle(chooseFontFamily('Open Sans'), '700 Bold Italic')).toEqual({
      font: 'Open Sans',
      style: '700 Bold Italic',
      url: '@fontsource/open-sans/latin-700-italic.css',
      key: 'Open Sans:700italic',
    });
    expect(fontUrl('Share', '950 Extra Black')).toBe('@fontsource/share-tech/latin-900.css');
  });
});

describe('editor declarations', () => {
  const product = SETTINGS_GROUPS.product.fields;
  const checkout = SETTINGS_GROUPS.checkout.fields;
  it('staff-only settings are visible to provider staff only (spec §6)', () => {
    expect(visibleTo(checkout.customJs, 'newchick', false)).toBe(false);
    expect(visibleTo(checkout.customJs, 'newchick', true)).toBe(true);
    expect(visibleTo(checkout.checkout_description, 'hydro', false)).toBe(true);
    expect(visibleTo(product['tabs-detail'], 'newchick', true)).toBe(false);
  });
  it('show_time_countdown is editable only in newchick (spec §3)', () => {
    expect(editableIn(checkout.show_time_countdown, 'newchick')).toBe(true);
    expect(editableIn(checkout.show_time_countdown, 'hydro')).toBe(false);
  });
  it('description and product tabs disable their add button at the limit, the others hide it (spec §5)', () => {
    expect(product.setting_description.atLimit).toBe('disable');
    expect(product['tabs-detail'].atLimit).toBe('disable');
    expect(SETTINGS_GROUPS.thankpage.fields.steps.fields.settings.fields.blocks.atLimit).toBeUndefined();
    expect(SECTIONS.flash_deals.settings.blocks.atLimit).toBeUndefined();
  });
  it('the flash-deal product picker reads the block link (spec §4)', () => {
    expect(SECTIONS.flash_deals.settings.blocks.block.product.collectionFrom).toBe('url');
  });
});
