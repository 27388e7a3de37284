import { EFFICIENCY_TITLES } from '../../../core/diagnose/efficiency';
import { useMemo } from 'react';
import { retrievalBreakdown, summarizeByDataset, summarizeByStrategy } from '../../../core/batch/aggregate';
import { CATEGORIES, CATEGORY_LABELS } from '../../../core/rewards/four-categories';
import { accName } from '../../../core/metrics/labels';
import { plural } from '../../../core/plural';
import type { Trajectory } from '../../../core/schema/trajectory';
import { useCorrectness } from '../../data/judges/judge';
import { notThePapersJudge } from '../../../core/rewards/correct';
import { CorrectnessBar } from '../judge/CorrectnessBar';
import { PaperJudgeOffer } from '../judge/PaperJudgeOffer';
import { BatchScatter } from './BatchScatter';
import { pct } from './percent';

const JUDGE_TITLE = "The log's own judge verdicts (R1-Searcher's gpt4o_output), over records that carry one";
const AT_K_TITLE =
  'ExSearch §5.2 Table 3 (R@k) and Table 7 (P@k): top-3 / top-5 retrieved documents that hold a gold answer';
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
const NONE: readonly Trajectory[] = [];

/**
 * Strategies side by side: scores, retrieval count, latency, and when retrieval helped or hurt.
 * `extra`: imported runs, each group labelled as its own strategy (CompareWithImports).
 */
export function StrategyComparison({
  trajectories: runs,
  extra = NONE,
}: {
  trajectories: readonly Trajectory[];
  extra?: readonly Trajectory[];
}) {
  const trajectories = useMemo(() => (extra.length ? [...runs, ...extra] : runs), [runs, extra]);
  const { correctness, label: signal } = useCorrectness(trajectories);
  const byStrategy = useMemo(
    () => summarizeByStrategy(trajectories, correctness),
    [trajectories, correctness],
  );
  const byDataset = useMemo(() => summarizeByDataset(trajectories, correctness), [trajectories, correctness]);
  const breakdown = useMemo(
    () => retrievalBreakdown(trajectories, 'direct', correctness),
    [trajectories, correctness],
  );
  if (trajectories.length === 0) return <p className="muted">No finished runs yet.</p>;
  return (
    <div className="compare" data-testid="compare">
      <CorrectnessBar ts={trajectories} what={plural(trajectories.length, 'answer')} />
      <div className="compare-top">
        <table className="grid-table" data-testid="strategy-summary">
          <thead>
            <tr>
              <th>strategy</th>
              <th>runs</th>
              <th>EM %</th>
              <th>F1 %</th>
              <th title={ACC_TITLE}>acc %</th>
              <th title={JUDGE_TITLE}>judge %</th>
              <th title="Share correct under the chosen correctness signal, over the answers it has a verdict on">
                correct % <span className="muted small">by {signal}</span>
              </th>
              <th title={AT_K_TITLE}>R@3 / R@5</th>
              <th title={AT_K_TITLE}>P@3 / P@5</th>
              <th>mean RC</th>
              <th>queries</th>
              <th title={EFFICIENCY_TITLES.redundantRate.help}>redundant %</th>
              <th title={EFFICIENCY_TITLES.underSearchRate.help}>under %</th>
              <th title={EFFICIENCY_TITLES.productivity.help}>ans / search</th>
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
                <td>{pct(s.judge)}</td>
                <td data-testid="correct-share">
                  {pct(s.correct)}
                  {s.judged < s.n && <span className="muted small"> of {s.judged}</span>}
                </td>
                <td>
                  {pct(s.r3)} / {pct(s.r5)}
                </td>
                <td>
                  {pct(s.p3)} / {pct(s.p5)}
                </td>
                <td>{s.meanRc.toFixed(2)}</td>
                <td>{s.meanQueries.toFixed(2)}</td>
                <td data-testid="redundant-rate">{pct(s.efficiency.redundantRate.value)}</td>
                <td>{pct(s.efficiency.underSearchRate.value)}</td>
                <td>
                  {s.efficiency.productivity.value === null
                    ? '–'
                    : s.efficiency.productivity.value.toFixed(2)}
                </td>
                <td>{s.meanMs === null ? '–' : `${(s.meanMs / 1000).toFixed(1)} s`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <BatchScatter points={byStrategy} exportName="accuracy-vs-rc" />
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
                <th title={JUDGE_TITLE}>judge %</th>
                <th>correct % by {signal}</th>
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
                  <td>{pct(s.judge)}</td>
                  <td>{pct(s.correct)}</td>
                  <td>{s.meanRc.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h4>
        With vs without retrieval{' '}
        <span className="muted small" data-testid="categories-signal">
          (correct by {signal})
        </span>
      </h4>
      {breakdown.length > 0 && correctness.signal !== 'llm-judge' && (
        // The analysis is Learning When to Search's (§4.1, Fig. 4), which judges with an LLM.
        <PaperJudgeOffer
          note={notThePapersJudge(signal)}
          target={trajectories}
          what={`the ${plural(trajectories.length, 'answer')}`}
          chooseSignal
        />
      )}
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
                <td>
                  {b.result.total}
                  {b.unjudged > 0 && <span className="muted small"> ({b.unjudged} not judged yet)</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
