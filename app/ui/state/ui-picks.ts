// What each always-mounted view takes from the UI store, picked (and compared shallowly with
// useShallow) so it re-renders only when that changes. Taking the whole store re-rendered the app,
// the import dialog and the table at every store change, among them the table's visible ids, set
// at each refresh of a big import (profiled: React's work was most of the page thread's left).
import type { UiState } from './ui-store';

/** The app shell (App.tsx): help, import, toast. */
export const shellPick = (s: UiState) => ({
  helpOpen: s.helpOpen,
  setHelpOpen: s.setHelpOpen,
  setImportOpen: s.setImportOpen,
  toast: s.toast,
  setToast: s.setToast,
});

/** The import dialog. */
export const importDialogPick = (s: UiState) => ({
  importOpen: s.importOpen,
  setImportOpen: s.setImportOpen,
  setToast: s.setToast,
  annotator: s.annotator,
});

/** The trajectory table: its filters, sort, grouping, cursor and columns. */
export const tablePick = (s: UiState) => ({
  filters: s.filters,
  setFilters: s.setFilters,
  sort: s.sort,
  toggleSort: s.toggleSort,
  groupByFile: s.groupByFile,
  setGroupByFile: s.setGroupByFile,
  cursor: s.cursor,
  setCursor: s.setCursor,
  setVisibleIds: s.setVisibleIds,
  layout: s.layout,
});
