// The table's two confidence cells: how sure the row's over/under-search verdicts are (the row's
// `sure`, core/table/row-confidence.ts), and what the model judge said about the unsure ones
// (core/table/unsure-judge.ts). The reasons and differences are the cells' tooltips, as text.
import type { ReactNode } from 'react';
import type { TrajectoryRow } from '../../../core/table/row';
import { unsureCount } from '../../../core/table/row-confidence';
import type { UnsureJudgement } from '../../../core/table/unsure-judge';

/** Unsure verdicts of the row; null when its confidence is not known (opened from a Parquet index). */
const unsureOf = (r: TrajectoryRow): number | null => (r.sure ? unsureCount(r.sure) : null);

export function sureContent(r: TrajectoryRow): ReactNode {
  const n = unsureOf(r);
  if (n === null) return <span className="muted">–</span>;
  return (
    <span className={`pill confidence-${n > 0 ? 'unsure' : 'sure'}`} data-testid="row-sure" data-unsure={n}>
      {n > 0 ? `${n} unsure` : 'sure'}
    </span>
  );
}

export function sureTitle(r: TrajectoryRow): string {
  return r.sure ? r.sure.reasons.join('\n') : 'Not in a Parquet index: import the source log to see it.';
}

export function judgeUnsureContent(r: TrajectoryRow, j: UnsureJudgement | undefined): ReactNode {
  if (!j) return (unsureOf(r) ?? 0) > 0 ? <span className="muted">–</span> : '';
  return (
    <span className={`pill judge-${j.mark}`} data-testid="row-judge-unsure" data-mark={j.mark}>
      {j.mark === 'disagrees' ? 'differs' : 'agrees'}
    </span>
  );
}

export function judgeUnsureTitle(r: TrajectoryRow, j: UnsureJudgement | undefined): string | undefined {
  if (!j) return (unsureOf(r) ?? 0) > 0 ? 'Not judged yet: Judge the unsure asks the model.' : undefined;
  const of = `the judge on ${j.compared} unsure verdict${j.compared === 1 ? '' : 's'}`;
  return j.mark === 'agrees' ? `Agrees: ${of}.` : `Disagrees: ${of}\n${j.differences.join('\n')}`;
}
