// Calibration as a use case: import and export over/under-search labels in the shared format,
// and measure the trace-only detectors against every annotator's labels and the annotators
// against each other, with the same functions the CLI prints (app/core/diagnose/agreement.ts).
// The model judge (app/services/search-judge.ts) is one more annotator: the detector is measured
// against its labels, and it against each person (kappa, precision, recall, F1).
import type { Annotation } from '../../core/annotations/annotation';
import {
  type Agreement,
  agreement,
  type AnnotatorAgreement,
  annotatorAgreement,
  type LabelledTrajectory,
  pairwiseAgreements,
  type Prediction,
} from '../../core/diagnose/agreement';
import { type ConfidenceAgreement, agreementByConfidence } from '../../core/diagnose/confidence-agreement';
import { confidentPrediction } from '../../core/diagnose/confident-prediction';
import type { Diagnosis } from '../../core/diagnose/diagnose';
import { exportSearchLabel, importSearchLabels, judgementOf } from '../../core/diagnose/label-mapping';
import { judgeDisagreement, labelQueue, type QueueItem } from '../../core/diagnose/queue';
import { type JudgeVersusPerson, judgeVersusPerson } from '../../core/diagnose/search-judge-agreement';
import {
  type LabelIssue,
  parseSearchLabels,
  type SearchLabelRecord,
  searchLabelsJsonl,
} from '../../core/diagnose/search-labels';
import type { Trajectory } from '../../core/schema/trajectory';
import { trajectoryView } from '../../core/view/trajectory-view';
import { currentQuestionIndex } from '../../db/question-index';
import { getTrajectory, listAnnotations, listRows, putAnnotations } from '../../db/store';
import { trajectoryIdsInScope } from '../../db/collection-store';
import { announce } from '../changes';
import { judgeLabellings, recentJudgeLabellings } from './search-judge';

/** `FILE#N` of a stored trajectory: its source file and 0-based record (line) index. */
export function labelIdOf(t: Pick<Trajectory, 'id' | 'source'>): string {
  return `${t.source.file ?? t.id}#${Math.max(0, (t.source.line ?? 1) - 1)}`;
}

export interface LabelImportReport {
  file: string;
  labels: number;
  matched: number;
  annotations: number;
  issues: LabelIssue[];
}

/**
 * Imports a labels file as annotations of `annotator` (a record's own `annotator` wins). Labels
 * find their trajectory by source file and line; every label that finds none is reported.
 * Resolves once IndexedDB has committed the annotations.
 */
export async function importLabelsFile(
  text: string,
  file: string,
  annotator: string,
): Promise<LabelImportReport> {
  const parsed = parseSearchLabels(text, file);
  const rows = await listRows();
  const byKey = new Map(rows.map((r) => [`${r.file}#${r.line - 1}`, r.id]));
  const needed = new Map<string, Trajectory>();
  for (const l of parsed.labels) {
    const id = byKey.get(l.id);
    if (id && !needed.has(l.id)) {
      const t = await getTrajectory(id);
      if (t) needed.set(l.id, t);
    }
  }
  const r = importSearchLabels(
    parsed.labels.map((label, i) => ({ label, line: parsed.lines[i] ?? 0 })),
    (f, record) => needed.get(`${f}#${record}`),
    annotator,
    file,
  );
  await putAnnotations(r.annotations);
  announce('annotations');
  return {
    file,
    labels: parsed.labels.length + parsed.issues.length,
    matched: r.matched,
    annotations: r.annotations.length,
    issues: [...parsed.issues, ...r.issues].sort((a, b) => a.line - b.line),
  };
}

export interface CalibrationDisagreement {
  trajectoryId: string;
  question: string;
  /** 1-based step to open for it. */
  step: number | null;
  kind: string;
  detail: string;
}

export interface AnnotatorCalibration {
  annotator: string;
  /** The model judge rather than a person. */
  model?: boolean;
  /** Trajectories with at least one of this annotator's search labels, and fully labelled ones. */
  labelled: number;
  complete: number;
  detector: Agreement;
  /**
   * The same agreement on the detector's sure verdicts and on its unsure ones (the two add up to
   * `detector`), and coverage: the share of the verdicts on these trajectories that are sure.
   */
  byConfidence: ConfidenceAgreement;
  disagreements: CalibrationDisagreement[];
}

/** A model judge measured against one person: the person's labels are the truth. */
export interface JudgeCalibration extends JudgeVersusPerson {
  judge: string;
  person: string;
  disagreements: CalibrationDisagreement[];
}

/** Two raters (people, model judges or the detector) on the items both labelled. */
export interface PairCalibration {
  agreement: AnnotatorAgreement;
  disagreements: CalibrationDisagreement[];
}

/** The detector's name among the raters of a pair. */
export const DETECTOR = 'detector';

export interface Calibration {
  annotators: AnnotatorCalibration[];
  judges: JudgeCalibration[];
  /** All people together, on the items every one of them labelled (Fleiss' kappa for three or more). */
  between: AnnotatorAgreement | null;
  betweenDisagreements: CalibrationDisagreement[];
  /**
   * Every pair of raters (people, model judges, the detector), each on the items both labelled,
   * so a new annotator never empties the figures of the others.
   */
  pairs: PairCalibration[];
  /** Trajectories anyone labelled. */
  trajectories: number;
}

function prediction(t: Trajectory, d: Diagnosis) {
  return confidentPrediction(t.id, d);
}

/** The detector's verdicts as a rater's labels: each search necessary unless flagged redundant. */
function detectorLabels(p: Prediction): LabelledTrajectory {
  return {
    id: p.id,
    searches: p.searches,
    first_sufficient_search: p.first_sufficient_search,
    search_labels: Array.from({ length: p.searches }, (_, k) =>
      p.over_search.includes(k + 1) ? 'redundant' : 'necessary',
    ),
    under_search: p.under_search,
  };
}

/** The step number a person opens for search k (or the last step for a trajectory-level item). */
function stepOf(t: Trajectory, d: Diagnosis, search?: number): number | null {
  const v = search !== undefined ? d.verdicts[search - 1] : undefined;
  const step = v ? t.steps.find((s) => s.id === v.stepId) : t.steps[t.steps.length - 1];
  return step ? step.index + 1 : null;
}

/**
 * Annotated trajectories with their detector diagnosis, loaded once per calibration: the
 * diagnosis the Diagnose tab shows (trajectoryView, with the loaded question sets' gold joined,
 * since sufficiency depends on the gold answer).
 */
async function labelledTrajectories(annotations: readonly Annotation[], judged: readonly string[]) {
  const ids = [...new Set([...annotations.map((a) => a.trajectoryId), ...judged])];
  const { index } = await currentQuestionIndex();
  const out = new Map<string, { t: Trajectory; d: Diagnosis }>();
  for (const id of ids) {
    const stored = await getTrajectory(id);
    if (!stored) continue;
    const view = trajectoryView(stored, { questions: index });
    out.set(id, { t: view.trajectory, d: view.diagnosis });
  }
  return out;
}

/** The detector measured against one annotator's (or the judge's) labels. */
function detectorVersus(
  who: string,
  judged: readonly LabelledTrajectory[],
  complete: number,
  loaded: ReadonlyMap<string, { t: Trajectory; d: Diagnosis }>,
): AnnotatorCalibration {
  const preds = judged.flatMap((j) => {
    const x = loaded.get(j.id);
    return x ? [prediction(x.t, x.d)] : [];
  });
  const detector = agreement(preds, judged);
  return {
    annotator: who,
    labelled: judged.length,
    complete,
    detector,
    // The CLI's by_confidence (diagnose --labels), over this annotator's trajectories.
    byConfidence: agreementByConfidence(preds, judged),
    disagreements: detector.disagreements.map((g) => {
      const x = loaded.get(g.id);
      return {
        trajectoryId: g.id,
        question: x?.t.question ?? g.id,
        step: x ? stepOf(x.t, x.d, g.search) : null,
        kind: g.kind,
        detail:
          g.kind === 'over-search'
            ? `search ${g.search}: detector ${g.predicted}, ${who} ${g.labelled}`
            : `detector ${g.predicted}, ${who} ${g.labelled}`,
      };
    }),
  };
}

/** Detector, judges and annotators compared over the trajectories of the chosen collections. */
export async function calibration(scope: readonly string[] | null = null): Promise<Calibration> {
  const [all, allJudges, inScope] = await Promise.all([
    listAnnotations(),
    judgeLabellings(),
    trajectoryIdsInScope(scope),
  ]);
  const annotations = all.filter((a) => inScope.has(a.trajectoryId));
  const judges = new Map([...allJudges].map(([who, ls]) => [who, ls.filter((l) => inScope.has(l.id))]));
  const judgedIds = [...judges.values()].flatMap((ls) => ls.map((l) => l.id));
  const loaded = await labelledTrajectories(annotations, judgedIds);
  const annotators = [...new Set(annotations.map((a) => a.annotator))].sort();
  const byAnnotator = new Map<string, LabelledTrajectory[]>();
  const result: AnnotatorCalibration[] = [];
  for (const who of annotators) {
    const judged: LabelledTrajectory[] = [];
    let complete = 0;
    for (const { t } of loaded.values()) {
      const j = judgementOf(t, annotations, who);
      if (
        j.search_labels.every((l) => l === null) &&
        j.first_sufficient_search === undefined &&
        !j.under_search
      )
        continue;
      judged.push(j);
      if (j.complete) complete += 1;
    }
    if (judged.length === 0) continue;
    byAnnotator.set(who, judged);
    result.push(detectorVersus(who, judged, complete, loaded));
  }
  for (const [who, judged] of judges)
    result.push({
      ...detectorVersus(
        who,
        judged,
        judged.filter((j) => j.search_labels.every((l) => l !== null)).length,
        loaded,
      ),
      model: true,
    });
  const between = byAnnotator.size >= 2 ? annotatorAgreement(byAnnotator) : null;
  // A person (or judge) who signs as "detector" is kept apart from the detector: the detector's
  // labels below would otherwise replace theirs in every pair.
  const raterName = (who: string) => (who === DETECTOR ? `${who} (person)` : who);
  const raters = new Map<string, readonly LabelledTrajectory[]>();
  for (const [who, labels] of byAnnotator) raters.set(raterName(who), labels);
  for (const [who, judged] of judges) raters.set(raterName(who), judged);
  const labelledIds = new Set([...raters.values()].flatMap((ls) => ls.map((l) => l.id)));
  raters.set(
    DETECTOR,
    [...labelledIds].flatMap((id) => {
      const x = loaded.get(id);
      return x ? [detectorLabels(prediction(x.t, x.d))] : [];
    }),
  );
  const disagreementsOf = (a: AnnotatorAgreement): CalibrationDisagreement[] =>
    a.disagreements.map((g) => {
      const x = loaded.get(g.id);
      return {
        trajectoryId: g.id,
        question: x?.t.question ?? g.id,
        step: x ? stepOf(x.t, x.d, g.search) : null,
        kind: g.search !== undefined ? 'over-search' : 'under-search',
        detail: `${g.search !== undefined ? `search ${g.search}: ` : ''}${Object.entries(g.labels)
          .map(([who, l]) => `${who} ${l}`)
          .join(', ')}`,
      };
    });
  const pairs = byAnnotator.size + judges.size >= 1 ? pairwiseAgreements(raters) : [];
  const judgeRows: JudgeCalibration[] = [];
  for (const [judge, judged] of judges)
    for (const [person, labels] of byAnnotator) {
      const v = judgeVersusPerson(judge, judged, person, labels);
      if (v.scores.trajectories === 0) continue;
      judgeRows.push({
        judge,
        person,
        ...v,
        disagreements: v.scores.disagreements.map((g) => {
          const x = loaded.get(g.id);
          return {
            trajectoryId: g.id,
            question: x?.t.question ?? g.id,
            step: x ? stepOf(x.t, x.d, g.search) : null,
            kind: g.kind,
            detail: `${g.search !== undefined ? `search ${g.search}: ` : ''}judge ${g.predicted}, ${person} ${g.labelled}`,
          };
        }),
      });
    }
  return {
    annotators: result,
    judges: judgeRows,
    between,
    betweenDisagreements: between ? disagreementsOf(between) : [],
    pairs: pairs.map((agreement) => ({ agreement, disagreements: disagreementsOf(agreement) })),
    trajectories: loaded.size,
  };
}

/** One annotator's fully labelled trajectories in the shared format (JSONL text), and how many. */
export async function exportLabels(
  annotator: string,
): Promise<{ text: string; count: number; incomplete: number }> {
  const annotations = (await listAnnotations()).filter((a) => a.annotator === annotator);
  const out: SearchLabelRecord[] = [];
  let incomplete = 0;
  for (const id of new Set(annotations.map((a) => a.trajectoryId))) {
    const t = await getTrajectory(id);
    if (!t) continue;
    const l = exportSearchLabel(t, annotations, annotator, labelIdOf(t));
    if (l) out.push(l);
    else incomplete += 1;
  }
  out.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  return { text: searchLabelsJsonl(out), count: out.length, incomplete };
}

export interface QueueState {
  next: QueueItem | null;
  /** How many trajectories this annotator has labelled, of all. */
  done: number;
  total: number;
  remaining: number;
}

/**
 * The next trajectory `annotator` should label, after `afterId` when given, and their progress.
 * `judge` is the configured model judge's annotator name (currentJudgeAnnotator): only its labels
 * (this model, server and rubric) put a trajectory where the judge disagrees with the detector.
 */
export async function labelQueueState(
  annotator: string,
  afterId?: string,
  judge?: string,
  scope: readonly string[] | null = null,
): Promise<QueueState> {
  const [all, annotations, judges, inScope] = await Promise.all([
    listRows(),
    listAnnotations(),
    recentJudgeLabellings(),
    trajectoryIdsInScope(scope),
  ]);
  // The queue is the chosen collections' trajectories only.
  const rows = all.filter((r) => inScope.has(r.id));
  const labelledBy = new Map<string, Set<string>>();
  for (const a of annotations) {
    const s = labelledBy.get(a.trajectoryId) ?? new Set<string>();
    s.add(a.annotator);
    labelledBy.set(a.trajectoryId, s);
  }
  const judgedBy = new Map((judge === undefined ? [] : (judges.get(judge) ?? [])).map((l) => [l.id, l]));
  const judgeDisagrees = new Map<string, string>();
  for (const r of rows) {
    const l = judgedBy.get(r.id);
    const why = l ? judgeDisagreement(r, l) : null;
    if (why) judgeDisagrees.set(r.id, why);
  }
  const queue = labelQueue(rows, labelledBy, annotator, judgeDisagrees).filter((i) => i.id !== afterId);
  const done = rows.filter((r) => labelledBy.get(r.id)?.has(annotator)).length;
  return { next: queue[0] ?? null, done, total: rows.length, remaining: queue.length };
}
