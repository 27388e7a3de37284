// Corpora as a use case: the bundled demo world stored on first start, and removing a corpus with
// its indexes and linked question sets. Plain TS; views reach it through app/ui/data/corpora.
import { deleteCorpus, storedDatasetIds } from '../../db/corpus-store';
import { getMeta, setMeta } from '../../db/store';
import { searchWorker } from '../../runtime/search/client';
import { announce } from '../changes';

export const DEMO_WORLD_NAME = 'Veloria demo world';

/**
 * Stores the bundled demo world (corpus + questions) once per page load; storing is idempotent
 * (content-hash ids). When the bundled files change, the old copy is replaced. Announces a change
 * only when something was stored or replaced: a question-set change makes the table read every
 * row again (gold joins), and on every start that was a second full read after the first.
 */
export async function ensureDemoWorld(): Promise<string> {
  const base = `${import.meta.env.BASE_URL}demo/world/`;
  const sw = searchWorker();
  const before = await storedDatasetIds();
  const corpus = await sw.loadUrl(`${base}corpus.jsonl`, 'corpus.jsonl', { name: DEMO_WORLD_NAME });
  if (!corpus.corpusId)
    throw new Error(`the demo corpus did not load: ${corpus.errors[0]?.message ?? 'no passages'}`);
  const questions = await sw.loadUrl(`${base}questions.jsonl`, 'questions.jsonl', {
    name: `${DEMO_WORLD_NAME} questions`,
    attachTo: corpus.corpusId,
  });
  const previous = await getMeta<string>('demo-world');
  if (previous && previous !== corpus.corpusId) await deleteCorpus(previous);
  if (previous !== corpus.corpusId) await setMeta('demo-world', corpus.corpusId);
  const stored =
    previous !== corpus.corpusId ||
    !before.corpora.has(corpus.corpusId) ||
    (questions.questionSetId !== undefined && !before.questionSets.has(questions.questionSetId));
  // Views that listed corpora or questions before the world was stored must see it now.
  if (stored) announce('corpora', 'question-sets');
  return corpus.corpusId;
}

/** Deletes a corpus with its indexes and linked question sets, then refreshes the lists. */
export async function removeCorpus(corpusId: string): Promise<void> {
  await deleteCorpus(corpusId);
  announce('corpora', 'question-sets');
}
