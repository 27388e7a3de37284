// Question sets for the CLI's gold join (`--questions QFILE`, repeatable): each file read with the
// app's dataset loaders (detection as on the Corpus page), its supporting passages named by title
// from the corpus in the same file, indexed as the app indexes stored sets.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { buildQuestionIndex, type QuestionIndex, withSupportTitles } from '../core/corpus/gold-join';
import { loadDataset } from '../core/corpus/registry';

export async function loadQuestionIndex(files: readonly string[]): Promise<QuestionIndex | null> {
  if (files.length === 0) return null;
  const sets = [];
  for (const file of files) {
    const name = basename(file);
    const r = loadDataset(await readFile(file, 'utf8'), name);
    const questions = r.questions?.questions ?? [];
    if (questions.length === 0) {
      const why = r.errors[0]?.message ?? 'no questions';
      throw new Error(`${file}: no question set (${why})`);
    }
    withSupportTitles(questions, r.corpus?.passages ?? []);
    sets.push({ name: r.questions?.name ?? name, questions });
  }
  return buildQuestionIndex(sets);
}
