import { describe, expect, it } from 'vitest';
import { shallow } from 'zustand/shallow';
import { importDialogPick, shellPick, tablePick } from './ui-picks';
import type { UiState } from './ui-store';

// A store's state as the picks see it: every field a distinct value.
const fn = () => () => {};
const state = {
  helpOpen: false,
  setHelpOpen: fn(),
  importOpen: true,
  setImportOpen: fn(),
  toast: null,
  setToast: fn(),
  annotator: 'me',
  filters: { text: '' },
  setFilters: fn(),
  sort: null,
  toggleSort: fn(),
  groupByFile: false,
  setGroupByFile: fn(),
  cursor: 0,
  setCursor: fn(),
  visibleIds: ['a'],
  setVisibleIds: fn(),
  layout: { visible: [] },
} as unknown as UiState;

describe('the UI store picks of the always-mounted views', () => {
  it('stay equal when an import refresh sets the visible ids, so the app, dialog and table skip a render', () => {
    const refreshed = { ...state, visibleIds: Array.from({ length: 14_500 }, (_, i) => `t${i}`) };
    for (const pick of [shellPick, importDialogPick, tablePick])
      expect(shallow(pick(state), pick(refreshed))).toBe(true);
  });

  it('change when what the view shows changes', () => {
    expect(shallow(shellPick(state), shellPick({ ...state, helpOpen: true }))).toBe(false);
    expect(shallow(importDialogPick(state), importDialogPick({ ...state, importOpen: false }))).toBe(false);
    expect(shallow(tablePick(state), tablePick({ ...state, cursor: 3 }))).toBe(false);
    expect(shallow(tablePick(state), tablePick({ ...state, filters: { text: 'x' } } as UiState))).toBe(false);
  });
});
