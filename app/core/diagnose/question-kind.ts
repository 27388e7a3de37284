// Questions where finding the gold answer in a passage says nothing about being done: yes/no
// answers ("Can people with celiac disease eat camel meat?" → "Yes" appears in many passages)
// and answers named in the question itself (comparisons: "Which is older, A or B?" → A). For
// these the evidence is sufficient once the facts about every entity the question names are in
// hand (the labelling guidelines: comparisons need both compared entities' facts).
import { answerIsUninformative } from '../metrics/query-overlap';
import { memoizeString } from '../memo';
import { normalizeText } from '../metrics/normalize';

/** Words that start questions or join names, never an entity on their own. */
const NOT_ENTITY = new Set(
  'a an the of in on at to for and or by with from is was are were be been do does did can could will would should has have had which who whom whose what when where why how whether than'.split(
    ' ',
  ),
);

/**
 * Function words and question words that carry no information need of their own. Attribute words
 * ("born", "date", "founded") stay content: they are what a query asks about its entity.
 */
export const STOP_WORDS = new Set([
  ...NOT_ENTITY,
  ...'that this these those it its their there as into about after before during over under between both either neither not no yes any some all more most many much same other another each also then so if but i you he she they we me my your our his her them us find tell give get know information'.split(
    ' ',
  ),
]);

export function isUninformative(question: string, answers: readonly string[]): boolean {
  return answers.length > 0 && answerIsUninformative(question, answers);
}

/**
 * The entities a question names: runs of capitalised words ("Neil Armstrong", "Carol of the
 * Bells"), quoted titles, and when there are none, its content words. The first word of the
 * question counts only when it is not a question word.
 */
export function questionEntities(question: string): string[] {
  // The sufficiency rules, the question's needs and the under-search check each ask: read once.
  return entitiesOf(question).slice();
}

const entitiesOf = memoizeString((question: string): string[] => {
  const found: string[] = [];
  for (const m of question.matchAll(/"([^"]+)"|“([^”]+)”/g)) found.push((m[1] ?? m[2] ?? '').trim());
  // Words that continue a name ("Carol of the Bells", "Ludwig van Beethoven"), never "and"/"or".
  const JOINERS = new Set(['of', 'the', 'de', 'du', 'la', 'le', 'von', 'van', 'der', 'da', 'del']);
  const words = question.replace(/"[^"]*"|“[^”]*”/g, ' , ').split(/\s+/);
  let run: string[] = [];
  const flush = () => {
    while (run.length > 0 && JOINERS.has((run[run.length - 1] ?? '').toLowerCase())) run.pop();
    if (run.length > 0) found.push(run.join(' '));
    run = [];
  };
  for (const raw of words) {
    const w = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.'’-]+$/gu, '');
    const capital = /^\p{Lu}/u.test(w) && !NOT_ENTITY.has(w.toLowerCase());
    if (capital) run.push(w);
    else if (run.length > 0 && JOINERS.has(w.toLowerCase())) run.push(w);
    else flush();
    if (/[,;:?!]$/.test(raw)) flush();
  }
  flush();
  const entities = found.map((e) => e.replace(/[.'’]+$/, '')).filter((e) => normalizeText(e) !== '');
  if (entities.length > 0) return [...new Set(entities)];
  return contentWords(question);
}, 256);

/**
 * Whether the question names no entity: no capitalised run and no quoted title, so
 * questionEntities gave its content words ("the father of the founder of psychoanalysis").
 */
export function namesNoEntity(question: string): boolean {
  return !/["“]/.test(question) && entitiesOf(question).every((e) => !/\p{Lu}/u.test(e));
}

/** A text's words that are not stop words, normalized. */
export function contentWords(text: string): string[] {
  // Each query is read again per search it is compared with: read once, a copy per caller.
  return contentWordsOf(text).slice();
}

const contentWordsOf = memoizeString(
  (text: string): string[] =>
    [...new Set(normalizeText(text).split(' '))].filter((w) => w !== '' && !STOP_WORDS.has(w)),
  1024,
);
