import { useMemo, useState } from 'react';
import type { QuestionSample } from '../../../runtime/table/training';
import { useQuestionSamples, useTrainingQuestions } from '../../data/training';
import { compareHash, routeHash } from '../../state/router';
import { StepChart } from './StepChart';
import { metricSeries, STEP_METRICS } from './step-metrics';
import { runLabel } from '../../../core/training/run-label';

/** Most steps compared side by side (each a column of the aligned view). */
export const MAX_COMPARED = 6;

/** `n` steps spread evenly from the first to the last (what is compared until the user picks). */
export function spreadSteps(steps: readonly number[], n: number): number[] {
  if (steps.length <= n) return [...steps];
  const out = new Set<number>();
  for (let k = 0; k < n; k++) out.add(steps[Math.round((k * (steps.length - 1)) / (n - 1))]!);
  return [...out];
}

const SEARCHES = STEP_METRICS.find((m) => m.id === 'searches')!;
const SCORE = STEP_METRICS.find((m) => m.id === 'mean_score')!;

/**
 * One question through training: pick a question of a run, see its samples at every step, and open
 * the chosen steps' samples side by side in the aligned compare view.
 */
export function QuestionTrail({
  runs,
  run,
  question,
  onPick,
  color,
  waiting = false,
}: {
  runs: readonly string[];
  run: string;
  question: string | null;
  onPick: (run: string, question: string | null) => void;
  color: string;
  /** The plots come from the last session's summaries: the questions wait for the table's rows. */
  waiting?: boolean;
}) {
  const [text, setText] = useState('');
  const questions = useTrainingQuestions(run, text);
  const samples = useQuestionSamples(run, question);
  return (
    <section
      className="training-trail"
      data-testid="question-trail"
      aria-label="One question through training"
    >
      <h3>One question through training</h3>
      <div className="training-trail-pick">
        {runs.length > 1 && (
          <label>
            Run{' '}
            <select value={run} onChange={(e) => onPick(e.target.value, null)} aria-label="Run">
              {runs.map((r) => (
                <option key={r} value={r}>
                  {runLabel(r)}
                </option>
              ))}
            </select>
          </label>
        )}
        <input
          type="search"
          placeholder="Find a question…"
          aria-label="Find a question"
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="trail-search"
        />
      </div>
      {question === null ? (
        <ul className="training-trail-questions" data-testid="trail-questions">
          {(questions.data ?? []).map((q) => (
            <li key={q.question}>
              <button type="button" className="link" onClick={() => onPick(run, q.question)}>
                {q.question}
              </button>{' '}
              <span className="muted">
                {q.samples} samples at {q.steps} steps
              </span>
            </li>
          ))}
          {questions.data?.length === 0 && <li className="muted">No question of {runLabel(run)} matches.</li>}
          {waiting && questions.data === undefined && <WaitingForRows item />}
        </ul>
      ) : (
        <div>
          <p className="training-trail-question">
            <b data-testid="trail-question">{question}</b>{' '}
            <button type="button" className="link small" onClick={() => onPick(run, null)}>
              Pick another
            </button>
          </p>
          {waiting && samples.data === undefined && <WaitingForRows />}
          {samples.data && (
            <TrailSteps
              key={`${run}\u0000${question}`}
              run={run}
              samples={samples.data.samples}
              steps={samples.data.steps}
              color={color}
            />
          )}
        </div>
      )}
    </section>
  );
}

function TrailSteps({
  run,
  samples,
  steps,
  color,
}: {
  run: string;
  samples: readonly QuestionSample[];
  steps: Parameters<typeof metricSeries>[0];
  color: string;
}) {
  const byStep = useMemo(() => {
    const m = new Map<number, QuestionSample[]>();
    for (const s of samples) {
      const list = m.get(s.step);
      if (list) list.push(s);
      else m.set(s.step, [s]);
    }
    return m;
  }, [samples]);
  const stepList = [...byStep.keys()];
  const [chosen, setChosen] = useState<number[]>(() => spreadSteps(stepList, 4));
  const [sample, setSample] = useState(0);
  const colors = new Map([[run, color]]);
  const ids = chosen
    .slice()
    .sort((a, b) => a - b)
    .map((st) => {
      const list = byStep.get(st) ?? [];
      return list[Math.min(sample, list.length - 1)]?.id;
    })
    .filter((id): id is string => id !== undefined);
  const maxSamples = Math.max(1, ...[...byStep.values()].map((l) => l.length));
  const toggle = (st: number) =>
    setChosen((c) => (c.includes(st) ? c.filter((x) => x !== st) : c.length < MAX_COMPARED ? [...c, st] : c));
  const open = () => (location.hash = compareHash(ids));
  const describe = (metric: typeof SEARCHES) => (_r: string, step: number) => {
    const s = steps.find((x) => x.step === step);
    return s ? [`step ${step}`, ...metric.detail(s), `${s.samples} samples of this question`] : [];
  };
  return (
    <>
      <div className="training-trail-charts">
        <StepChart
          title="This question: searches per sample"
          yLabel="searches"
          series={metricSeries(steps, SEARCHES, colors)}
          stepped
          describe={describe(SEARCHES)}
          onOpen={(_r, step) => toggle(step)}
          exportName="question-searches"
          testId="trail-chart-searches"
        />
        <StepChart
          title="This question: mean score"
          yLabel="mean score"
          series={metricSeries(steps, SCORE, colors)}
          describe={describe(SCORE)}
          onOpen={(_r, step) => toggle(step)}
          exportName="question-score"
          testId="trail-chart-score"
        />
      </div>
      <div className="training-trail-compare">
        <button type="button" disabled={ids.length < 2} onClick={open} data-testid="trail-compare">
          Compare {ids.length} steps side by side
        </button>{' '}
        {maxSamples > 1 && (
          <label>
            sample{' '}
            <select
              value={sample}
              onChange={(e) => setSample(Number(e.target.value))}
              aria-label="Sample of each step"
            >
              {Array.from({ length: maxSamples }, (_, k) => (
                <option key={k} value={k}>
                  #{k + 1}
                </option>
              ))}
            </select>{' '}
            of each step
          </label>
        )}{' '}
        <span className="muted">Tick up to {MAX_COMPARED} steps (or click a step on a plot above).</span>
      </div>
      <div className="training-trail-scroll">
        <table className="grid-table" data-testid="trail-table">
          <thead>
            <tr>
              <th>Compare</th>
              <th>Step</th>
              <th>Samples: searches, score, answer</th>
            </tr>
          </thead>
          <tbody>
            {[...byStep].map(([st, list]) => (
              <tr key={st} data-step={st}>
                <td>
                  <input
                    type="checkbox"
                    checked={chosen.includes(st)}
                    onChange={() => toggle(st)}
                    aria-label={`Compare step ${st}`}
                  />
                </td>
                <td>{st}</td>
                <td className="training-trail-samples">
                  {list.map((s) => (
                    <a
                      key={s.id}
                      href={routeHash({ page: 'trajectory', id: s.id, step: null })}
                      className={s.acc === 1 ? 'good' : s.acc === 0 ? 'bad' : undefined}
                      title={`${s.answer || '(no answer)'}${s.formatError ? ' · format error' : ''}`}
                    >
                      {s.searches}s · {s.score === null ? '—' : Number(s.score.toFixed(2))}
                      {s.formatError ? ' ⚠' : ''}
                    </a>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The questions and samples come from the table worker's rows: after a reload they wait for its read. */
function WaitingForRows({ item = false }: { item?: boolean }) {
  const text = 'Waiting for the table to read the stored rows…';
  return item ? (
    <li className="muted" data-testid="trail-waiting" role="status">
      {text}
    </li>
  ) : (
    <p className="muted" data-testid="trail-waiting" role="status">
      {text}
    </p>
  );
}
