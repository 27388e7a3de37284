// The question index every row is derived with (gold joined from the stored question sets). Its
// key is the sorted question-set ids: ids are content hashes, so the key changes exactly when the
// sets' content does. The one place it is built: once per key in each context (page, import
// worker, table and trajectory workers); the rows, the trajectory view, the page's gold join
// (ui/data/corpora useQuestionIndex) and the fork panel's gold passage all read it here.
import { buildQuestionIndex, type QuestionIndex } from '../core/corpus/gold-join';
import { allQuestionSets } from './corpus-store';
import { db } from './db';

let cache: { key: string; index: QuestionIndex | null } | null = null;

export async function currentQuestionIndex(): Promise<{ key: string; index: QuestionIndex | null }> {
  const keys = (await (await db()).getAllKeys('questionSets')).map(String).sort();
  const key = keys.join(',');
  if (cache?.key === key) return cache;
  cache = { key, index: keys.length === 0 ? null : buildQuestionIndex(await allQuestionSets()) };
  return cache;
}
