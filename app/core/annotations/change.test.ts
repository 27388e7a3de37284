import { describe, expect, it } from 'vitest';
import type { Annotation } from './annotation';
import { type AnnotationChange, applyWrites, toggleLabel, writesFor } from './change';

const T = 't1';
const AT = '2026-01-01T00:00:00.000Z';
/** A store of annotations, written only through writesFor, like IndexedDB through the mutation. */
const write = (store: Annotation[], c: AnnotationChange, who = 'ana') =>
  applyWrites(store, writesFor(c, who, AT));
const labels = (store: Annotation[]) =>
  store.map((a) => `${a.annotator}:${a.stepId ?? '-'}:${a.label}`).sort();

describe('annotation changes', () => {
  it('are idempotent: the same change twice stores what it stores once', () => {
    const changes: AnnotationChange[] = [
      { op: 'label', trajectoryId: T, stepId: 's1', label: 'over-search', on: true },
      { op: 'verdict', trajectoryId: T, verdict: 'good' },
      { op: 'note', trajectoryId: T, stepId: 's1', note: 'why' },
    ];
    for (const c of changes) {
      const once = write([], c);
      expect(write(once, c)).toEqual(once);
      expect(once).toHaveLength(1);
    }
  });

  it('two tabs from the same stale view keep both labels (a toggle read from disk deleted one)', () => {
    const staleView: Annotation[] = [];
    let store: Annotation[] = [];
    // Tab A and tab B both show no labels; A sets over-search on s1, B then presses the same key.
    store = write(store, toggleLabel(staleView, 'ana', T, 's1', 'over-search'));
    store = write(store, toggleLabel(staleView, 'ana', T, 's1', 'over-search'));
    store = write(store, toggleLabel(staleView, 'ana', T, 's2', 'under-search'));
    expect(labels(store)).toEqual(['ana:s1:over-search', 'ana:s2:under-search']);
  });

  it('unset removes only that label of that annotator', () => {
    let store = write([], { op: 'label', trajectoryId: T, stepId: 's1', label: 'over-search', on: true });
    store = write(
      store,
      { op: 'label', trajectoryId: T, stepId: 's1', label: 'over-search', on: true },
      'bo',
    );
    store = write(store, { op: 'label', trajectoryId: T, stepId: 's1', label: 'wrong-entity', on: true });
    const shown = store;
    store = write(store, toggleLabel(shown, 'ana', T, 's1', 'over-search'));
    expect(labels(store)).toEqual(['ana:s1:wrong-entity', 'bo:s1:over-search']);
  });

  it('a verdict replaces the previous one; null clears it; an empty note is removed', () => {
    let store = write([], { op: 'verdict', trajectoryId: T, verdict: 'good' });
    store = write(store, { op: 'verdict', trajectoryId: T, verdict: 'over-searched' });
    expect(labels(store)).toEqual(['ana:-:verdict:over-searched']);
    store = write(store, { op: 'verdict', trajectoryId: T, verdict: null });
    store = write(store, { op: 'note', trajectoryId: T, note: 'n' });
    store = write(store, { op: 'note', trajectoryId: T, note: '  ' });
    expect(store).toEqual([]);
  });
});
