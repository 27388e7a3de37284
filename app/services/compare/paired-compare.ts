// Use case "logs against logs": pick two groups of stored trajectories (files, or strategies of
// live/batch runs), load them in file order and pair them (app/core/compare). Each trajectory is
// read as its trajectory view has it (gold joined from the loaded question sets, as the table's
// rows are), so a pair is scored as the table scores it. Plain TS, no React; views reach it
// through app/ui/data/paired.ts.
import { groupMembers, type RunGroup, runGroups, strategyLabels } from '../../core/compare/groups';
import { comparePaired, type PairedComparison, type PairedMetric } from '../../core/compare/paired';
import type { TrajectoryRow } from '../../core/table/row';
import type { Trajectory } from '../../core/schema/trajectory';
import { trajectoryView } from '../../core/view/trajectory-view';
import { currentQuestionIndex } from '../../db/question-index';
import { getTrajectory, listRows } from '../../db/store';

export type { RunGroup };

export async function listRunGroups(): Promise<RunGroup[]> {
  return runGroups(await listRows());
}

/**
 * A group's trajectories in file order, with the loaded question sets' gold joined (their
 * trajectory view's record); `rows` saves a second read when the caller has them.
 */
export async function loadGroup(groupId: string, rows?: readonly TrajectoryRow[]): Promise<Trajectory[]> {
  const members = groupMembers(rows ?? (await listRows()), groupId);
  const [loaded, { index }] = await Promise.all([
    Promise.all(members.map((r) => getTrajectory(r.id))),
    currentQuestionIndex(),
  ]);
  return loaded.flatMap((t) => (t ? [trajectoryView(t, { questions: index }).trajectory] : []));
}

export interface PairedGroups {
  a: RunGroup;
  b: RunGroup;
  report: PairedComparison;
}

/** The paired comparison of group A against group B on one metric; null when a group is gone. */
export async function comparePairedGroups(
  aId: string,
  bId: string,
  metric: PairedMetric,
  seed = 1,
): Promise<PairedGroups | null> {
  const rows = await listRows();
  const groups = runGroups(rows);
  const a = groups.find((g) => g.id === aId);
  const b = groups.find((g) => g.id === bId);
  if (!a || !b) return null;
  const [ta, tb] = await Promise.all([loadGroup(aId, rows), loadGroup(bId, rows)]);
  return { a, b, report: comparePaired(ta, tb, metric, { seed }) };
}

/**
 * Imported groups for the batch comparison: each group's trajectories carry the group's label as
 * their strategy, so the per-strategy table, the scatter and the four categories treat a file
 * like a strategy of the batch. Labels never take a name in `reserved` (the batch's strategies)
 * or another group's, so nothing is merged by accident.
 */
export async function loadGroupsAsStrategies(
  groupIds: readonly string[],
  reserved: readonly string[] = [],
): Promise<Trajectory[]> {
  const rows = await listRows();
  const groups = runGroups(rows);
  const picked = groupIds.flatMap((id) => groups.filter((g) => g.id === id));
  const labels = strategyLabels(picked, reserved);
  const out: Trajectory[] = [];
  for (const [id, label] of labels)
    for (const t of await loadGroup(id, rows)) out.push({ ...t, agent: { ...t.agent, strategy: label } });
  return out;
}
