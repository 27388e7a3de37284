// What the Compare logs page has picked, kept while the user visits a flip and comes back.
import { create } from 'zustand';
import type { PairedMetric } from '../../core/compare/paired';

interface PairedUi {
  a: string | null;
  b: string | null;
  metric: PairedMetric;
  /** Selected flip (j/k). */
  cursor: number;
  set(p: Partial<Omit<PairedUi, 'set'>>): void;
}

export const usePairedUi = create<PairedUi>((set) => ({
  a: null,
  b: null,
  metric: 'em',
  cursor: 0,
  set: (p) => set(p),
}));
