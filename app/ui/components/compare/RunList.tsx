// Many runs of one question at once: the answers they gave with counts, and one line per run with
// its numbers, sortable, each with a box to pick it; 2 to 4 picked runs are then compared side by
// side. Every number is the run's own RunSummary (its trajectory view), formatted as the run heads do.
import { useMemo, useState } from 'react';
import { answerCounts, type RunSortKey, SIDE_BY_SIDE_MAX, sortRuns } from '../../../core/compare/many-runs';
import type { RunSummary } from '../../../core/compare/types';
import { fmtPercent, fmtValue, sufficiencyShort } from './format';

const COLUMNS: Array<{ key: RunSortKey | null; label: string; title: string; className: string }> = [
  { key: 'run', label: '#', title: 'Run number (the order the runs were listed in)', className: 'c-num' },
  { key: null, label: 'Run', title: 'Strategy, system and training step', className: 'c-run' },
  { key: null, label: 'Source', title: 'Source file and line, or live run', className: 'c-src' },
  { key: null, label: 'Answer', title: 'The run’s final answer', className: 'c-ans' },
  { key: 'em', label: 'EM', title: 'Exact match against the gold answers', className: 'c-m' },
  { key: 'f1', label: 'F1', title: 'Token F1 against the gold answers', className: 'c-m' },
  {
    key: 'acc',
    label: 'Acc',
    title: 'Cover exact match (a gold answer inside the answer)',
    className: 'c-m',
  },
  { key: 'rc', label: 'Searches', title: 'Retrieval calls (search steps)', className: 'c-m2' },
  { key: 'steps', label: 'Steps', title: 'Steps in the trajectory', className: 'c-m2' },
  {
    key: 'sufficient',
    label: 'Sufficient',
    title: 'The first search after which the retrieved documents hold a gold answer',
    className: 'c-suff',
  },
  { key: 'recall', label: 'Gold psg.', title: 'Gold supporting passages retrieved', className: 'c-m2' },
];

function runLabel(r: RunSummary): string {
  const t = r.trajectory;
  const system = t.source.system && t.source.system !== t.agent.strategy ? ` · ${t.source.system}` : '';
  return `${t.agent.strategy}${system}${t.training ? ` · step ${t.training.step}` : ''}`;
}

function sourceLabel(r: RunSummary): string {
  const t = r.trajectory;
  if (t.source.file) return `${t.source.file}${t.source.line ? `:${t.source.line}` : ''}`;
  return t.source.kind === 'live' ? 'live run' : t.id;
}

export function RunList({
  runs,
  picked,
  onToggle,
  onCompare,
  onOpen,
}: {
  runs: readonly RunSummary[];
  /** Indices into `runs`, in the order picked (the first is the baseline of the deltas). */
  picked: readonly number[];
  onToggle: (i: number) => void;
  onCompare: () => void;
  onOpen: (i: number) => void;
}) {
  const [sort, setSort] = useState<{ key: RunSortKey; dir: 1 | -1 }>({ key: 'run', dir: 1 });
  const order = useMemo(() => sortRuns(runs, sort.key, sort.dir), [runs, sort]);
  const answers = useMemo(() => answerCounts(runs), [runs]);
  const full = picked.length >= SIDE_BY_SIDE_MAX;
  const sortBy = (key: RunSortKey) =>
    // Scores read best first; counts and positions smallest first.
    setSort((s) =>
      s.key === key
        ? { key, dir: s.dir === 1 ? -1 : 1 }
        : { key, dir: key === 'em' || key === 'f1' || key === 'acc' || key === 'recall' ? -1 : 1 },
    );
  return (
    <div className="cmp-many" data-testid="run-list">
      <div className="cmp-answers" data-testid="answer-counts">
        <span className="muted small">Answers</span>
        {answers.map((a, i) => (
          <span
            key={i}
            className={`pill${a.correct === true ? ' good' : a.correct === false ? ' bad' : ''}`}
            title={a.correct === null ? 'No gold answer' : a.correct ? 'Exact match' : 'Not an exact match'}
          >
            <span className="cmp-answer-text">{a.text ?? 'no answer'}</span> ×{a.runs}
          </span>
        ))}
      </div>
      <div className="row cmp-pick-bar">
        <button
          type="button"
          className="primary"
          disabled={picked.length < 2}
          onClick={onCompare}
          data-testid="compare-picked"
        >
          {picked.length < 2 ? 'Compare side by side' : `Compare ${picked.length} side by side`}
        </button>
        <span className="muted small" data-testid="pick-hint">
          {picked.length < 2
            ? `Pick 2 to ${SIDE_BY_SIDE_MAX} runs to compare side by side.`
            : `#${(picked[0] ?? 0) + 1} is the baseline of the deltas${full ? `; at most ${SIDE_BY_SIDE_MAX} side by side` : ''}.`}
        </span>
      </div>
      <div className="cmp-list-scroll">
        <table className="cmp-list" aria-label={`${runs.length} runs of this question`}>
          <thead>
            <tr>
              <th className="c-pick">
                <span className="visually-hidden">Pick</span>
              </th>
              {COLUMNS.map((c) => (
                <th
                  key={c.label}
                  className={c.className}
                  title={c.title}
                  aria-sort={
                    c.key && sort.key === c.key ? (sort.dir === 1 ? 'ascending' : 'descending') : undefined
                  }
                >
                  {c.key ? (
                    <button type="button" className="link" onClick={() => sortBy(c.key as RunSortKey)}>
                      {c.label}
                      {sort.key === c.key ? (sort.dir === 1 ? ' ▲' : ' ▼') : ''}
                    </button>
                  ) : (
                    c.label
                  )}
                </th>
              ))}
              <th className="c-open">
                <span className="visually-hidden">Open</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {order.map((i) => {
              const r = runs[i] as RunSummary;
              const m = r.metrics;
              const on = picked.includes(i);
              const answer = r.trajectory.answer?.text ?? '—';
              return (
                <tr key={r.trajectory.id} className={on ? 'picked' : ''} data-testid="run-line">
                  <td className="c-pick">
                    <input
                      type="checkbox"
                      checked={on}
                      disabled={!on && full}
                      onChange={() => onToggle(i)}
                      aria-label={`Pick run ${i + 1}`}
                    />
                  </td>
                  <td className="c-num">{i + 1}</td>
                  <td className="c-run" title={runLabel(r)}>
                    {runLabel(r)}
                  </td>
                  <td className="c-src" title={sourceLabel(r)}>
                    {sourceLabel(r)}
                  </td>
                  <td className="c-ans" title={answer}>
                    {answer}
                  </td>
                  <td className="c-m">{fmtValue(m.em)}</td>
                  <td className="c-m">{fmtValue(m.f1)}</td>
                  <td className="c-m">{fmtValue(m.acc)}</td>
                  <td className="c-m2">{m.rc}</td>
                  <td className="c-m2">{m.steps}</td>
                  <td className="c-suff">{sufficiencyShort(r.sufficiency)}</td>
                  <td className="c-m2">{fmtPercent(r.coverage.goldPassageRecall)}</td>
                  <td className="c-open">
                    <button type="button" className="link" onClick={() => onOpen(i)}>
                      open
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
