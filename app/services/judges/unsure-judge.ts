// "Judge the unsure" as a use case: the configured model judge (search-judge.ts, its prompt, cache
// and batch) over the table's filtered rows that have an unsure verdict, and where its labels
// differ from the rules on those verdicts (core/table/unsure-judge.ts). The rows' confidence is
// read from the stored table rows (toRow derived it once); the judge's labels are the configured
// judge's only (its model, server and rubric version), as Calibrate reads them.
import type { TrajectoryRow } from '../../core/table/row';
import type { RowConfidence } from '../../core/table/row-confidence';
import {
  judgeOnUnsure,
  planUnsureJudge,
  type UnsureJudgement,
  type UnsureJudgePlan,
} from '../../core/table/unsure-judge';
import { getRows, listRows } from '../../db/store';
import { recentJudgeLabellings } from './search-judge';

/** The stored rows of `ids`, re-derived first when they are stale (listRows does that). */
async function rowsOf(ids: readonly string[]): Promise<Map<string, TrajectoryRow>> {
  const fresh = await getRows(ids);
  if (fresh) return fresh;
  const wanted = new Set(ids);
  return new Map((await listRows()).filter((r) => wanted.has(r.id)).map((r) => [r.id, r]));
}

/** The judge `judge` (currentJudgeAnnotator) on the unsure verdicts of every row it labelled. */
export async function unsureJudgements(judge: string): Promise<Map<string, UnsureJudgement>> {
  const labels = (await recentJudgeLabellings()).get(judge) ?? [];
  const rows = await rowsOf(labels.map((l) => l.id));
  const out = new Map<string, UnsureJudgement>();
  for (const l of labels) {
    const r = rows.get(l.id);
    const j = r?.sure ? judgeOnUnsure(r.sure, l) : null;
    if (j) out.set(l.id, j);
  }
  return out;
}

/** The confidence of each row of `ids` that has one. */
export type ConfidenceReader = (ids: readonly string[]) => Promise<Map<string, RowConfidence>>;

/** The stored rows' confidences (read from IndexedDB on the calling thread). */
export const storedConfidence: ConfidenceReader = async (ids) =>
  new Map([...(await rowsOf(ids))].flatMap(([id, r]) => (r.sure ? [[id, r.sure] as const] : [])));

/**
 * What a run of `judge` over the filtered rows `ids` (table order) asks, and what it has judged;
 * the rows' confidences from `confidenceOf` (the page passes the table worker's, which holds them).
 */
export async function unsureJudgePlan(
  ids: readonly string[],
  judge: string,
  confidenceOf: ConfidenceReader = storedConfidence,
): Promise<UnsureJudgePlan> {
  const [confidence, labellings] = await Promise.all([confidenceOf(ids), recentJudgeLabellings()]);
  const judged = new Set((labellings.get(judge) ?? []).map((l) => l.id));
  // A row without a known confidence (opened from a Parquet index) has no body to judge either.
  return planUnsureJudge(ids, confidence, judged);
}
