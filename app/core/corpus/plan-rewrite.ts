// Gold sub-questions as natural-language questions. MuSiQue's decompositions (and the plans built
// from 2WikiMultiHopQA's evidence triples) write single-hop steps in an operator form,
// `subject >> relation` (e.g. `#1 >> capital`, `Van Hook Township >> located in the administrative
// territorial entity`), and their Natural Questions steps as lower-case questions without "?".
// APEX-Searcher compares generated sub-questions with gold ones rewritten into natural language
// (v1 §4.1.1; v2 appendix C.1, where DeepSeek-V3 did the rewriting); comparing against the
// operator form puts every pair far below τ = 0.8. This rewrite is deterministic: one template per
// Wikidata relation, `{s}` the subject (a name or `#n`, kept as written), so SEPR is reproducible
// without a model.

/** Question templates per relation; `{s}` is the subject. */
export const RELATION_TEMPLATES: Readonly<Record<string, string>> = {
  // Places
  'located in the administrative territorial entity':
    'In which administrative territorial entity is {s} located?',
  'contains administrative territorial entity': 'Which administrative territorial entity does {s} contain?',
  'shares border with': 'What shares a border with {s}?',
  country: 'Which country is {s} in?',
  'country of origin': 'What is the country of origin of {s}?',
  'country of citizenship': 'What is the country of citizenship of {s}?',
  capital: 'What is the capital of {s}?',
  'capital of': 'What is {s} the capital of?',
  'headquarters location': 'Where are the headquarters of {s} located?',
  'located on terrain feature': 'On which terrain feature is {s} located?',
  'work location': 'Where did {s} work?',
  crosses: 'What does {s} cross?',
  'place of birth': 'Where was {s} born?',
  'place of death': 'Where did {s} die?',
  // Dates
  'date of birth': 'When was {s} born?',
  'date of death': 'When did {s} die?',
  'publication date': 'When was {s} published?',
  inception: 'When was {s} founded?',
  // People and family
  spouse: 'Who is the spouse of {s}?',
  father: 'Who is the father of {s}?',
  mother: 'Who is the mother of {s}?',
  child: 'Who is a child of {s}?',
  sibling: 'Who is a sibling of {s}?',
  'named after': 'Who or what is {s} named after?',
  religion: 'What is the religion of {s}?',
  'educated at': 'Where was {s} educated?',
  employer: 'Who is the employer of {s}?',
  'award received': 'What award did {s} receive?',
  'member of': 'What is {s} a member of?',
  'member of sports team': 'Which sports team is {s} a member of?',
  'member of political party': 'Which political party is {s} a member of?',
  instrument: 'What instrument does {s} play?',
  // Works and organisations
  performer: 'Who is the performer of {s}?',
  creator: 'Who is the creator of {s}?',
  author: 'Who is the author of {s}?',
  director: 'Who is the director of {s}?',
  producer: 'Who is the producer of {s}?',
  composer: 'Who is the composer of {s}?',
  screenwriter: 'Who is the screenwriter of {s}?',
  'cast member': 'Who is a cast member of {s}?',
  publisher: 'Who is the publisher of {s}?',
  'record label': 'What is the record label of {s}?',
  'original broadcaster': 'Who is the original broadcaster of {s}?',
  manufacturer: 'Who is the manufacturer of {s}?',
  operator: 'Who is the operator of {s}?',
  'owned by': 'Who owns {s}?',
  'part of': 'What is {s} part of?',
  'part of the series': 'Which series is {s} part of?',
  'has part': 'What is a part of {s}?',
  'followed by': 'What followed {s}?',
};

const OPERATOR = /^(.*?)\s*>>\s*(.+?)\s*$/s;

/** How a sub-question was rewritten: by a relation template, the generic template, or as a plain question. */
export type RewriteRule = 'relation' | 'generic' | 'question';

export interface RewrittenStep {
  question: string;
  rule: RewriteRule;
}

function asQuestion(text: string): string {
  const t = text
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s+\?$/, '?');
  if (!t) return t;
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[?]$/.test(capital) ? capital : `${capital.replace(/[.!]+$/, '')}?`;
}

/**
 * One gold sub-question in natural language: `subject >> relation` through its relation's
 * template (an unknown relation gets `What is the {relation} of {subject}?`), any other text as a
 * question (first letter capitalised, ending in "?"). `#n` references are kept.
 */
export function rewriteSubQuestion(text: string): RewrittenStep {
  const m = OPERATOR.exec(text.trim());
  if (!m) return { question: asQuestion(text), rule: 'question' };
  const subject = (m[1] ?? '').trim();
  const relation = (m[2] ?? '').trim().replace(/\s+/g, ' ');
  const key = relation.toLowerCase();
  const template = Object.hasOwn(RELATION_TEMPLATES, key) ? RELATION_TEMPLATES[key] : undefined;
  if (template !== undefined) return { question: template.replace('{s}', subject), rule: 'relation' };
  return { question: asQuestion(`What is the ${relation} of ${subject}`), rule: 'generic' };
}

/** The natural-language form of a gold plan step: its stored `question`, else the rewrite of `text`. */
export function goldStepQuestion(step: { text: string; question?: string }): string {
  return step.question ?? rewriteSubQuestion(step.text).question;
}
