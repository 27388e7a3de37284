import { useMemo } from 'react';
import type { Diagnosis } from '../../../core/diagnose/diagnose';
import { chainLinksByStep } from '../../../core/diagnose/evidence-chain';
import { plural } from '../../../core/plural';
import { PlanTree } from '../../components/PlanTree';
import { TextFigureExport } from '../../components/TextFigureExport';
import { type TimelineMarks, Timeline } from '../../components/Timeline';
import { fileSlug } from '../../data/figure-export';
import { planFigure, timelineFigure } from '../../figures/trajectory-figures';
import type { TrajectoryPageState } from './use-trajectory-page';

/** What the diagnosis marks on the timeline: redundant searches, sufficiency, the missing hop. */
function timelineMarks(diagnosis: Diagnosis): TimelineMarks {
  const under = diagnosis.flags.find((f) => f.kind === 'under-search');
  const chain = diagnosis.sufficiency.chain;
  return {
    redundant: new Set(diagnosis.verdicts.filter((v) => v.label === 'redundant').map((v) => v.stepId)),
    ...(diagnosis.sufficientAfterStepId
      ? {
          sufficientAfter: diagnosis.sufficientAfterStepId,
          sufficientText: `evidence sufficient here (search ${diagnosis.firstSufficientSearch})`,
        }
      : {}),
    ...(under ? { missingHop: under.evidence } : {}),
    ...(under && chain?.missing ? { missingLink: chain.missing } : {}),
    ...(chain ? { chainLinks: chainLinksByStep(chain) } : {}),
  };
}

/** The page's left side: the plan tree and the hop timeline, with the view's flags and marks. */
export function TrajectoryHops({ page }: { page: TrajectoryPageState }) {
  const { t, view, selected, annotations, selectStep } = page;
  const marks = useMemo(() => timelineMarks(view.diagnosis), [view.diagnosis]);
  const hasPlan = (t.plan?.length ?? 0) > 0;
  return (
    <div className="traj-left">
      {hasPlan && t.plan && (
        <section>
          <h3 className="section-title">
            Plan{' '}
            <TextFigureExport
              figure={() => planFigure(t)}
              name={`plan-${fileSlug(t.question)}`}
              label="plan tree"
            />
          </h3>
          <PlanTree
            plan={t.plan}
            {...(view.planLayout ? { layout: view.planLayout } : {})}
            activeNode={selected?.planNode}
            onSelect={(nodeId) => {
              const s = t.steps.find((x) => x.planNode === nodeId);
              if (s) selectStep(s.id);
            }}
          />
        </section>
      )}
      <section>
        <h3 className="section-title">
          {hasPlan ? 'Hops by sub-question' : 'Hops by turn'}{' '}
          <span className="muted small">{plural(t.steps.length, 'step')}</span>{' '}
          {t.steps.length > 0 && (
            <TextFigureExport
              figure={() => timelineFigure(t)}
              name={`timeline-${fileSlug(t.question)}`}
              label="hop timeline"
            />
          )}
        </h3>
        {t.steps.length === 0 ? (
          <p className="muted">This trajectory has no steps.</p>
        ) : (
          <Timeline
            trajectory={t}
            selected={selected?.id}
            onSelect={selectStep}
            annotations={annotations}
            flags={view.flags}
            dimBefore={t.lineage?.replayed ?? 0}
            marks={marks}
          />
        )}
      </section>
    </div>
  );
}
