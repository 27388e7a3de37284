// Keyboard helpers shared by the pages. Single-key shortcuts never fire while typing.
export function isTyping(e: KeyboardEvent): boolean {
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  const tag = t.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || t.isContentEditable;
}

export const SHORTCUTS: Array<{ scope: string; keys: string; what: string }> = [
  { scope: 'Everywhere', keys: '?', what: 'Show or hide this help' },
  { scope: 'Everywhere', keys: 'i', what: 'Import a trajectory file (on the Corpus page: load a corpus)' },
  { scope: 'Dataset', keys: 'j / ↓, k / ↑', what: 'Move between rows' },
  { scope: 'Dataset', keys: 'Home / End, PgUp / PgDn', what: 'First / last row, a page up / down' },
  { scope: 'Dataset', keys: 'Enter / o', what: 'Open the selected trajectory' },
  { scope: 'Dataset', keys: '/', what: 'Search questions, queries, titles, reasoning, file:line and ids' },
  {
    scope: 'Dataset',
    keys: 'f',
    what: 'Show the flags of the selected row with their evidence (Esc closes)',
  },
  { scope: 'Trajectory', keys: 'j / ↓, k / ↑', what: 'Next / previous step' },
  { scope: 'Trajectory', keys: 'n / ], p / [', what: 'Next / previous trajectory' },
  { scope: 'Trajectory', keys: '1 – 6', what: 'Toggle a step label (shown beside each label)' },
  { scope: 'Trajectory', keys: 'e', what: 'Edit the note of the selected step' },
  { scope: 'Trajectory', keys: 'g / o / u / f', what: 'Set the trajectory verdict (again to clear)' },
  { scope: 'Trajectory', keys: 't', what: 'Show the full transcript' },
  { scope: 'Trajectory', keys: 'm / r', what: 'Show the metrics / the papers’ rewards' },
  { scope: 'Trajectory', keys: 'Esc', what: 'Back to the dataset' },
  { scope: 'Corpus', keys: '/', what: 'Focus the query box (Enter searches)' },
  { scope: 'Run', keys: 'Ctrl+Enter', what: 'Run the agent' },
  { scope: 'Run', keys: 'Esc', what: 'Stop the run in progress' },
  { scope: 'Corpus', keys: 'Esc / Back', what: 'Close the document view' },
];
