// Question sets for the CLI's gold join (`--questions QFILE`, repeatable): each file read with the
// app's dataset loaders (detection as on the Corpus page), its supporting passages named by title
// from the corpus in the same file, indexed as the app indexes stored sets.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { buildQuestionIndex, type QuestionIndex, withSupportTitles } from '../core/corpus/gold-join';
import { loadDataset } from '../core/corpus/registry';
import type { LoadIssue } from '../core/corpus/types';

/** Issues said per file at most; the rest are counted. */
const ISSUES_SAID = 20;

/** A question-set issue as the CLI says it: the file, line and field, then what is wrong. */
export function questionSetIssue(file: string, i: LoadIssue): string {
  return `${file}${i.line ? ` line ${i.line}` : ''}${i.field ? ` field ${i.field}` : ''}: ${i.message}`;
}

/**
 * The index of `files`' question sets (null for none). A file with no question in it throws,
 * naming its first issue's line and field; the records a set skipped are told to `onIssue`.
 */
export async function loadQuestionIndex(
  files: readonly string[],
  onIssue?: (line: string) => void,
): Promise<QuestionIndex | null> {
  if (files.length === 0) return null;
  const sets = [];
  for (const file of files) {
    const name = basename(file);
    const r = loadDataset(await readFile(file, 'utf8'), name);
    const questions = r.questions?.questions ?? [];
    if (questions.length === 0)
      throw new Error(
        `${questionSetIssue(file, r.errors[0] ?? { message: 'no questions' })} (no question set read)`,
      );
    for (const e of r.errors.slice(0, ISSUES_SAID)) onIssue?.(questionSetIssue(file, e));
    if (r.errors.length > ISSUES_SAID) onIssue?.(`${file}: ${r.errors.length - ISSUES_SAID} more issues`);
    withSupportTitles(questions, r.corpus?.passages ?? []);
    sets.push({ name: r.questions?.name ?? name, questions });
  }
  return buildQuestionIndex(sets);
}
