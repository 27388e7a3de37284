// The trace-only evidence chain on the shared question sets' own structure. 2WikiMultiHopQA: with a
// question's supporting paragraphs as the retrieved passages, the chain the question analysis
// builds should complete; without the paragraph of the last evidence triple's subject (the
// attribute the answer rests on), it should not. Known misses, all in the data or beyond a
// trace-only reading: dates without a dash ("18982 August 1946"), a bridge named by another form
// of the name ("Joe De Grasse" on the page "Joseph De Grasse"), a spouse named only on the other
// spouse's page. HotpotQA: with the supporting paragraphs retrieved, every question's chain (or
// answer link) completes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import type { Doc } from '../schema/trajectory';
import { answerChain } from './answer-chain';
import { structuredChain } from './evidence-chain';
import type { SearchHop } from './hops';
import { descriptionWords } from './description';
import { isUninformative } from './question-kind';
import { questionNeeds } from './question-needs';

const DATA = path.resolve(__dirname, '../../../../shared/data');

interface TwoWikiRecord {
  type: string;
  question: string;
  answer: string;
  evidences: Array<[string, string, string]>;
  context: Array<[string, string[]]>;
  supporting_facts: Array<[string, number]>;
}

const twoWiki = JSON.parse(
  readFileSync(path.join(DATA, '2wikimultihopqa/dev_subset.json'), 'utf8'),
) as TwoWikiRecord[];

const oneSearch = (docs: Doc[]): SearchHop[] => [
  {
    search: 1,
    step: { id: 's', index: 0, kind: 'search' } as SearchHop['step'],
    query: '',
    docs,
    lastStepId: 's',
  },
];

function supportingDocs(
  r: Pick<TwoWikiRecord, 'context' | 'supporting_facts'>,
  keep = (_: string) => true,
): Doc[] {
  const supporting = new Set(r.supporting_facts.map((s) => s[0]));
  return r.context
    .filter(([title]) => supporting.has(title) && keep(title))
    .map(([title, sentences], i): Doc => ({
      id: String(i),
      title,
      text: `${title} ${sentences.join(' ')}`,
      rank: i + 1,
    }));
}

function chainOn(r: TwoWikiRecord, keep: (title: string) => boolean) {
  // Compositional and inference answers are gold strings; comparisons compare values.
  const answers = r.type === 'compositional' || r.type === 'inference' ? [r.answer] : [];
  return structuredChain(oneSearch(supportingDocs(r, keep)), questionNeeds(r.question), answers);
}

it('2Wiki: completes on the supporting paragraphs and breaks without the last hop’s paragraph', () => {
  expect(twoWiki.length).toBeGreaterThan(90);
  const complete = twoWiki.filter((r) => chainOn(r, () => true)?.point === 1).length;
  // The last hop's paragraph: titled with the last evidence's subject, or starting with it
  // ("Matilda of Brabant, Countess of Holland"); records where no paragraph is so titled are left
  // out of the breaking count.
  const lastHop = (r: TwoWikiRecord) => {
    const last = (r.evidences[r.evidences.length - 1]?.[0] ?? '').toLowerCase();
    return (title: string) => title.toLowerCase() !== last && !title.toLowerCase().startsWith(`${last},`);
  };
  const removable = twoWiki.filter((r) => supportingDocs(r, lastHop(r)).length < supportingDocs(r).length);
  const broken = removable.filter((r) => chainOn(r, lastHop(r))?.point == null).length;
  // Measured 85 / 99 and 96 / 99 when written (inference questions left out, the paragraph matched
  // by exact title); with them, 92 / 106 complete and 100 / 100 break. The bounds leave no room
  // for a regression of note.
  expect(complete / twoWiki.length).toBeGreaterThanOrEqual(0.8);
  expect(removable.length).toBeGreaterThan(95);
  expect(broken / removable.length).toBeGreaterThanOrEqual(0.95);
});

interface HotpotRecord {
  question: string;
  answer: string;
  context: Array<[string, string[]]>;
  supporting_facts: Array<[string, number]>;
}

it('HotpotQA: every chain the rules build completes on the supporting paragraphs', () => {
  const hotpot = JSON.parse(
    readFileSync(path.join(DATA, 'hotpotqa/dev_subset.json'), 'utf8'),
  ) as HotpotRecord[];
  const incomplete: string[] = [];
  let built = 0;
  for (const r of hotpot) {
    const hops = oneSearch(supportingDocs(r));
    const uninformative = isUninformative(r.question, [r.answer]);
    const needs = questionNeeds(r.question, uninformative);
    // The rules' order (sufficiency.ts): the question's structure, else the answer's passage.
    const structured =
      needs.attributes.length > 0 || needs.bridge ? structuredChain(hops, needs, [r.answer]) : null;
    const description = descriptionWords(r.question, needs.entities);
    const chain =
      structured ?? (uninformative ? null : answerChain(hops, needs.entities, [r.answer], description));
    if (!chain) continue;
    built += 1;
    if (chain.point !== 1) incomplete.push(`${r.question} (${chain.missing ?? ''})`);
  }
  expect(built).toBeGreaterThan(90);
  // Two known misses: "Home Monthly"'s paragraph gives no year for when it was first published;
  // "When did the husband of William Roper bornj who was also the father of Margaret Roper?" is
  // garbled (its two roles read as spouse of the father).
  expect(incomplete.length, incomplete.join('\n')).toBeLessThanOrEqual(2);
});
