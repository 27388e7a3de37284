// The question index every row is derived with (gold joined from the stored question sets). Its
// key is the sorted question-set ids: ids are content hashes, so the key changes exactly when the
// sets' content does. Built once per key in each context (page, import worker, table worker).
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
