// "Copy as Markdown" and "Copy as JSON" of one trajectory, for a paper, an issue or an LLM chat.
import type { TrajectoryMetrics } from '../../../core/metrics/trajectory-metrics';
import type { Trajectory } from '../../../core/schema/trajectory';
import { trajectoryMarkdown } from '../../../core/text/trajectory-markdown';

export type CopyFormat = 'markdown' | 'json';

export function trajectoryText(format: CopyFormat, t: Trajectory, m: TrajectoryMetrics): string {
  return format === 'markdown' ? trajectoryMarkdown(t, m) : `${JSON.stringify(t, null, 2)}\n`;
}

/** Copies and says what happened in words a toast can show. */
export async function copyTrajectory(
  format: CopyFormat,
  t: Trajectory,
  m: TrajectoryMetrics,
): Promise<string> {
  const text = trajectoryText(format, t, m);
  try {
    await navigator.clipboard.writeText(text);
    return `Copied the trajectory as ${format === 'markdown' ? 'Markdown' : 'JSON'} (${text.length.toLocaleString()} characters)`;
  } catch (e) {
    return `Could not copy: ${e instanceof Error ? e.message : String(e)} (the browser may block the clipboard)`;
  }
}
