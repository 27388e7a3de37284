import { scaleLinear, scaleSqrt } from 'd3';
import { useMemo } from 'react';
import {
  retrievalBreakdown,
  type Summary,
  summarizeByDataset,
  summarizeByStrategy,
} from '../../../core/batch/aggregate';
import { CATEGORIES, CATEGORY_LABELS } from '../../../core/rewards/four-categories';
import { accName } from '../../../core/metrics/labels';
import type { Trajectory } from '../../../core/schema/trajectory';

const pct = (v: number | null) => (v === null ? '–' : `${(100 * v).toFixed(1)}`);

const ACC_TITLE = 'cover-EM: a gold answer inside the prediction; QAgent (§4.1) calls it non-strict EM';

/** acc %, named as its paper names it where that differs (QAgent: non-strict EM). */
function AccCell({ strategy, value }: { strategy: string; value: number | null }) {
  const name = accName(strategy);
  return (
    <td>
      {pct(value)}
      {name !== 'Acc' && <span className="muted small"> {name}</span>}
    </td>
  );
}

/** Strategies side by side: scores, retrieval count, latency, and when retrieval helped or hurt. */
export function CompareView({ trajectories }: { trajectories: readonly Trajectory[] }) {
  const byStrategy = useMemo(() => summarizeByStrategy(trajectories), [trajectories]);
  const byDataset = useMemo(() => summarizeByDataset(trajectories), [trajectories]);
  const breakdown = useMemo(() => retrievalBreakdown(trajectories), [trajectories]);
  if (trajectories.length === 0) return <p className="muted">No finished runs yet.</p>;
  return (
    <div className="compare" data-testid="compare">
      <div className="compare-top">
        <table className="grid-table" data-testid="strategy-summary">
          <thead>
            <tr>
              <th>strategy</th>
              <th>runs</th>
              <th>EM %</th>
              <th>F1 %</th>
              <th title={ACC_TITLE}>acc %</th>
              <th>mean RC</th>
              <th>queries</th>
              <th>mean latency</th>
            </tr>
          </thead>
          <tbody>
            {byStrategy.map((s) => (
              <tr key={s.strategy}>
                <td>{s.strategy}</td>
                <td>{s.n}</td>
                <td>{pct(s.em)}</td>
                <td>{pct(s.f1)}</td>
                <AccCell strategy={s.strategy} value={s.acc} />
                <td>{s.meanRc.toFixed(2)}</td>
                <td>{s.meanQueries.toFixed(2)}</td>
                <td>{s.meanMs === null ? '–' : `${(s.meanMs / 1000).toFixed(1)} s`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Scatter points={byStrategy} />
      </div>
      {new Set(byDataset.map((d) => d.dataset)).size > 0 && (
        <>
          <h4>Per dataset</h4>
          <table className="grid-table">
            <thead>
              <tr>
                <th>dataset</th>
                <th>strategy</th>
                <th>runs</th>
                <th>EM %</th>
                <th>F1 %</th>
                <th title={ACC_TITLE}>acc %</th>
                <th>mean RC</th>
              </tr>
            </thead>
            <tbody>
              {byDataset.map((s) => (
                <tr key={`${s.dataset}|${s.strategy}`}>
                  <td>{s.dataset}</td>
                  <td>{s.strategy}</td>
                  <td>{s.n}</td>
                  <td>{pct(s.em)}</td>
                  <td>{pct(s.f1)}</td>
                  <AccCell strategy={s.strategy} value={s.acc} />
                  <td>{s.meanRc.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h4>With vs without retrieval</h4>
      {breakdown.length === 0 ? (
        <p className="muted small">
          Run Direct (no retrieval) and a retrieval strategy on the same questions to see it.
        </p>
      ) : (
        <table className="grid-table" data-testid="four-categories">
          <thead>
            <tr>
              <th>strategy vs {breakdown[0]!.baseline}</th>
              {CATEGORIES.map((c) => (
                <th key={c} title={CATEGORY_LABELS[c]}>
                  {c}
                </th>
              ))}
              <th>questions</th>
            </tr>
          </thead>
          <tbody>
            {breakdown.map((b) => (
              <tr key={b.strategy}>
                <td>{b.strategy}</td>
                {CATEGORIES.map((c) => (
                  <td key={c}>{b.result.counts[c]}</td>
                ))}
                <td>{b.result.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** Accuracy against mean retrieval count per strategy; marker area grows with RC (When-to-Search, Fig. 1). */
function Scatter({ points }: { points: readonly Summary[] }) {
  const W = 360;
  const H = 240;
  const M = { l: 44, r: 16, t: 14, b: 36 };
  const maxRc = Math.max(1, ...points.map((p) => p.meanRc));
  const x = scaleLinear()
    .domain([0, maxRc * 1.15])
    .range([M.l, W - M.r])
    .nice();
  const y = scaleLinear()
    .domain([0, 1])
    .range([H - M.b, M.t]);
  const r = scaleSqrt().domain([0, maxRc]).range([4, 16]);
  return (
    <svg
      width={W}
      height={H}
      className="scatter"
      role="img"
      aria-label="Accuracy vs mean retrieval count"
      data-testid="scatter"
    >
      <line x1={M.l} x2={W - M.r} y1={H - M.b} y2={H - M.b} className="axis" />
      <line x1={M.l} x2={M.l} y1={M.t} y2={H - M.b} className="axis" />
      {x.ticks(5).map((v) => (
        <text key={`x${v}`} x={x(v)} y={H - M.b + 14} textAnchor="middle" className="tick">
          {v}
        </text>
      ))}
      {y.ticks(5).map((v) => (
        <text key={`y${v}`} x={M.l - 6} y={y(v) + 4} textAnchor="end" className="tick">
          {Math.round(v * 100)}
        </text>
      ))}
      <text x={(W + M.l) / 2} y={H - 4} textAnchor="middle" className="axis-label">
        mean retrieval count (RC)
      </text>
      <text
        x={12}
        y={(H - M.b + M.t) / 2}
        textAnchor="middle"
        className="axis-label"
        transform={`rotate(-90 12 ${(H - M.b + M.t) / 2})`}
      >
        accuracy %
      </text>
      {points.map((p) => (
        <circle key={p.strategy} cx={x(p.meanRc)} cy={y(p.acc ?? 0)} r={r(p.meanRc)} className="pt">
          <title>
            {p.strategy}: acc {pct(p.acc)}%, mean RC {p.meanRc.toFixed(2)}
          </title>
        </circle>
      ))}
      {labelPositions(
        points.map((p) => ({ text: p.strategy, x: x(p.meanRc) + r(p.meanRc) + 3, y: y(p.acc ?? 0) + 4 })),
      ).map((l) => (
        <text key={l.text} x={l.x} y={l.y} className="pt-label">
          {l.text}
        </text>
      ))}
    </svg>
  );
}

/** Moves labels down until none overlaps another (points of equal scores share one spot). */
function labelPositions(
  labels: Array<{ text: string; x: number; y: number }>,
): Array<{ text: string; x: number; y: number }> {
  const placed: Array<{ text: string; x: number; y: number }> = [];
  for (const l of [...labels].sort((a, b) => a.y - b.y || a.x - b.x)) {
    let y = l.y;
    while (placed.some((p) => Math.abs(p.y - y) < 12 && Math.abs(p.x - l.x) < 70)) y += 12;
    placed.push({ ...l, y });
  }
  return placed;
}
