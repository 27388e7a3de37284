// The model judge's rubric as the user edited it (zustand, persisted in localStorage); null is
// Hopscope's default (app/core/diagnose/search-judge-rubric.ts). An edit is a new rubric version.
import { create } from 'zustand';
import { DEFAULT_SEARCH_RUBRIC } from '../../core/diagnose/search-judge-rubric';

interface RubricState {
  edited: string | null;
  setRubric(text: string | null): void;
}

const KEY = 'hopscope.search-judge-rubric';

function load(): string | null {
  try {
    const saved = localStorage.getItem(KEY);
    return saved === null || saved.trim() === '' ? null : saved;
  } catch {
    return null;
  }
}

export const useRubricState = create<RubricState>((set) => ({
  edited: load(),
  setRubric: (text) => {
    const edited = text === null || text.trim() === '' || text.trim() === DEFAULT_SEARCH_RUBRIC ? null : text;
    set({ edited });
    if (edited === null) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, edited);
  },
}));

/** The rubric the judge uses now. */
export function useRubric(): string {
  return useRubricState((s) => s.edited) ?? DEFAULT_SEARCH_RUBRIC;
}
