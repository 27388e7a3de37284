// Step labels in the over/under-search format (one JSON object per trajectory, `id` = `FILE#N`
// with N the 0-based record index in FILE; fields as in the labelling guidelines, docs/diagnose.md).
// Parsing is all-or-report: every bad line is named with its field; good lines are kept.
import { z } from 'zod';
import { FAILURE_CAUSES } from '../annotations/annotation';

export const SearchLabelRecordSchema = z
  .object({
    id: z.string().regex(/^.+#\d+$/, 'must be FILE#N (N the 0-based record index)'),
    searches: z.number().int().nonnegative(),
    first_sufficient_search: z.number().int().nonnegative().nullable(),
    search_labels: z.array(z.enum(['necessary', 'redundant'])),
    under_search: z.boolean(),
    failure_cause: z.enum(FAILURE_CAUSES).nullable().optional(),
    note: z.string().optional(),
    /** Who labelled it; absent in single-annotator files. */
    annotator: z.string().optional(),
  })
  .refine((r) => r.search_labels.length === r.searches, {
    message: 'must hold one label per search',
    path: ['search_labels'],
  })
  .refine((r) => r.first_sufficient_search === null || r.first_sufficient_search <= r.searches, {
    message: 'is past the last search',
    path: ['first_sufficient_search'],
  });

export type SearchLabelRecord = z.infer<typeof SearchLabelRecordSchema>;

export interface LabelIssue {
  file: string;
  line: number;
  field?: string;
  message: string;
}

/** `FILE#N` → file name and record index. */
export function splitLabelId(id: string): { file: string; record: number } {
  const at = id.lastIndexOf('#');
  return { file: id.slice(0, at), record: Number(id.slice(at + 1)) };
}

export function labelId(file: string, record: number): string {
  return `${file}#${record}`;
}

/** Parses a labels JSONL text; `file` names it in messages. */
export function parseSearchLabels(
  text: string,
  file: string,
): { labels: SearchLabelRecord[]; lines: number[]; issues: LabelIssue[] } {
  const labels: SearchLabelRecord[] = [];
  const lines: number[] = [];
  const issues: LabelIssue[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const s = raw.replace(/^\uFEFF/, '').trim();
    if (s === '') return;
    let value: unknown;
    try {
      value = JSON.parse(s);
    } catch (e) {
      issues.push({ file, line, message: `not JSON: ${e instanceof Error ? e.message : String(e)}` });
      return;
    }
    const r = SearchLabelRecordSchema.safeParse(value);
    if (r.success) {
      labels.push(r.data);
      lines.push(line);
    } else {
      const issue = r.error.issues[0];
      const field = issue?.path.join('.') ?? '';
      issues.push({
        file,
        line,
        ...(field ? { field } : {}),
        message: `field ${field || '(root)'}: ${issue?.message ?? 'invalid'}`,
      });
    }
  });
  return { labels, lines, issues };
}

export function searchLabelsJsonl(labels: readonly SearchLabelRecord[]): string {
  return labels.map((l) => JSON.stringify(l)).join('\n') + (labels.length > 0 ? '\n' : '');
}
