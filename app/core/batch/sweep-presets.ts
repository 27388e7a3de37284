// Sweeps that reproduce the papers' parameter figures. The figures are images; their text gives
// the range, not every tick, so the values below span that range:
// - APEX-Searcher v2 §3.5, Fig. 3 (v1 §4.5, Fig. 4): accuracy against the number of retrieved
//   documents (#Doc), rising from 1 to 3 and flat or falling past 3, and against the maximum
//   reasoning hops (#Hop), rising over 1 to 5. The chosen settings are starred in the figure, not
//   named in the text; the strategy's defaults (3 documents, 5 hops) are among the values.
// - Learning When to Search §4.2, Fig. 5: accuracy (and output tokens) against retriever top-k,
//   levelling off as top-k grows; the paper then fixes top-k at 5.
import type { SweepSpec } from './sweep-grid';

export interface SweepPreset {
  id: string;
  label: string;
  /** The figure it reproduces, by paper and section. */
  source: string;
  spec: SweepSpec;
}

export const SWEEP_PRESETS: readonly SweepPreset[] = [
  {
    id: 'apex-docs',
    label: 'APEX-Searcher: documents per hop',
    source: 'APEX-Searcher v2 §3.5, Fig. 3 (#Doc); v1 §4.5, Fig. 4',
    spec: { strategy: 'apex', params: [{ name: 'docsPerRetrieval', values: [1, 3, 5, 10] }] },
  },
  {
    id: 'apex-hops',
    label: 'APEX-Searcher: maximum hops',
    source: 'APEX-Searcher v2 §3.5, Fig. 3 (#Hop); v1 §4.5, Fig. 4',
    spec: { strategy: 'apex', params: [{ name: 'maxHops', values: [1, 2, 3, 4, 5] }] },
  },
  {
    id: 'wts-topk',
    label: 'When-to-Search: retriever top-k',
    source: 'Learning When to Search §4.2, Fig. 5',
    spec: { strategy: 'when-to-search', params: [{ name: 'topK', values: [1, 3, 5, 10] }] },
  },
];
