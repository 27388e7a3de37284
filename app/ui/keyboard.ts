// Keyboard helpers shared by the pages. Single-key shortcuts never fire while typing.
import { useCallback, useEffect, useRef } from 'react';

export function isTyping(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  const tag = t.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable;
}

export const SHORTCUTS: Array<{ scope: string; keys: string; what: string }> = [
  { scope: 'Everywhere', keys: '?', what: 'Show or hide this help' },
  { scope: 'Everywhere', keys: 'i', what: 'Import a trajectory file (on the Corpus page: load a corpus)' },
  { scope: 'Trajectories', keys: 'j / ↓, k / ↑', what: 'Move between rows' },
  { scope: 'Trajectories', keys: 'Home / End, PgUp / PgDn', what: 'First / last row, a page up / down' },
  { scope: 'Trajectories', keys: 'Enter / o', what: 'Open the selected trajectory' },
  {
    scope: 'Trajectories',
    keys: '/',
    what: 'Search questions, queries, titles, reasoning, file:line and ids',
  },
  { scope: 'Trajectories', keys: 'x', what: 'Select / unselect the current row for comparison' },
  { scope: 'Trajectories', keys: 'c', what: 'Compare the selected runs side by side' },
  {
    scope: 'Trajectories',
    keys: 'f',
    what: 'Show the flags of the selected row with their evidence (Esc closes)',
  },
  { scope: 'Trajectory', keys: 'j / ↓, k / ↑', what: 'Next / previous step' },
  { scope: 'Trajectory', keys: 'n / ], p / [', what: 'Next / previous trajectory' },
  { scope: 'Trajectory', keys: '1 – 6', what: 'Toggle a step label (shown beside each label)' },
  { scope: 'Trajectory', keys: 'e', what: 'Edit the note of the selected step' },
  {
    scope: 'Trajectory',
    keys: '0 / -',
    what: 'Evidence sufficient at the selected step (its search) / never sufficient (again to clear)',
  },
  { scope: 'Trajectory', keys: 'd', what: 'Show the over/under-search diagnosis with its evidence' },
  {
    scope: 'Trajectory',
    keys: 'B (Shift+b)',
    what: 'Run the model probes (Diagnose) with the Run page’s model',
  },
  {
    scope: 'Trajectory, Calibrate',
    keys: 'Q (Shift+q)',
    what: 'Next trajectory to label (the annotation queue)',
  },
  { scope: 'Trajectory', keys: 'g / o / u / f', what: 'Set the trajectory verdict (again to clear)' },
  {
    scope: 'Trajectory',
    keys: 'F (Shift+f)',
    what: 'Fork at the selected step: change it or ask a what-if, then continue',
  },
  { scope: 'Trajectory', keys: 'P (Shift+p)', what: 'Present: replay the trajectory as if it were running' },
  {
    scope: 'Presenter',
    keys: '→ / j / PgDn, ← / k / PgUp',
    what: 'Next / previous step (whole step at once)',
  },
  {
    scope: 'Presenter',
    keys: 'Space',
    what: 'Play / pause: steps arrive and text streams at the chosen speed',
  },
  { scope: 'Presenter', keys: '+ / -, Home / End', what: 'Faster / slower; the start / the end' },
  { scope: 'Presenter', keys: 'g / s / f', what: 'Reveal gold & flags / speaker notes / full screen' },
  { scope: 'Presenter', keys: 'Esc', what: 'Leave presenter mode (out of full screen first)' },
  { scope: 'Fork', keys: 'Ctrl+Enter / Esc', what: 'Run the fork / stop it or close the panel' },
  { scope: 'Trajectory', keys: 't', what: 'Show the full transcript' },
  { scope: 'Trajectory', keys: 'm / r', what: 'Show the metrics / the papers’ rewards' },
  { scope: 'Trajectory', keys: 'c', what: 'Compare all runs of this question' },
  {
    scope: 'Trajectory',
    keys: 'S (Shift+s)',
    what: 'Next correctness signal (EM, non-strict EM, the log’s judge, LLM judge) for rewards and categories',
  },
  {
    scope: 'Trajectory',
    keys: 'J (Shift+j)',
    what: 'Judge the answer with the configured model (LLM judge)',
  },
  { scope: 'Trajectory', keys: 'M / Y (Shift)', what: 'Copy the trajectory as Markdown / as JSON' },
  { scope: 'Trajectory', keys: 'Esc', what: 'Back to the trajectories' },
  { scope: 'Compare', keys: 'j / ↓, k / ↑', what: 'Next / previous aligned row, on every run together' },
  { scope: 'Compare', keys: 'd', what: 'Jump to the first divergence' },
  { scope: 'Compare', keys: '1 – 9', what: 'Pick a run (column)' },
  { scope: 'Compare', keys: 'Enter', what: 'Open the picked run at the current row’s step' },
  { scope: 'Compare', keys: 'Esc', what: 'Back to where the comparison was opened' },
  { scope: 'Corpus', keys: '/', what: 'Focus the query box (Enter searches)' },
  { scope: 'Run', keys: 'Ctrl+Enter', what: 'Run the agent' },
  { scope: 'Run', keys: 'Esc', what: 'Stop the run in progress' },
  { scope: 'Corpus', keys: 'Esc / Back', what: 'Close the document view' },
  { scope: 'Compare logs', keys: 'j / ↓, k / ↑', what: 'Next / previous flipped question' },
  { scope: 'Compare logs', keys: 'Enter', what: 'Open the flip’s A and B runs side by side' },
  { scope: 'Papers', keys: 'j / ↓, k / ↑, 1 – 6', what: 'Next / previous paper, or jump to paper n' },
];

/**
 * Keys pressed while a page is still loading its data, kept and pressed again once it shows:
 * opening a trajectory and pressing `d` or `2` at once must not lose the key. Keys another
 * handler took (App's `?` and `i`), typing and modified keys are not kept.
 */
export function useKeysWhileLoading(loading: boolean): () => void {
  const pending = useRef<KeyboardEventInit[]>([]);
  useEffect(() => {
    if (!loading) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      pending.current.push({
        key: e.key,
        code: e.code,
        shiftKey: e.shiftKey,
        bubbles: true,
        cancelable: true,
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loading]);
  // The loaded page calls this once its own key handler is in place.
  return useCallback(() => {
    for (const init of pending.current.splice(0)) window.dispatchEvent(new KeyboardEvent('keydown', init));
  }, []);
}
