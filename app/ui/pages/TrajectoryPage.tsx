import { useIsFetching } from '@tanstack/react-query';
import { useDeferredValue, useEffect } from 'react';
import { VERDICTS } from '../../core/annotations/annotation';
import { RunsOfQuestionButton } from '../components/compare/RunsOfQuestionButton';
import { ForkLineage } from '../components/fork/ForkLineage';
import { ForkPanel } from '../components/fork/ForkPanel';
import { IndexedTrajectory } from '../components/trajectory/IndexedTrajectory';
import { AnswerCorrectness } from '../components/judge/AnswerCorrectness';
import { TestModelWarning } from '../components/model/TestModelWarning';
import { TrajectoryHeader } from '../components/trajectory/TrajectoryHeader';
import { TrajectoryHops } from '../components/trajectory/TrajectoryHops';
import { type TrajectoryView as ViewData, useTrajectoryView } from '../data/trajectories/trajectory-view';
import { useKeysWhileLoading } from '../keyboard';
import { navigate, routeHash } from '../state/router';
import { TrajectoryTabs } from './trajectory/TrajectoryTabs';
import { useTrajectoryKeys } from './trajectory/use-trajectory-keys';
import { type TrajectoryPageState, useTrajectoryPage } from './trajectory/use-trajectory-page';

/** `stepRef`: the URL's step part (a 1-based step number, or an old link's step id). */
export function TrajectoryPage({ id, stepRef }: { id: string; stepRef: string | null }) {
  const q = useTrajectoryView(id);
  // Rendered as a transition, which React splits into short tasks: the first render of a
  // 100,000-step trajectory was one 0.15 s task.
  const deferred = useDeferredValue(q.data);
  // The deferred value may still be the previous trajectory's just after a move to the next one.
  const view = deferred?.trajectory.id === id ? deferred : undefined;
  const loading = q.isLoading || (q.data !== null && q.data !== undefined && !view);
  const replayKeys = useKeysWhileLoading(loading);
  const demoLoading = useIsFetching({ queryKey: ['demo'] }) > 0;
  if (loading) return <div className="empty">Loading trajectory…</div>;
  if (q.error)
    return (
      <div className="empty error-text">
        Could not read trajectory {id}: {String(q.error)}
      </div>
    );
  if (!view && demoLoading) return <div className="empty">Loading the demo set…</div>;
  if (!view)
    return (
      <IndexedTrajectory
        id={id}
        notStored={
          <div className="empty">
            No trajectory with id <code>{id}</code> is stored here.{' '}
            <button type="button" className="link" onClick={() => navigate({ page: 'trajectories' })}>
              Back to the trajectories
            </button>
          </div>
        }
      />
    );
  return <TrajectoryView key={id} view={view} stepRef={stepRef} onReady={replayKeys} />;
}

/**
 * `view`: the record with gold joined from the question sets, and what is derived from it (the
 * trajectory worker's, core/view's trajectoryView). State and actions live in useTrajectoryPage;
 * the header, the hops (plan and timeline) and the tabs each draw their part of it.
 */
function TrajectoryView({
  view,
  stepRef,
  onReady,
}: {
  view: ViewData;
  stepRef: string | null;
  /** Called once its key handler listens (keys pressed while loading are pressed again). */
  onReady: () => void;
}) {
  const page = useTrajectoryPage(view, stepRef);
  const { t, forkAt } = page;
  useTrajectoryKeys(page);
  useEffect(() => onReady(), [onReady]);
  const forkStep = forkAt ? t.steps.find((s) => s.id === forkAt) : undefined;
  return (
    <div className="trajectory">
      <TrajectoryHeader
        view={view}
        nav={{ pos: page.pos, count: page.order.length, go: page.goTrajectory, backTo: 'Trajectories' }}
        actions={
          <>
            <RunsOfQuestionButton t={t} />
            {t.training && (
              <a
                className="small"
                href={routeHash({ page: 'training', sample: t.id })}
                data-testid="question-through-training"
                title={`This question's samples at each step of run ${t.training.run || '(unnamed)'}`}
              >
                This question through training
              </a>
            )}
            <button
              type="button"
              onClick={() => void page.copyAs('markdown')}
              title="Copy as Markdown (Shift+M)"
            >
              Copy Markdown
            </button>
            <button type="button" onClick={() => void page.copyAs('json')} title="Copy as JSON (Shift+Y)">
              Copy JSON
            </button>
          </>
        }
        aside={<VerdictButtons page={page} />}
      >
        <AnswerCorrectness t={t} metrics={view.metrics} />
        <ForkLineage t={t} />
        <TestModelWarning modelId={t.agent.model} />
      </TrajectoryHeader>
      <div className="traj-body">
        <TrajectoryHops
          view={view}
          selected={page.selected}
          annotations={page.annotations}
          onSelectStep={page.selectStep}
          marked
          figures
        />
        <TrajectoryTabs page={page} />
      </div>
      {forkStep && <ForkPanel parent={t} step={forkStep} onClose={() => page.setForkAt(null)} />}
    </div>
  );
}

/** The reader's verdict on the whole trajectory (its keys or these buttons). */
function VerdictButtons({ page }: { page: TrajectoryPageState }) {
  return (
    <div className="verdicts" role="group" aria-label="Verdict">
      <span className="muted small">Verdict:</span>
      {VERDICTS.map((v) => (
        <button
          key={v.id}
          type="button"
          disabled={!page.annotator}
          className={`verdict verdict-${v.id}${page.myVerdict === v.id ? ' on' : ''}`}
          aria-pressed={page.myVerdict === v.id}
          onClick={() => page.setVerdict(v.id)}
        >
          <kbd>{v.key}</kbd> {v.title}
        </button>
      ))}
    </div>
  );
}
