import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { strategy as strategyById } from '../../../core/agents/registry';
import { describeChange } from '../../../core/fork/describe';
import { changeProblem } from '../../../core/fork/point';
import { continuationProblem } from '../../../core/fork/continuations';
import { CONTINUABLE_IDS, canContinueWith, forkReconstruction } from '../../../core/fork/run';
import type { ForkChange, Step, Trajectory } from '../../../core/schema/trajectory';
import { useGoldPassage } from '../../data/runs/forks';
import { keys } from '../../data/queries';
import { useCorpusUi } from '../../state/corpus-ui';
import { type ForkStatus, useForkRun } from '../../state/fork-run';
import { compareHash } from '../../state/router';
import { useRunConfig } from '../../state/run-config';
import { useUi } from '../../state/ui-store';
import { ModelConfig } from '../run/ModelConfig';
import { RetrieverPicker, useRetrieverChoice } from '../run/RetrieverPicker';
import { LiveTrajectory } from '../run/LiveView';
import { ForkChangePicker } from './ForkChangePicker';
import './fork.css';

const BASELINES =
  'Each strategy rebuilds its own state from the steps before the fork (transcript, chat, plan and knowledge, or chain of thought); the baselines keep none to resume.';

/** The fork's status before the change it ran. */
const RAN_WORD: Record<ForkStatus, string> = {
  idle: 'Picked',
  preparing: 'Preparing',
  running: 'Running',
  done: 'Ran',
  error: 'Failed',
};

/**
 * Fork the trajectory at a step: change something (or pick a what-if), choose the strategy and
 * model that continue, see whether the rebuilt prompt is exact, and run. The fork is stored with
 * its lineage and opens in the compare view against its parent.
 */
export function ForkPanel({
  parent,
  step,
  onClose,
}: {
  parent: Trajectory;
  step: Step;
  onClose: () => void;
}) {
  const cfg = useRunConfig();
  const embed = useCorpusUi((s) => s.embed);
  const run = useForkRun();
  const qc = useQueryClient();
  const setToast = useUi((s) => s.setToast);
  const retriever = useRetrieverChoice(null);
  const gold = useGoldPassage(parent);
  const [change, setChange] = useState<ForkChange | null>(null);
  // The change last run (a what-if runs without being picked), so the status names it.
  const [ran, setRan] = useState<ForkChange | null>(null);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const strategyId = canContinueWith(cfg.strategy) ? cfg.strategy : 'search-r1';
  const def = strategyById(strategyId);
  const prompts = cfg.prompts[def.id] ?? {};
  const recon = forkReconstruction(parent, def, prompts);
  // Why each strategy cannot continue from here (the change picked, else a plain continuation).
  const cannot = (id: string, c: ForkChange | null) =>
    continuationProblem(parent, step.index, c ?? { kind: 'answer_now' }, id);
  const cannotNow = cannot(def.id, change);
  const mine = run.about.parentId === parent.id ? run : null;
  const busy = run.status === 'running' || run.status === 'preparing';

  const start = (c: ForkChange | null) => {
    if (!c || busy || !retriever || changeProblem(parent, step.index, c) || cannot(def.id, c)) return;
    setRan(c);
    void run.start(
      {
        parent,
        stepIndex: step.index,
        change: c,
        strategyId: def.id,
        params: cfg.params[def.id] ?? {},
        prompts,
        llm: cfg.llm,
        ...(cfg.apiKey ? { apiKey: cfg.apiKey } : {}),
        retriever,
        embed,
        ...(parent.gold ? { gold: parent.gold } : {}),
      },
      (t) => {
        qc.setQueryData(keys.trajectory(t.id), t);
        setToast(
          `Fork saved: ${describeChange(c)} → ${t.answer?.text ?? 'no answer'} (${t.finishReason ?? 'finished'})`,
        );
        // The compare view of parent and fork, aligned (the fork also opens on its own from the list).
        location.hash = compareHash([parent.id, t.id]);
      },
    );
  };
  const startRef = useRef(start);
  startRef.current = start;
  const changeRef = useRef(change);
  changeRef.current = change;
  // Keyboard users land in the dialog (Tab then walks its controls).
  const dialogRef = useRef<HTMLDivElement>(null);
  useEffect(() => dialogRef.current?.focus(), []);

  // Esc closes (or stops a running fork); Ctrl+Enter runs the edit.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const st = useForkRun.getState().status;
      const running = st === 'running' || st === 'preparing';
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        if (running) useForkRun.getState().stop();
        else onClose();
      } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        startRef.current(changeRef.current);
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [onClose]);

  const goldDoc = gold.data && 'doc' in gold.data ? gold.data.doc : null;
  const goldWhy = gold.isLoading
    ? 'looking for the gold passage…'
    : gold.data && 'reason' in gold.data
      ? gold.data.reason
      : changeProblem(parent, step.index, { kind: 'gold_passage', doc: { id: '', text: '', rank: 1 } });
  const newSteps = mine?.draft ? mine.draft.steps.length - mine.about.replayed : 0;

  return (
    <div className="overlay" onClick={busy ? undefined : onClose}>
      <div
        className="dialog fork-panel"
        ref={dialogRef}
        tabIndex={-1}
        role="dialog"
        aria-label="Fork this trajectory"
        data-testid="fork-panel"
        onClick={(e) => e.stopPropagation()}
      >
        <h2>
          Fork at step {step.index + 1} <span className={`kind kind-${step.kind}`}>{step.kind}</span>
        </h2>
        <p className="muted small">
          Steps before it replay from this trajectory (no model call, retrieval from the stored documents);
          only the new turns cost a model call.
        </p>
        <section className="fork-section">
          <h3>What if…</h3>
          <div className="row fork-whatifs">
            <button
              type="button"
              data-testid="whatif-answer"
              disabled={busy || !retriever || cannot(def.id, { kind: 'answer_now' }) !== null}
              onClick={() => start({ kind: 'answer_now' })}
            >
              Answer now
            </button>
            <button
              type="button"
              data-testid="whatif-search"
              disabled={busy || !retriever || cannot(def.id, { kind: 'search_more' }) !== null}
              onClick={() => start({ kind: 'search_more' })}
            >
              Search once more
            </button>
            <button
              type="button"
              data-testid="whatif-gold"
              disabled={busy || !retriever || !goldDoc || goldWhy !== null}
              title={
                goldDoc && !goldWhy
                  ? `Put “${goldDoc.title ?? goldDoc.id}” first in this step’s documents`
                  : (goldWhy ?? '')
              }
              onClick={() => goldDoc && start({ kind: 'gold_passage', doc: goldDoc })}
            >
              Give it the gold passage
            </button>
            {(!goldDoc || goldWhy) && <span className="muted small">gold passage: {goldWhy ?? 'none'}</span>}
          </div>
        </section>
        <section className="fork-section">
          <h3>…or change this step</h3>
          <ForkChangePicker parent={parent} step={step} retriever={retriever} onChange={setChange} />
        </section>
        <section className="fork-section fork-config">
          <div>
            <h3>Continue with</h3>
            <select
              value={def.id}
              data-testid="fork-strategy"
              aria-label="Strategy that continues the fork"
              onChange={(e) => cfg.setStrategy(e.target.value)}
            >
              {CONTINUABLE_IDS.map((id) => {
                const why = cannot(id, change);
                return (
                  <option key={id} value={id} disabled={why !== null && id !== def.id} title={why ?? ''}>
                    {strategyById(id).label}
                    {why ? ' (cannot continue here)' : ''}
                  </option>
                );
              })}
            </select>
            {cannotNow ? (
              <p className="error-text small" data-testid="fork-cannot" role="alert">
                {def.label} cannot continue this fork: {cannotNow}.
              </p>
            ) : (
              <p className="muted tiny">{BASELINES}</p>
            )}
            <h3>Retriever for new searches</h3>
            <RetrieverPicker value={retriever} />
          </div>
          <div>
            <h3>Model</h3>
            <ModelConfig />
          </div>
        </section>
        <div className="fork-footer">
          <div className={`fork-recon ${recon.reconstruction}`} data-testid="reconstruction" role="note">
            <b>{recon.reconstruction === 'exact' ? 'Exact prompt' : 'Approximate prompt'}</b> — {recon.note}
          </div>
          <div className="row fork-actions">
            <span className="small" data-testid="fork-change-summary">
              {change && change !== ran
                ? (changeProblem(parent, step.index, change) ?? describeChange(change))
                : ran && mine && mine.status !== 'idle'
                  ? `${RAN_WORD[mine.status]}: ${describeChange(ran)}`
                  : change
                    ? (changeProblem(parent, step.index, change) ?? describeChange(change))
                    : 'Pick a change above, or a what-if.'}
            </span>
            <span className="spacer" />
            <button
              type="button"
              className="primary"
              data-testid="fork-run"
              disabled={
                busy ||
                !change ||
                !retriever ||
                changeProblem(parent, step.index, change) !== null ||
                cannotNow !== null
              }
              onClick={() => start(change)}
              title="Run the fork (Ctrl+Enter)"
            >
              ▶ Run fork
            </button>
            <button type="button" disabled={!busy} onClick={() => run.stop()} title="Stop (Esc)">
              ■ Stop
            </button>
            <button type="button" disabled={busy} onClick={onClose}>
              Close
            </button>
          </div>
          {mine && mine.status !== 'idle' && (
            <div className="fork-progress" data-testid="fork-progress" data-status={mine.status}>
              <div className="small">
                {mine.status === 'preparing' && (mine.phase || 'Preparing…')}
                {mine.status === 'running' && `Running: ${newSteps} new step(s)…`}
                {mine.status === 'done' && `Saved: ${mine.saved?.answer?.text ?? 'no answer'}`}
              </div>
              {mine.error && <div className="error-text">{mine.error}</div>}
              {mine.draft && (
                <div className="fork-live" data-testid="fork-live">
                  <LiveTrajectory
                    t={mine.draft}
                    streamingStepId={mine.streamingStepId ?? undefined}
                    selected={selected}
                    onSelect={setSelected}
                    done={mine.status === 'done'}
                    dimBefore={mine.about.replayed}
                  />
                </div>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
