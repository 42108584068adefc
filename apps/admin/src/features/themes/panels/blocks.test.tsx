import { emptyConfig } from '@backroom/theme';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsGroupPanel } from './index';
import { renderControlled, serveLookups } from './test-utils';

// Block lists: reorder with the keyboard (dnd-kit's keyboard sensor), delete, open one block.

const original = Element.prototype.getBoundingClientRect;
beforeEach(() => {
  serveLookups();
  // jsdom has no layout: give each block row a 60 px slot by its index so dnd-kit can measure the list.
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const row = this.closest?.('[data-block-index]');
    if (!row) return original.call(this);
    const i = Number(row.getAttribute('data-block-index'));
    return {
      x: 0,
      y: i * 60,
      top: i * 60,
      left: 0,
      width: 300,
      height: 50,
      right: 300,
      bottom: i * 60 + 50,
      toJSON: () => ({}),
    } as DOMRect;
  };
});
afterEach(() => {
  Element.prototype.getBoundingClientRect = original;
  cleanup();
});

const suggestions = () => {
  const c = emptyConfig('hydro');
  return renderControlled(c.settings.element, (v, onChange) => (
    <SettingsGroupPanel themeType="hydro" group="element" value={v} onChange={onChange} isProviderStaff={false} />
  ));
};

describe('block list', () => {
  it('moves a block down with the keyboard: Space lifts, ArrowDown moves, Space drops; the whole array is reported', async () => {
    const { changes, current } = suggestions();
    const handle = screen.getByRole('button', { name: 'Reorder Suggestion 1: Dresses' });
    handle.focus();
    await act(async () => {
      fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    });
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'ArrowDown', key: 'ArrowDown' });
    });
    await act(async () => {
      fireEvent.keyDown(document.activeElement ?? handle, { code: 'Space', key: ' ' });
    });
    await waitFor(() => expect(current().search.suggestion_list.map((b) => b.value)).toEqual(['Sneakers', 'Dresses', 'Bags']));
    expect(changes.at(-1)?.path).toEqual(['search', 'suggestion_list']);
  });

  it('deletes a block and edits a field of an opened block at its own path', () => {
    const { changes, current } = suggestions();
    const list = screen.getByRole('group', { name: 'Search suggestions' });
    fireEvent.click(within(list).getByRole('button', { name: 'Delete Suggestion 2: Sneakers' }));
    expect(current().search.suggestion_list.map((b) => b.value)).toEqual(['Dresses', 'Bags']);
    fireEvent.click(within(list).getByRole('button', { name: 'Bags' }));
    fireEvent.change(within(list).getByRole('textbox', { name: 'Suggestion' }), { target: { value: 'Bags & wallets' } });
    expect(changes.at(-1)).toEqual({ path: ['search', 'suggestion_list', 1, 'value'], value: 'Bags & wallets' });
  });
});
