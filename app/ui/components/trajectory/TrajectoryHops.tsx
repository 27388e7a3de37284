import { useMemo } from 'react';
import type { Annotation } from '../../../core/annotations/annotation';
import type { Diagnosis } from '../../../core/diagnose/diagnose';
import { chainLinksByStep } from '../../../core/diagnose/evidence-chain';
import type { PlanLayout } from '../../../core/plan/plan-layout';
import { plural } from '../../../core/plural';
import type { Step } from '../../../core/schema/trajectory';
import type { TrajectoryView } from '../../../core/view/trajectory-view';
import { fileSlug } from '../../data/export/figure-export';
import { planFigure, timelineFigure } from '../../figures/trajectory-figures';
import { PlanTree } from '../timeline/PlanTree';
import { TextFigureExport } from '../TextFigureExport';
import { type TimelineMarks, Timeline } from '../timeline/Timeline';

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
    // A link the retriever could not have given is drawn as a gap too, with why it is no under-search.
    ...(under
      ? { missingHop: under.evidence }
      : chain?.missing && chain.unretrievable
        ? { missingHop: `Not under-search: ${chain.unretrievable}.` }
        : {}),
    ...((under || chain?.unretrievable) && chain?.missing ? { missingLink: chain.missing } : {}),
    ...(chain ? { chainLinks: chainLinksByStep(chain) } : {}),
  };
}

/**
 * A trajectory's left side, in the app and in the report: the plan tree and the hop timeline with
 * the view's flags. The app adds the diagnosis' marks and the figure exports.
 */
export function TrajectoryHops({
  view,
  selected,
  annotations,
  onSelectStep: selectStep,
  marked = false,
  figures = false,
}: {
  view: Pick<TrajectoryView, 'trajectory' | 'flags' | 'diagnosis'> & { planLayout?: PlanLayout | null };
  selected: Step | undefined;
  annotations: readonly Annotation[];
  onSelectStep: (id: string) => void;
  /** Redundant searches, the sufficiency point and the missing hop on the timeline. */
  marked?: boolean;
  /** Buttons that copy the plan and the timeline as text figures. */
  figures?: boolean;
}) {
  const t = view.trajectory;
  const marks = useMemo(() => (marked ? timelineMarks(view.diagnosis) : undefined), [marked, view.diagnosis]);
  const hasPlan = (t.plan?.length ?? 0) > 0;
  return (
    <div className="traj-left">
      {hasPlan && t.plan && (
        <section>
          <h3 className="section-title">
            Plan{' '}
            {figures && (
              <TextFigureExport
                figure={() => planFigure(t)}
                name={`plan-${fileSlug(t.question)}`}
                label="plan tree"
              />
            )}
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
          {figures && t.steps.length > 0 && (
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
