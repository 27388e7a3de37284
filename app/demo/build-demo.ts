// Builds the bundled Veloria demo set (public/demo): Search-R1 tagged transcripts and Hopscope
// JSONL trajectories, all about the fictional world in world-facts.ts. Deterministic: no clocks,
// no randomness; timings and token counts are derived from the text.
//
//   npx tsx app/demo/build-demo.ts [outDir]     (default: public/demo)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hash53 } from '../core/hash';
import { buildTrajectory, type StepInput, type TrajectoryEvent } from '../core/schema/builder';
import type { Doc, PlanNode, Trajectory } from '../core/schema/trajectory';
import { passageByTitle, type SeedPassage } from './world-facts';

export const DEMO_DATASET = 'veloria-demo';
export const DEMO_FILES = {
  hopscope: 'veloria-hopscope.jsonl',
  searchR1: 'veloria-search-r1.jsonl',
  manifest: 'manifest.json',
} as const;

/** Hand-written traces: no model produced them, so none is named. */
const DEMO_MODEL = 'hand-written demo';

// ---------------------------------------------------------------------------------------------
// Passages, scores, timings

function passage(title: string): SeedPassage {
  const p = passageByTitle(title);
  if (!p) throw new Error(`demo: no seed passage titled "${title}"`);
  return p;
}

/** Rough token count (≈ 4 characters a token). */
function tokensOf(s: string): number {
  return Math.max(1, Math.ceil(s.length / 4));
}

/** Retriever score: falls with rank, with a small deterministic jitter per (query, doc). */
function scoreOf(rank: number, query: string, title: string): number {
  const jitter = Number.parseInt(hash53(`${query}\u0000${title}`), 36) % 40;
  return (Math.round((0.86 - 0.07 * (rank - 1)) * 1000) - jitter) / 1000;
}

type DemoDoc = Omit<Doc, 'duplicate' | 'gold' | 'containsAnswer'>;

/** Ranked docs for one query, by passage title. */
function docsFor(query: string, titles: readonly string[], startRank = 1): DemoDoc[] {
  return titles.map((title, i) => {
    const p = passage(title);
    const rank = startRank + i;
    return { id: p.id, title: p.title, text: p.text, rank, score: scoreOf(rank, query, title), query };
  });
}

/** Search-R1's information layout: `Doc i(Title: "t") text`, one per line. */
function sr1Docs(docs: readonly DemoDoc[]): string {
  return docs.map((d, i) => `Doc ${i + 1}(Title: "${d.title ?? ''}") ${d.text}`).join('\n');
}

/** QAgent's information layout: `Passage #i title` then the text. */
function qagentDocs(docs: readonly DemoDoc[]): string {
  return docs.map((d, i) => `Passage #${i + 1} ${d.title ?? ''}\n${d.text}`).join('\n');
}

const tag = (name: string, body: string): string => `<${name}>${body}</${name}>`;

// ---------------------------------------------------------------------------------------------
// Hopscope trajectories, built through the real builder

type StartEvent = Extract<TrajectoryEvent, { type: 'start' }>;
type PlanNodeInput = Extract<TrajectoryEvent, { type: 'plan' }>['nodes'][number];

interface GenOpts {
  text?: string;
  queries?: string[];
  decision?: string;
  ranking?: string[];
  error?: string;
}

/** Records one run as builder events, with timings derived from the text. */
class DemoRun {
  private readonly events: TrajectoryEvent[] = [];
  private turnNo = 0;
  private ms = 0;
  private tokensIn = 0;
  private tokensOut = 0;
  /** Current retrieval hop (set by the script); steps carry it when defined. */
  hop: number | undefined;
  /** Current plan node (APEX). */
  node: string | undefined;

  constructor(start: Omit<StartEvent, 'type' | 'source'> & { id: string }) {
    this.events.push({
      type: 'start',
      ...start,
      source: { kind: 'import', format: 'hopscope', dataset: DEMO_DATASET, qid: start.id },
    });
    this.tokensIn += 220 + tokensOf(start.question); // instructions + question
  }

  /** Starts a new model generation; the steps written until the next call share its number. */
  turn(): this {
    this.turnNo++;
    return this;
  }

  /** A step the model wrote in the current turn. */
  gen(kind: StepInput['kind'], raw: string, opts: GenOpts = {}): this {
    const tokens = tokensOf(raw);
    const ms = 80 + tokens * 21;
    this.tokensOut += tokens;
    this.push({ kind, raw, ms, tokens, ...opts });
    return this;
  }

  /** The model's search action: queries for the current hop. */
  search(queries: string[], raw: string, text?: string): this {
    return this.gen('search', raw, { queries, text: text ?? queries.join('\n') });
  }

  /** The system's retrieval for the current hop: docs as the agent received them. */
  retrieve(docs: DemoDoc[], raw: string, text?: string): this {
    const tokens = docs.reduce((n, d) => n + tokensOf(d.text), 0);
    const ms = 35 + docs.length * 9;
    this.tokensIn += tokens;
    const step: StepInput & { ms: number } = { kind: 'retrieve', raw, docs, ms, tokens };
    if (text) step.text = text;
    this.push(step);
    return this;
  }

  plan(nodes: PlanNodeInput[]): this {
    this.events.push({ type: 'plan', nodes });
    return this;
  }

  patchNode(id: string, patch: Partial<Omit<PlanNode, 'id'>>): this {
    this.events.push({ type: 'plan_node', id, patch });
    return this;
  }

  answer(text: string, confidence?: number): this {
    const e: TrajectoryEvent = { type: 'answer', text };
    if (confidence !== undefined) e.confidence = confidence;
    this.events.push(e);
    return this;
  }

  finish(reason: string): Trajectory {
    this.events.push({
      type: 'finish',
      reason,
      timing: { ms: this.ms, tokensIn: this.tokensIn, tokensOut: this.tokensOut },
    });
    return buildTrajectory(this.events);
  }

  private push(step: StepInput & { ms: number }): void {
    this.ms += step.ms;
    const s: StepInput = { ...step, turn: Math.max(1, this.turnNo) };
    if (this.hop !== undefined) s.hop = this.hop;
    if (this.node !== undefined) s.planNode = this.node;
    this.events.push({ type: 'step', step: s });
  }
}

const APEX_PARAMS = { docsPerRetrieval: 3, maxHops: 5 };

/** APEX-Searcher: a three-node chain (#1 → #2 → #3), with continuation decisions and duplicate drops. */
function apexPlan(): Trajectory {
  const question =
    'Which river flows through the birthplace of the first president of the Velorian Academy of Sciences?';
  const r = new DemoRun({
    id: 'demo-apex-plan',
    question,
    agent: { strategy: 'apex-searcher', params: APEX_PARAMS, model: DEMO_MODEL },
    gold: {
      answers: ['Ambrel River', 'Ambrel'],
      plan: [
        { text: 'Who was the first president of the Velorian Academy of Sciences?', answer: 'Aurel Brisk' },
        { text: 'Where was Aurel Brisk born?', answer: 'Tavish' },
        { text: 'Which river flows through Tavish?', answer: 'Ambrel River' },
      ],
      supporting: [
        { title: 'Velorian Academy of Sciences' },
        { title: 'Aurel Brisk' },
        { title: 'Ambrel River' },
      ],
    },
  });
  const subs = [
    'Who was the first president of the Velorian Academy of Sciences?',
    'In which city was #1 born?',
    'Which river flows through #2?',
  ] as const;
  r.turn().gen('plan', `<plan>\n1. ${subs[0]}\n2. ${subs[1]}\n3. ${subs[2]}\n</plan>`, {
    text: 'The question chains three facts: who the first president was, where that person was born, and which river runs through that place.',
  });
  r.plan([
    { id: '1', text: subs[0], dependsOn: [] },
    { id: '2', text: subs[1], dependsOn: ['1'] },
    { id: '3', text: subs[2], dependsOn: ['2'] },
  ]);

  // Node 1
  r.node = '1';
  r.patchNode('1', { status: 'active', resolvedText: subs[0] });
  r.turn().gen(
    'decision',
    'Knowledge check: the accumulated knowledge is empty and I know nothing reliable about the Velorian Academy of Sciences.\nDecision: RETRIEVE',
    { decision: 'retrieve', text: 'Accumulated knowledge is empty; retrieve.' },
  );
  r.hop = 1;
  let q = 'Velorian Academy of Sciences first president';
  let docs = docsFor(q, ['Velorian Academy of Sciences', 'Edda Solvane', 'Ceradon Observatory']);
  r.turn().search([q], tag('query', q));
  r.retrieve(docs, sr1Docs(docs));
  r.hop = 2;
  r.turn().gen(
    'decision',
    'Doc 1 states that the astronomer Aurel Brisk served as the first president of the Academy. Doc 2 (Edda Solvane) led it later, from 1920.\nDecision: STOP',
    { decision: 'stop', text: 'The first president is named in Doc 1; no further hop.' },
  );
  r.hop = undefined;
  r.turn().gen('sub_answer', '<sub_answer>Aurel Brisk</sub_answer>', { text: 'Aurel Brisk' });
  r.patchNode('1', { status: 'done', answer: 'Aurel Brisk' });

  // Node 2: the first hop brings only seen docs plus one irrelevant one, so a second hop follows.
  r.node = '2';
  const resolved2 = 'In which city was Aurel Brisk born?';
  r.patchNode('2', { status: 'active', resolvedText: resolved2 });
  r.turn().gen(
    'decision',
    `Resolved: ${resolved2}\nKnowledge check: I know (Q1) Aurel Brisk was the first president, but nothing about where he was born.\nDecision: RETRIEVE`,
    { decision: 'retrieve', text: 'Birthplace not in accumulated knowledge; retrieve.' },
  );
  r.hop = 1;
  q = 'Aurel Brisk';
  docs = docsFor(q, ['Ceradon Observatory', 'Velorian Academy of Sciences', 'Veloria']);
  r.turn().search([q], tag('query', q));
  r.retrieve(
    docs,
    sr1Docs(docs),
    'Two of three docs were seen in sub-question 1 and are dropped; one new doc.',
  );
  r.hop = 2;
  r.turn().gen(
    'decision',
    'The only new passage (Veloria) is about the republic and its first president, not about where Aurel Brisk was born.\nDecision: CONTINUE',
    { decision: 'continue', text: 'Nothing new answers the sub-question; try another query.' },
  );
  q = 'Aurel Brisk astronomer born in';
  docs = docsFor(q, ['Aurel Brisk', 'Tavish University', 'Ceradon Observatory']);
  r.turn().search([q], `Queries tried: "Aurel Brisk".\n${tag('query', q)}`, q);
  r.retrieve(docs, sr1Docs(docs));
  r.hop = 3;
  r.turn().gen(
    'decision',
    'Doc 1: "Aurel Brisk (1858–1930) was a Velorian astronomer born in Tavish."\nDecision: STOP',
    {
      decision: 'stop',
      text: 'Birthplace found; stop.',
    },
  );
  r.hop = undefined;
  r.turn().gen('sub_answer', '<sub_answer>Tavish</sub_answer>', { text: 'Tavish' });
  r.patchNode('2', { status: 'done', answer: 'Tavish' });

  // Node 3
  r.node = '3';
  const resolved3 = 'Which river flows through Tavish?';
  r.patchNode('3', { status: 'active', resolvedText: resolved3 });
  r.turn().gen(
    'decision',
    `Resolved: ${resolved3}\nKnowledge check: the accumulated answers (Aurel Brisk; Tavish) say nothing about rivers.\nDecision: RETRIEVE`,
    { decision: 'retrieve', text: 'Retrieve.' },
  );
  r.hop = 1;
  q = 'river through Tavish';
  docs = docsFor(q, ['Tavish', 'Ambrel River', 'Lisk River']);
  r.turn().search([q], tag('query', q));
  r.retrieve(docs, sr1Docs(docs));
  r.hop = 2;
  r.turn().gen(
    'decision',
    'Doc 2: the Ambrel River "flows through Tavish and then through Casmere". The Lisk flows through Brennoc and Saltmarrow instead.\nDecision: STOP',
    { decision: 'stop', text: 'Answer found; stop.' },
  );
  r.hop = undefined;
  r.turn().gen('sub_answer', '<sub_answer>Ambrel River</sub_answer>', { text: 'Ambrel River' });
  r.patchNode('3', { status: 'done', answer: 'Ambrel River' });

  r.node = undefined;
  r.turn().gen(
    'answer',
    [
      'Accumulated knowledge:',
      `1. ${subs[0]} → Aurel Brisk`,
      `2. ${resolved2} → Tavish`,
      `3. ${resolved3} → Ambrel River`,
      '<answer>Ambrel River</answer>',
      'Confidence: 0.91 (a specific name; every sub-question answered from retrieved text; no hedging)',
    ].join('\n'),
    { text: 'Ambrel River' },
  );
  r.answer('Ambrel River', 0.91);
  return r.finish('answer');
}

/** APEX-Searcher over-decomposing a two-hop question into five sub-questions. */
function apexOverDecomposition(): Trajectory {
  const question = 'In what year was the university that Edda Solvane attended founded?';
  const r = new DemoRun({
    id: 'demo-apex-over-decomposition',
    question,
    agent: { strategy: 'apex-searcher', params: APEX_PARAMS, model: DEMO_MODEL },
    gold: {
      answers: ['1823'],
      plan: [
        { text: 'Which university did Edda Solvane attend?', answer: 'Tavish University' },
        { text: 'In what year was Tavish University founded?', answer: '1823' },
      ],
      supporting: [{ title: 'Edda Solvane' }, { title: 'Tavish University' }],
    },
  });
  const subs = [
    'Who is Edda Solvane?',
    'Which university did #1 attend?',
    'In which town is #2 located?',
    'Who founded #2?',
    'In what year was #2 founded?',
  ] as const;
  r.turn().gen('plan', `<plan>\n${subs.map((s, i) => `${i + 1}. ${s}`).join('\n')}\n</plan>`, {
    text: 'Five sub-questions for a two-hop question: #1, #3 and #4 are not needed for the answer.',
  });
  r.plan([
    { id: '1', text: subs[0], dependsOn: [] },
    { id: '2', text: subs[1], dependsOn: ['1'] },
    { id: '3', text: subs[2], dependsOn: ['2'] },
    { id: '4', text: subs[3], dependsOn: ['2'] },
    { id: '5', text: subs[4], dependsOn: ['2'] },
  ]);

  // 1: a biography lookup the question did not need.
  r.node = '1';
  r.patchNode('1', { status: 'active', resolvedText: subs[0] });
  r.turn().gen('decision', 'Knowledge check: nothing known about Edda Solvane.\nDecision: RETRIEVE', {
    decision: 'retrieve',
  });
  r.hop = 1;
  let q = 'Edda Solvane';
  let docs = docsFor(q, ['Edda Solvane', 'Velorian Academy of Sciences', 'Tavish University']);
  r.turn().search([q], tag('query', q));
  r.retrieve(docs, sr1Docs(docs));
  r.hop = 2;
  r.turn().gen('decision', 'Doc 1 is her biography.\nDecision: STOP', { decision: 'stop' });
  r.hop = undefined;
  const a1 = 'A Velorian physicist (1870–1952), born in Casmere, who studied at Tavish University';
  r.turn().gen('sub_answer', tag('sub_answer', a1), { text: a1 });
  r.patchNode('1', { status: 'done', answer: a1 });

  // 2: already answered by #1's answer.
  r.node = '2';
  r.patchNode('2', { status: 'active', resolvedText: 'Which university did Edda Solvane attend?' });
  r.turn().gen(
    'decision',
    'Resolved: Which university did Edda Solvane attend?\nKnowledge check: answer to #1 says she studied at Tavish University.\nDecision: ANSWER FROM KNOWLEDGE',
    { decision: 'answer', text: 'Sufficient knowledge; no retrieval.' },
  );
  r.turn().gen('sub_answer', '<sub_answer>Tavish University</sub_answer>', { text: 'Tavish University' });
  r.patchNode('2', { status: 'done', answer: 'Tavish University' });

  // 3: redundant location question; its doc happens to hold the founding year.
  r.node = '3';
  r.patchNode('3', { status: 'active', resolvedText: 'In which town is Tavish University located?' });
  r.turn().gen(
    'decision',
    'Resolved: In which town is Tavish University located?\nKnowledge check: the name suggests Tavish, but I will confirm.\nDecision: RETRIEVE',
    { decision: 'retrieve' },
  );
  r.hop = 1;
  q = 'Tavish University location';
  docs = docsFor(q, ['Tavish University', 'Tavish', 'Ilse Varnholt']);
  r.turn().search([q], tag('query', q));
  r.retrieve(docs, sr1Docs(docs), 'Doc 1 was seen in sub-question 1 and is dropped.');
  r.hop = 2;
  r.turn().gen(
    'decision',
    'Doc 2: "The Ambrel River runs through the old town below the walls of Tavish University, which was founded in 1823."\nDecision: STOP',
    {
      decision: 'stop',
    },
  );
  r.hop = undefined;
  const a3 = 'Tavish (the university was founded there in 1823)';
  r.turn().gen('sub_answer', tag('sub_answer', a3), { text: a3 });
  r.patchNode('3', { status: 'done', answer: a3 });

  // 4: a founder question the corpus cannot answer; two hops bring nothing useful.
  r.node = '4';
  r.patchNode('4', { status: 'active', resolvedText: 'Who founded Tavish University?' });
  r.turn().gen(
    'decision',
    'Resolved: Who founded Tavish University?\nKnowledge check: unknown.\nDecision: RETRIEVE',
    {
      decision: 'retrieve',
    },
  );
  r.hop = 1;
  q = 'Tavish University founder';
  docs = docsFor(q, ['Tavish University', 'Tavish', 'Casmere Botanical Institute']);
  r.turn().search([q], tag('query', q));
  r.retrieve(
    docs,
    sr1Docs(docs),
    'Two docs seen before are dropped; the new one is about another institution.',
  );
  r.hop = 2;
  r.turn().gen('decision', 'No passage names a founder of Tavish University.\nDecision: CONTINUE', {
    decision: 'continue',
  });
  q = 'who founded Tavish University in 1823';
  docs = docsFor(q, ['Tavish University', 'Ilse Varnholt', 'Velorian Maritime Academy']);
  r.turn().search([q], `Queries tried: "Tavish University founder".\n${tag('query', q)}`, q);
  r.retrieve(docs, sr1Docs(docs), 'Two docs seen before are dropped.');
  r.hop = 3;
  r.turn().gen(
    'decision',
    'Still no founder; the new passage is about the Maritime Academy.\nDecision: STOP',
    {
      decision: 'stop',
    },
  );
  r.hop = undefined;
  r.turn().gen('sub_answer', '<sub_answer>unknown</sub_answer>', {
    text: 'unknown',
    error: 'no retrieved passage names a founder',
  });
  r.patchNode('4', { status: 'failed', answer: 'unknown' });

  // 5: answered from #3's answer.
  r.node = '5';
  r.patchNode('5', { status: 'active', resolvedText: 'In what year was Tavish University founded?' });
  r.turn().gen(
    'decision',
    'Resolved: In what year was Tavish University founded?\nKnowledge check: answer to #3 says the university was founded in 1823.\nDecision: ANSWER FROM KNOWLEDGE',
    { decision: 'answer' },
  );
  r.turn().gen('sub_answer', '<sub_answer>1823</sub_answer>', { text: '1823' });
  r.patchNode('5', { status: 'done', answer: '1823' });

  r.node = undefined;
  r.turn().gen(
    'answer',
    [
      'Accumulated knowledge:',
      `1. ${subs[0]} → ${a1}`,
      '2. Which university did Edda Solvane attend? → Tavish University',
      `3. In which town is Tavish University located? → ${a3}`,
      '4. Who founded Tavish University? → unknown',
      '5. In what year was Tavish University founded? → 1823',
      '<answer>1823</answer>',
      'Confidence: 0.78 (a specific year, but one sub-question is unanswered)',
    ].join('\n'),
    { text: '1823' },
  );
  r.answer('1823', 0.78);
  return r.finish('answer');
}

const WTS_PARAMS = { topK: 5, maxTurns: 5 };

/** When-to-Search: the question carries what is needed, so it answers without searching. */
function wtsDirect(): Trajectory {
  const r = new DemoRun({
    id: 'demo-wts-direct',
    question: 'The Velorian Academy of Sciences was founded in 1901. In which century was it founded?',
    agent: { strategy: 'when-to-search', params: WTS_PARAMS, model: DEMO_MODEL },
    gold: { answers: ['20th century', 'twentieth century', '20th'] },
  });
  const think =
    'The question already gives the founding year, 1901. What remains is calendar arithmetic, which I can do from internal knowledge.';
  const reflect =
    'Centuries are counted from year 1: the 19th century is 1801–1900 and the 20th is 1901–2000, so 1901 is the first year of the 20th century. My knowledge is sufficient; no search is needed.';
  r.turn();
  r.gen('think', tag('think', think), { text: think });
  r.gen('reflect', tag('reflect', reflect), { text: reflect });
  r.gen('answer', tag('answer', '20th century'), { text: '20th century' });
  r.answer('20th century');
  return r.finish('answer');
}

/** When-to-Search: no internal knowledge about Veloria, so one concise keyword search. */
function wtsSearch(): Trajectory {
  const r = new DemoRun({
    id: 'demo-wts-search',
    question: 'What is the highest mountain in Veloria?',
    agent: { strategy: 'when-to-search', params: WTS_PARAMS, model: DEMO_MODEL },
    gold: { answers: ['Mount Ceradon', 'Ceradon'], supporting: [{ title: 'Mount Ceradon' }] },
  });
  const think =
    'Veloria is not a country I have reliable knowledge about, so I cannot name its highest mountain without guessing. I should search with a short keyword query.';
  const q = 'Veloria highest mountain';
  r.hop = 1;
  r.turn();
  r.gen('think', tag('think', think), { text: think });
  r.search([q], tag('search', ` ${q} `));
  const docs = docsFor(q, ['Mount Ceradon', 'Veloria', 'Ceradon Observatory', 'Grey Fells', 'Ambrel River']);
  r.retrieve(docs, tag('information', sr1Docs(docs)));
  const reflect =
    'Doc 1 states directly that Mount Ceradon is the highest mountain in Veloria (2,214 metres), and Doc 2 agrees that it is the highest point of the island. The Grey Fells reach only 1,370 metres. The evidence is sufficient.';
  r.turn();
  r.gen('reflect', tag('reflect', reflect), { text: reflect });
  r.gen('answer', tag('answer', 'Mount Ceradon'), { text: 'Mount Ceradon' });
  r.answer('Mount Ceradon');
  return r.finish('answer');
}

/** QAgent: plan → multi-query search (top-1 each) → reflection, twice. */
function qagent(): Trajectory {
  const r = new DemoRun({
    id: 'demo-qagent',
    question: 'In which town was the engineer who designed the Ambrel Bridge born?',
    agent: {
      strategy: 'qagent',
      params: { maxLoops: 5, topK: 1, maxQueriesPerTurn: 3, dedupe: true },
      model: DEMO_MODEL,
    },
    gold: { answers: ['Brennoc'], supporting: [{ title: 'Ambrel Bridge' }, { title: 'Kasimir Dorn' }] },
  });
  const qs1 = ['Ambrel Bridge designer', 'Ambrel Bridge Casmere history', 'engineer of the Ambrel Bridge'];
  const plan1 =
    'First find who designed the Ambrel Bridge, then that engineer’s birthplace. I will phrase the first lookup three ways to widen recall.';
  r.hop = 1;
  r.turn();
  r.gen('plan', tag('plan', plan1), { text: plan1 });
  r.search(qs1, tag('search', qs1.map((x) => tag('query', x)).join('')));
  // Top-1 per query; the third query's top passage repeats the first: the block still shows it
  // (QAgent's Algorithm 1 l.13), only the passage set is de-duplicated.
  let docs = [
    ...docsFor(qs1[0] ?? '', ['Ambrel Bridge']),
    ...docsFor(qs1[1] ?? '', ['Casmere'], 2),
    ...docsFor(qs1[2] ?? '', ['Ambrel Bridge'], 3),
  ];
  r.retrieve(
    docs,
    tag('information', qagentDocs(docs)),
    'Query 3 returned the Ambrel Bridge passage again; shown again, counted once in the passage set.',
  );
  const refl1 =
    'Passage #1 says the bridge was designed by the engineer Kasimir Dorn and completed in 1868; it does not give his birthplace. Passage #2 is about Casmere in general and does not help.';
  const plan2 = 'Look up Kasimir Dorn’s biography to find where he was born.';
  const qs2 = ['Kasimir Dorn birthplace', 'Kasimir Dorn civil engineer biography'];
  r.turn();
  r.gen('reflect', tag('reflection', refl1), { text: refl1 });
  r.hop = 2;
  r.gen('plan', tag('plan', plan2), { text: plan2 });
  r.search(qs2, tag('search', qs2.map((x) => tag('query', x)).join('')));
  docs = [...docsFor(qs2[0] ?? '', ['Kasimir Dorn']), ...docsFor(qs2[1] ?? '', ['Brennoc'], 2)];
  r.retrieve(docs, tag('information', qagentDocs(docs)));
  const refl2 =
    'Passage #1: Kasimir Dorn (1835–1899) was born in Brennoc. Passage #2 confirms that Brennoc is his birthplace. Enough evidence to answer.';
  r.turn();
  r.gen('reflect', tag('reflection', refl2), { text: refl2 });
  r.gen('answer', tag('answer', 'Brennoc'), { text: 'Brennoc' });
  r.answer('Brennoc');
  return r.finish('answer');
}

/** ExSearch: think (sub-query) → search → rank → record, twice, then the final answer. */
function exsearch(): Trajectory {
  const r = new DemoRun({
    id: 'demo-exsearch',
    question: 'Which river flows through the town where the novel The Salt Year is set?',
    agent: { strategy: 'exsearch', params: { maxIterations: 5, topK: 5, rank: true }, model: DEMO_MODEL },
    gold: {
      answers: ['Lisk River', 'Lisk'],
      supporting: [{ title: 'The Salt Year' }, { title: 'Lisk River' }],
    },
  });
  const iteration = (
    hop: number,
    thought: string,
    q: string,
    titles: string[],
    order: number[],
    fact: string,
  ): void => {
    r.hop = hop;
    r.turn().gen('think', tag('think', `${thought}\nSub-query: ${q}`), { text: thought });
    r.search([q], tag('search', q));
    const docs = docsFor(q, titles);
    r.retrieve(docs, docs.map((d, i) => `[${i + 1}] ${d.title}: ${d.text}`).join('\n'));
    const ranking = order.map((i) => docs[i - 1]?.id ?? '');
    r.turn().gen('rank', tag('rank', order.map((i) => `[${i}]`).join(' > ')), { ranking });
    r.turn().gen('record', tag('record', fact), { text: fact });
  };
  iteration(
    1,
    'I need the setting of The Salt Year before I can ask about rivers.',
    'The Salt Year novel setting',
    ['Lotte Veyra', 'The Salt Year', 'Quill Harbour', 'The Orlenport Ledger', 'Matthias Korve'],
    [2, 1, 5, 3, 4],
    'The Salt Year (1934, by Lotte Veyra) is set in Saltmarrow.',
  );
  iteration(
    2,
    'The novel is set in Saltmarrow. Now find the river that flows through Saltmarrow.',
    'river flowing through Saltmarrow',
    ['Saltmarrow', 'Lisk River', 'Brennoc', 'Grey Fells', 'Ambrel River'],
    [2, 1, 3, 5, 4],
    'The Lisk River flows south through Brennoc and Saltmarrow into Saltmarrow Bay.',
  );
  r.hop = undefined;
  r.turn().gen('answer', tag('final', 'Lisk River'), { text: 'Lisk River' });
  r.answer('Lisk River');
  return r.finish('answer');
}

/** Every Hopscope-format demo trajectory, in file order. */
export function hopscopeTrajectories(): Trajectory[] {
  return [apexPlan(), apexOverDecomposition(), wtsDirect(), wtsSearch(), qagent(), exsearch()];
}

// ---------------------------------------------------------------------------------------------
// Search-R1 tagged transcripts

export interface SearchR1Record {
  id: string;
  question: string;
  golden_answers: string[];
  response: string;
}

/** Pieces of one Search-R1 rollout; `info` is what the system appends after a search. */
class Sr1 {
  private out = '';
  think(s: string): this {
    this.out += `${tag('think', s)}\n`;
    return this;
  }
  search(q: string, titles: readonly string[]): this {
    this.out += tag('search', ` ${q} `);
    this.out += `\n\n${tag('information', sr1Docs(docsFor(q, titles)))}\n\n`;
    return this;
  }
  answer(a: string): this {
    this.out += tag('answer', ` ${a} `);
    return this;
  }
  text(s: string): this {
    this.out += s;
    return this;
  }
  toString(): string {
    return this.out;
  }
}

/** Search-R1's notice after a turn with no valid action (verbatim from its rollout code). */
const SR1_INVALID =
  '\nMy previous action is invalid. If I want to search, I should put the query between <search> and </search>. If I want to give the final answer, I should put the answer between <answer> and </answer>. Let me try again.\n';

export function searchR1Records(): SearchR1Record[] {
  const loopQ = 'first president of the Velorian Academy of Sciences';
  const loopDocs = ['Edda Solvane', 'Charter of Casmere', 'Veloria'];
  return [
    {
      id: 'demo-sr1-multihop',
      question: 'In which city was the founder of the Casmere Botanical Institute born?',
      golden_answers: ['Tavish'],
      response: new Sr1()
        .think(
          'I need to find out who founded the Casmere Botanical Institute, and then where that person was born. Let me search for the founder first.',
        )
        .search('Casmere Botanical Institute founder', [
          'Casmere Botanical Institute',
          'Casmere',
          'Ambrel Bridge',
        ])
        .think(
          'Doc 1 says the institute was founded in 1879 by the botanist Ilse Varnholt. Now I need to find where Ilse Varnholt was born.',
        )
        .search('Ilse Varnholt birthplace', [
          'Ilse Varnholt',
          'Tavish University',
          'Casmere Botanical Institute',
        ])
        .think(
          'Doc 1 says Ilse Varnholt (1841–1907) was a Velorian botanist born in Tavish. She died in Casmere, but the question asks where she was born. So the answer is Tavish.',
        )
        .answer('Tavish')
        .toString(),
    },
    {
      id: 'demo-sr1-over-search',
      question: 'Which river flows through both Tavish and Casmere?',
      golden_answers: ['Ambrel River', 'Ambrel'],
      response: new Sr1()
        .think('I need to find a river that passes through both Tavish and Casmere. Let me search.')
        .search('river Tavish Casmere', ['Ambrel River', 'Tavish', 'Casmere'])
        .think(
          'Doc 1 says the Ambrel River flows through Tavish and then through Casmere. Doc 2 and Doc 3 agree. But let me double-check Tavish on its own to be sure.',
        )
        .search('Tavish river', ['Tavish', 'Ambrel River', 'Great Flood of the Ambrel'])
        .think('Tavish is on the Ambrel River. Let me also verify which river runs through Casmere.')
        .search('Casmere river', ['Casmere', 'Ambrel Bridge', 'Ambrel River'])
        .think(
          'Casmere lies on both banks of the Ambrel River. To be thorough, I should check that the other big river, the Lisk, does not also pass through both towns.',
        )
        .search('Lisk River course', ['Lisk River', 'Brennoc', 'Saltmarrow'])
        .think(
          'The Lisk River flows through Brennoc and Saltmarrow, not through Tavish or Casmere. So the river through both towns is the Ambrel River.',
        )
        .answer('Ambrel River')
        .toString(),
    },
    {
      id: 'demo-sr1-under-search',
      question: 'In which town did the founder of the Ambrel Railway Company die?',
      golden_answers: ['Tavish'],
      response: new Sr1()
        .think('I need the founder of the Ambrel Railway Company and then the place where he died.')
        .search('Ambrel Railway Company founder', ['Ambrel Railway Company', 'Kasimir Dorn', 'Orlenport'])
        .think(
          'Doc 1 says the company was founded in 1870 by the industrialist Hendrik Saul and has its headquarters in Casmere. An industrialist running a company from the capital most likely died there, so the answer should be Casmere.',
        )
        .answer('Casmere')
        .toString(),
    },
    {
      id: 'demo-sr1-wrong-entity',
      question: 'In what year did the composer of The Ambrel Suite die?',
      golden_answers: ['1911'],
      response: new Sr1()
        .think('First I need to know who composed The Ambrel Suite, then when that person died.')
        .search('The Ambrel Suite composer', ['The Ambrel Suite', 'Teodora Maren', 'Ambrel River'])
        .think(
          'Doc 1 says The Ambrel Suite is by the Velorian composer T. Maren. Doc 2 is about Teodora Maren (1889–1964), a patron of the arts who secured funding for music schools, so T. Maren must be Teodora Maren. She died in 1964.',
        )
        .answer('1964')
        .toString(),
    },
    {
      id: 'demo-sr1-query-loop',
      question: 'Who was the first president of the Velorian Academy of Sciences?',
      golden_answers: ['Aurel Brisk'],
      response: new Sr1()
        .think('I need to find who was the first president of the Velorian Academy of Sciences.')
        .search(loopQ, loopDocs)
        .think(
          'Doc 1 says Edda Solvane presided over the Academy from 1920 to 1935, but the Academy is older than that, so she may not be the first. Docs 2 and 3 are about the first president of the republic. Let me search again.',
        )
        .search(loopQ, loopDocs)
        .think('The results are the same. Maybe the search will work if I ask again.')
        .search('First president of the Velorian Academy of Sciences?', loopDocs)
        .think(
          'Still the same three documents. I will search once more for the first president of the Academy.',
        )
        .search(loopQ, loopDocs)
        .think(
          'I have used all my searches and none of the documents names the first president of the Academy. The only first president mentioned is Matthias Korve, so I will answer with him.',
        )
        .answer('Matthias Korve')
        .toString(),
    },
    {
      id: 'demo-sr1-invalid-action',
      question: 'In which year was the Ambrel Bridge completed?',
      golden_answers: ['1868'],
      response: new Sr1()
        .think('I need the year the Ambrel Bridge was completed. Let me look it up.')
        .text('<search Ambrel Bridge completion year>')
        .text(SR1_INVALID)
        .think('I should put the query inside the search tags.')
        .search('Ambrel Bridge completion year', ['Ambrel Bridge', 'Kasimir Dorn', 'Casmere'])
        .think('Doc 1 says the Ambrel Bridge, designed by Kasimir Dorn, was completed in 1868.')
        .answer('1868')
        .toString(),
    },
    {
      id: 'demo-sr1-comparison',
      question:
        'Which was founded first, the Velorian Maritime Academy or the Casmere Conservatory of Music?',
      golden_answers: ['Velorian Maritime Academy', 'Maritime Academy'],
      response: new Sr1()
        .think(
          'I need the founding years of both institutions. Let me start with the Velorian Maritime Academy.',
        )
        .search('Velorian Maritime Academy founded', [
          'Velorian Maritime Academy',
          'Orlenport',
          'Piet Osgaard',
        ])
        .think(
          'Doc 1 says the Velorian Maritime Academy was founded in 1862 by Admiral Piet Osgaard. Now the Casmere Conservatory of Music.',
        )
        .search('Casmere Conservatory of Music founded', [
          'Casmere Conservatory of Music',
          'Teodor Maren',
          'Casmere',
        ])
        .think(
          'Doc 1 says the Conservatory was founded in 1884 by Teodor Maren. 1862 is earlier than 1884, so the Velorian Maritime Academy was founded first.',
        )
        .answer('Velorian Maritime Academy')
        .toString(),
    },
    {
      id: 'demo-sr1-cut-off',
      question: 'In which town was the author of The Salt Year born?',
      golden_answers: ['Quill Harbour'],
      response: new Sr1()
        .think('I need to find who wrote The Salt Year, then that author’s birthplace.')
        .search('The Salt Year novel author', ['The Salt Year', 'Saltmarrow', 'The Orlenport Ledger'])
        .think(
          'Doc 1 says The Salt Year is a 1934 novel by Lotte Veyra. Now I need where Lotte Veyra was born.',
        )
        .search('Lotte Veyra birthplace', ['Lotte Veyra', 'Quill Harbour', 'The Salt Year'])
        // Generation stops at the token limit in the middle of a long re-verification.
        .text(
          '<think>Doc 1 says Lotte Veyra (1902–1988) was a Velorian novelist born in Quill Harbour. Doc 2 also lists her among the people born in Quill Harbour, together with Admiral Piet Osgaard. Before answering I want to make sure she was not only raised there, because Doc 1 also says she later settled in Casmere and wrote a weekly column for The Orlenport Ledger, and Doc 3 places her novel in Saltmarrow, which might mean that she',
        )
        .toString(),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Files

export interface DemoManifest {
  files: Array<{ path: string; format: string; label: string }>;
}

export const DEMO_MANIFEST: DemoManifest = {
  files: [
    {
      path: `demo/${DEMO_FILES.hopscope}`,
      format: 'hopscope',
      label: 'Veloria demo: APEX-Searcher, QAgent, ExSearch and When-to-Search runs',
    },
    {
      path: `demo/${DEMO_FILES.searchR1}`,
      format: 'search-r1',
      label: 'Veloria demo: Search-R1 transcripts (good and failing runs)',
    },
  ],
};

const jsonl = (rows: readonly unknown[]): string => `${rows.map((x) => JSON.stringify(x)).join('\n')}\n`;

/** The demo files' contents, by file name. */
export function renderDemoFiles(): Record<string, string> {
  return {
    [DEMO_FILES.hopscope]: jsonl(hopscopeTrajectories()),
    [DEMO_FILES.searchR1]: jsonl(searchR1Records()),
    [DEMO_FILES.manifest]: `${JSON.stringify(DEMO_MANIFEST, null, 2)}\n`,
  };
}

/** Writes the demo files into `outDir`; returns the paths written. */
export function writeDemo(outDir: string): string[] {
  mkdirSync(outDir, { recursive: true });
  return Object.entries(renderDemoFiles()).map(([name, content]) => {
    const path = join(outDir, name);
    writeFileSync(path, content);
    return path;
  });
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(resolve(entry)).href) {
  const outDir = resolve(process.argv[2] ?? 'public/demo');
  for (const p of writeDemo(outDir)) console.log(`wrote ${p}`);
}
