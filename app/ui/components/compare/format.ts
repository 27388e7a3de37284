// Text for the compare view's numbers: one formatting for values, deltas and run names.
import type { DivergenceKind, Sufficiency } from '../../../core/compare/types';

export function fmtValue(v: number | null): string {
  return v === null ? '–' : v.toFixed(2).replace(/\.00$/, '');
}

/** "+0.5", "−1", "±0"; empty when there is nothing to compare. */
export function fmtDelta(d: number | null): string {
  if (d === null) return '';
  if (d === 0) return '±0';
  const s = Math.abs(d)
    .toFixed(2)
    .replace(/\.?0+$/, '');
  return d > 0 ? `+${s}` : `−${s}`;
}

export const KIND_TEXT: Record<DivergenceKind, string> = {
  query: 'different query',
  documents: 'different documents',
  decision: 'different decision',
  answer: 'different answer',
};

export function sufficiencyText(s: Sufficiency): string {
  if (s.status === 'no-gold') return 'no gold answer to check';
  if (s.status === 'never') return 'never: no retrieved document holds a gold answer';
  return `after search ${s.search}`;
}

/** The same point, short enough for a column of many runs. */
export function sufficiencyShort(s: Sufficiency): string {
  return s.status === 'at' ? `after search ${s.search}` : s.status === 'never' ? 'never' : '–';
}

/** A fraction as a whole percentage ("50%"), '–' when there is none. */
export function fmtPercent(v: number | null): string {
  return v === null ? '–' : `${Math.round(v * 100)}%`;
}

export const runName = (side: number) => `Run ${side + 1}`;
