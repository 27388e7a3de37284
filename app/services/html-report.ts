// Export → HTML report: the trajectories (the table's rows as filtered, or every one) with their
// annotations, filled into the report template the app build ships (vite.config.ts).
import { encodeReport, fillTemplate, reportData } from '../core/report/payload';
import type { Trajectory } from '../core/schema/trajectory';
import { currentQuestionIndex } from '../db/question-index';
import { forEachTrajectory, getTrajectory, listAnnotations } from '../db/store';

async function fetchTemplate(): Promise<string> {
  const res = await fetch(`${import.meta.env.BASE_URL}report-template.html`);
  if (!res.ok) throw new Error(`the report template is missing (HTTP ${res.status}); rebuild the app`);
  return res.text();
}

/** The report as HTML text: `ids` in that order, or every stored trajectory when omitted. */
export async function exportHtmlReport(ids?: readonly string[]): Promise<{ html: string; count: number }> {
  const trajectories: Trajectory[] = [];
  if (ids) {
    for (const id of ids) {
      const t = await getTrajectory(id);
      if (t) trajectories.push(t);
    }
  } else await forEachTrajectory((t) => void trajectories.push(t));
  if (trajectories.length === 0) throw new Error('no trajectories to put in a report');
  const sources = [
    ...new Set(trajectories.map((t) => t.source.file ?? (t.source.kind === 'live' ? 'live runs' : ''))),
  ]
    .filter(Boolean)
    .slice(0, 20);
  const data = reportData(trajectories, await listAnnotations(), {
    title: `Hopscope report: ${trajectories.length} trajectories`,
    sources,
    // The gold the table joined from the loaded question sets: the report counts what it counted.
    questions: (await currentQuestionIndex()).index,
  });
  const [template, encoded] = await Promise.all([fetchTemplate(), encodeReport(data)]);
  return { html: fillTemplate(template, encoded), count: trajectories.length };
}
