import { useMemo, useState } from 'react';
import { FollowPanel } from '../components/training/FollowPanel';
import { QuestionTrail } from '../components/training/QuestionTrail';
import { DeferredPlots } from '../components/training/DeferredPlots';
import { runColors } from '../components/training/step-metrics';
import { SummarySourceLine } from '../components/training/SummarySourceLine';
import { TrainingImport } from '../components/training/TrainingImport';
import '../components/training/training.css';
import { trainingPlotsDrawn, useTrainingSample, useTrainingSummary } from '../data/training';
import { navigate } from '../state/router';
import { runLabel } from '../../core/training/run-label';

/** Opens a step's trajectories; one function for the page's life, so the memoized plots keep it. */
const openStep = (run: string, step: number) => navigate({ page: 'trajectories', run, step });

/**
 * Training runs: search behaviour per RL training step (accuracy, reward, searches, over- and
 * under-search, format errors, length, duplicates), several runs on one plot; a step's trajectories
 * one click away; one question followed through training; a dump folder followed while it trains.
 */
export function TrainingPage({ sample }: { sample: string | null }) {
  const summary = useTrainingSummary();
  const all = useMemo(() => summary.data ?? [], [summary.data]);
  const colors = useMemo(() => runColors(all), [all]);
  const runs = [...colors.keys()];
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const steps = useMemo(() => all.filter((s) => !hidden.has(s.run)), [all, hidden]);
  // A link from a trajectory (`#/training/q/<id>`) opens its question; else the user picks one.
  const linked = useTrainingSample(sample);
  const [picked, setPicked] = useState<{ run: string; question: string | null } | null>(null);
  // runs[0] may be '' (the unnamed run): a run all the same.
  const trail = picked ?? linked.data ?? (runs[0] !== undefined ? { run: runs[0], question: null } : null);
  const samples = all.reduce((n, s) => n + s.samples, 0);

  return (
    <div className="training-page" data-testid="training-page">
      <header className="training-head">
        <h2>Training runs</h2>
        {runs.length > 0 && (
          <div className="training-runs" role="group" aria-label="Runs shown">
            {runs.map((r) => (
              <label key={r} className="training-run-chip" style={{ borderColor: colors.get(r) }}>
                <input
                  type="checkbox"
                  checked={!hidden.has(r)}
                  onChange={() =>
                    setHidden((h) => {
                      const next = new Set(h);
                      if (next.has(r)) next.delete(r);
                      else next.add(r);
                      return next;
                    })
                  }
                />
                <span className="training-swatch" style={{ background: colors.get(r) }} aria-hidden="true" />
                {runLabel(r)}
              </label>
            ))}
            <span className="muted" data-testid="training-total">
              {runs.length} run{runs.length === 1 ? '' : 's'}, {all.length} steps,{' '}
              {samples.toLocaleString('en-US')} samples
            </span>
          </div>
        )}
      </header>
      <TrainingImport />
      <FollowPanel />
      {summary.isLoading ? (
        <p className="muted">Reading the stored rollouts…</p>
      ) : summary.error ? (
        <p className="error-text">Could not summarize the runs: {String(summary.error)}</p>
      ) : all.length === 0 ? (
        <p className="empty" data-testid="training-empty">
          No training run stored yet. Follow or import a folder of rollout dumps above.
        </p>
      ) : (
        <>
          <SummarySourceLine source={summary.source} samples={samples} />
          <DeferredPlots steps={steps} onOpen={openStep} onDrawn={trainingPlotsDrawn} />
          {trail && (
            <QuestionTrail
              runs={runs}
              run={trail.run}
              question={trail.question}
              color={colors.get(trail.run) ?? '#1f5fbf'}
              onPick={(run, question) => setPicked({ run, question })}
              waiting={summary.source.kind === 'stored'}
            />
          )}
        </>
      )}
    </div>
  );
}
