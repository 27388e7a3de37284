import type { Flag } from '../../../core/metrics/flags';
import { accHint, accName } from '../../../core/metrics/labels';
import { exsearchRetrievalMetrics } from '../../../core/metrics/retrieval-at-k';
import type { TrajectoryMetrics } from '../../../core/metrics/trajectory-metrics';
import type { Trajectory } from '../../../core/schema/trajectory';
import { GoldPlanTable, type PlanRewriteState } from './GoldPlanTable';
import { LongText } from '../LongText';

function fmt(v: number | null, digits = 2): string {
  return v === null ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(digits);
}

/** Computed metrics, candidate flags with their evidence, and the file's own reported scores. */
export function MetricsPanel({
  trajectory: t,
  metrics: m,
  flags,
  onSelectStep,
  planRewrite,
}: {
  trajectory: Trajectory;
  metrics: TrajectoryMetrics;
  flags: readonly Flag[];
  onSelectStep: (id: string) => void;
  /** The model rewrite of the gold plan, where the page can run a model (not the HTML report). */
  planRewrite?: PlanRewriteState;
}) {
  // R@k / P@k as the row has them (trajectoryMetrics); only the gold-passage variant is shown
  // nowhere else, so it is derived here.
  const atK = m;
  const goldAtK = exsearchRetrievalMetrics(t, 'gold');
  const pair = (a: number | null, b: number | null) =>
    a === null && b === null ? '–' : `${fmt(a)} / ${fmt(b)}`;
  const rows: Array<[string, string, string]> = [
    ['EM', fmt(m.em), 'exact match after SQuAD normalization, best gold alias'],
    ['F1', fmt(m.f1), 'token-overlap F1, best gold alias'],
    [accName(t.agent.strategy), fmt(m.acc), accHint(t.agent.strategy)],
    ['RC', fmt(m.rc), 'retrieval count: search actions (a multi-query turn counts once)'],
    ['Queries', fmt(m.queries), 'queries over all search actions'],
    ['Repeated queries', fmt(m.repeatedQueries), 'same normalized text as an earlier query'],
    ['Docs', fmt(m.docs), 'retrieved documents'],
    ['Duplicate docs', fmt(m.duplicateDocs), 'seen in an earlier hop'],
    ['Answer recall', fmt(m.answerRecall), 'some retrieved doc holds a gold answer'],
    ['Gold-passage recall', fmt(m.goldPassageRecall), 'share of gold supporting passages retrieved'],
    [
      'R@3 / R@5',
      pair(atK.r3, atK.r5),
      'ExSearch §5.2, Table 3: the top-3 / top-5 documents of the retrievals contain a gold answer (1) or not (0)',
    ],
    [
      'P@3 / P@5',
      pair(atK.p3, atK.p5),
      'ExSearch Table 7: share of each retrieval’s top-3 / top-5 documents that contain a gold answer, averaged over retrievals',
    ],
    ...(goldAtK.r3 === null
      ? []
      : ([
          [
            'Gold R@3 / R@5',
            pair(goldAtK.r3, goldAtK.r5),
            'share of gold supporting passages among the top-3 / top-5 documents of the retrievals',
          ],
          [
            'Gold P@3 / P@5',
            pair(goldAtK.p3, goldAtK.p5),
            'share of each retrieval’s top-3 / top-5 documents that are gold supporting passages',
          ],
        ] as Array<[string, string, string]>)),
    ['Invalid steps', fmt(m.invalidSteps), 'turns with no valid action'],
  ];
  return (
    <div className="metrics-panel" data-testid="metrics-panel">
      <table className="metrics">
        <tbody>
          {rows.map(([k, v, hint]) => (
            <tr key={k} title={hint}>
              <th>{k}</th>
              <td>{v}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {(t.gold?.plan?.length ?? 0) > 0 && (
        <>
          <h4>Gold plan</h4>
          <GoldPlanTable plan={t.gold!.plan!} {...(planRewrite ? { model: planRewrite } : {})} />
        </>
      )}
      {(t.gold?.supporting?.length ?? 0) > 0 && (
        <>
          <h4>Gold supporting passages</h4>
          <ul className="small" data-testid="gold-supporting">
            {t.gold!.supporting!.map((s, i) => (
              <li key={i}>
                {s.title || <span className="muted">untitled</span>}
                {s.docId && <span className="muted mono"> {s.docId}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      <h4>Candidate flags</h4>
      {flags.length === 0 ? (
        <p className="muted">None: no automatic sign of over- or under-searching.</p>
      ) : (
        <ul className="flags">
          {flags.map((f, i) => (
            <li key={`${f.kind}:${i}`}>
              <span className={`flag flag-${f.kind}`}>{f.kind}</span>{' '}
              <LongText inline text={f.evidence} limit={1000} />{' '}
              {f.stepId && (
                <button type="button" className="link" onClick={() => onSelectStep(f.stepId!)}>
                  go to step
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">Flags are suggestions; your labels are the truth.</p>
      {t.reported && Object.keys(t.reported).length > 0 && (
        <>
          <h4>Reported by the source file</h4>
          <table className="metrics">
            <tbody>
              {Object.entries(t.reported).map(([k, v]) => (
                <tr key={k}>
                  <th>{k}</th>
                  <td>{String(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <h4>Source</h4>
      <dl className="facts">
        <dt>Kind</dt>
        <dd>{t.source.kind}</dd>
        {t.source.format && (
          <>
            <dt>Format</dt>
            <dd>{t.source.format}</dd>
          </>
        )}
        {t.source.file && (
          <>
            <dt>File</dt>
            <dd>
              {t.source.file}
              {t.source.line ? `, line ${t.source.line}` : ''}
            </dd>
          </>
        )}
        {t.source.system && (
          <>
            <dt>System</dt>
            <dd>{t.source.system}</dd>
          </>
        )}
        {t.agent.model && (
          <>
            <dt>Model</dt>
            <dd>{t.agent.model}</dd>
          </>
        )}
        {t.finishReason && (
          <>
            <dt>Finish</dt>
            <dd>{t.finishReason}</dd>
          </>
        )}
        <dt>Id</dt>
        <dd className="mono">{t.id}</dd>
      </dl>
    </div>
  );
}
