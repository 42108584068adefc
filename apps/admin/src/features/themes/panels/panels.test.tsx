import { emptyConfig, newSection } from '@backroom/theme';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AreaPanel, SectionPanel, SettingsGroupPanel } from './index';
import { renderControlled, serveLookups } from './test-utils';

beforeEach(() => {
  serveLookups();
});
afterEach(() => {
  cleanup();
});

describe('SectionPanel', () => {
  it('renders the declared fields with labels and reports each edit with its path relative to the section', () => {
    const section = newSection('featured-collection', 'newchick');
    const { changes, current } = renderControlled(section, (s, onChange) => (
      <SectionPanel themeType="newchick" section={s} onChange={onChange} isProviderStaff={false} />
    ));
    const heading = screen.getByLabelText('Heading') as HTMLInputElement;
    expect(heading.value).toBe('Featured collection');
    fireEvent.change(heading, { target: { value: 'Our picks' } });
    expect(changes.at(-1)).toEqual({ path: ['settings', 'heading'], value: 'Our picks' });
    expect(current().settings.heading).toBe('Our picks');
    expect((screen.getByLabelText('Heading') as HTMLInputElement).value).toBe('Our picks');
  });

  it('says so for a section type it does not know', () => {
    renderControlled({ type: 'mystery', key: 'mystery-1', settings: {} }, (s, onChange) => (
      <SectionPanel themeType="hydro" section={s} onChange={onChange} isProviderStaff={false} />
    ));
    expect(screen.getByText(/has no settings the editor knows/)).toBeTruthy();
  });
});

describe('AreaPanel', () => {
  it('shows the theme variant of the header with the Edit Menu link', () => {
    const config = emptyConfig('newchick');
    renderControlled(config.pages.fixed.header.settings, (v, onChange) => (
      <AreaPanel themeType="newchick" area="header" value={v} onChange={onChange} isProviderStaff={false} />
    ));
    expect(screen.getByRole('link', { name: 'Edit Menu' }).getAttribute('href')).toBe('/admin/menus');
    expect(screen.getByLabelText('Top bar text')).toBeTruthy();
  });

  it('shows the theme variant of the footer and the Edit Menu link', () => {
    const config = emptyConfig('hydro');
    renderControlled(config.pages.fixed.footer.block_config, (v, onChange) => (
      <AreaPanel themeType="hydro" area="footer" value={v} onChange={onChange} isProviderStaff={false} />
    ));
    expect(screen.getByRole('link', { name: 'Edit Menu' }).getAttribute('href')).toBe('/admin/menus');
    expect(screen.getByLabelText('Sub-copyright')).toBeTruthy();
    expect(screen.queryByText('Info with icon')).toBeNull();
  });
});

describe('SettingsGroupPanel', () => {
  it('links the product settings to the product widgets (spec §2 "Product Widget"), and no other group', () => {
    const config = emptyConfig('hydro');
    const r = renderControlled(config.settings.product, (v, onChange) => (
      <SettingsGroupPanel themeType="hydro" group="product" value={v} onChange={onChange} isProviderStaff={false} />
    ));
    expect(screen.getByRole('link', { name: 'Product Widget' }).getAttribute('href')).toBe('/admin/apps/widgets');
    r.view.unmount();
    renderControlled(config.settings.colors, (v, onChange) => (
      <SettingsGroupPanel themeType="hydro" group="colors" value={v} onChange={onChange} isProviderStaff={false} />
    ));
    expect(screen.queryByRole('link', { name: 'Product Widget' })).toBeNull();
  });

  it('hides staff-only settings from merchants and shows them to provider staff (spec §6)', () => {
    const config = emptyConfig('newchick');
    const r = renderControlled(config.settings.checkout, (v, onChange) => (
      <SettingsGroupPanel themeType="newchick" group="checkout" value={v} onChange={onChange} isProviderStaff={false} />
    ));
    expect(screen.queryByLabelText('Custom JavaScript')).toBeNull();
    r.view.unmount();
    renderControlled(config.settings.checkout, (v, onChange) => (
      <SettingsGroupPanel themeType="newchick" group="checkout" value={v} onChange={onChange} isProviderStaff />
    ));
    expect(screen.getByLabelText('Custom JavaScript')).toBeTruthy();
  });
});
