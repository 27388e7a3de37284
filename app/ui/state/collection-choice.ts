// The collections chosen on the Trajectories table, kept in localStorage: Calibrate, compare and a
// trajectory's "All runs of this question" read the same choice from the start, not only once the
// table page has read its link (`c=`, core/table/view-url). The table's link still wins there.

/** The key the choice is kept under; null (the default choice) is kept as no entry. */
export const CHOICE_KEY = 'hopscope.collections';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // A browser that refuses storage access: the default choice, nothing kept.
    return null;
  }
}

/** The kept choice: ids of the chosen collections, or null (the default) when none or unreadable. */
export function readChoice(store: Store | null = storage()): string[] | null {
  try {
    const raw = store?.getItem(CHOICE_KEY);
    if (!raw) return null;
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
  } catch {
    return null;
  }
}

export function keepChoice(choice: readonly string[] | null, store: Store | null = storage()): void {
  try {
    if (choice === null) store?.removeItem(CHOICE_KEY);
    else store?.setItem(CHOICE_KEY, JSON.stringify(choice));
  } catch (e) {
    console.warn('collection choice not kept for the next visit:', e);
  }
}
