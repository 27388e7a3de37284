import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trajectory } from '../../schema/trajectory';
import { importAll, stringChunks } from '../pipeline';
import { parseDocs, parseTaggedTranscript } from './tagged-transcript';

const R1_FILE = 'r1searcher_bamboogle_qwen.jsonl';
const r1Text = readFileSync(resolve(__dirname, '../../../../../shared/data/trajectories', R1_FILE), 'utf8');

const kinds = (t: { steps: ReadonlyArray<{ kind: string }> }) => t.steps.map((s) => s.kind);
const byLine = (ts: Trajectory[], line: number) => {
  const t = ts.find((x) => x.source.line === line);
  if (!t) throw new Error(`no trajectory from line ${line}`);
  return t;
};

describe('R1-Searcher eval log (real file)', () => {
  let r: Awaited<ReturnType<typeof importAll>>;
  beforeAll(async () => {
    r = await importAll(stringChunks(r1Text), { file: R1_FILE });
  });

  it('auto-detects the tagged format and imports every record', () => {
    expect(r.format).toBe('search-r1');
    expect(r.container).toBe('jsonl');
    expect(r.records).toBe(125);
    expect(r.imported).toBe(125);
    expect(r.errors).toEqual([]);
    expect(r.trajectories.every((t) => t.agent.strategy === 'r1-searcher')).toBe(true);
    expect(
      r.trajectories.every((t) => t.source.system === 'r1-searcher' && t.source.format === 'search-r1'),
    ).toBe(true);
  });

  it('finds every query and document block (248 searches, 5 docs each)', () => {
    const steps = r.trajectories.flatMap((t) => t.steps);
    expect(steps.filter((s) => s.kind === 'search')).toHaveLength(248);
    const retrieves = steps.filter((s) => s.kind === 'retrieve');
    expect(retrieves).toHaveLength(248);
    expect(retrieves.every((s) => s.docs?.length === 5 && s.docs.every((d) => d.title && d.text))).toBe(true);
    expect(steps.some((s) => s.kind === 'invalid')).toBe(false);
  });

  // Of the 1,240 documents of this log, 100 % are titled (all in the `(i)title   text` layout;
  // the CSV-quoted `(i)"Title: …"` layout of other R1-Searcher logs is covered in parseDocs below).
  // 34 carry doubled quotes: the `""word""` pairs (CSV escapes) are undone; the 37 `""` left, in
  // 28 documents, are the corpus's own text, kept as data: empty quotations whose linked title
  // was dropped (`album "" - The poem`) and a quote opening a quoted title (`said, ""Moby-Dick"`).
  it('imports every document titled, with no `Title:` prefix and no doubled-quote pair left', () => {
    const docs = r.trajectories.flatMap((t) => t.steps.flatMap((s) => s.docs ?? []));
    expect(docs).toHaveLength(1240);
    const titled = docs.filter((d) => d.title !== undefined && d.title !== '');
    expect(titled.length / docs.length).toBe(1);
    expect(docs.filter((d) => /^\s*"?Title:/.test(d.text))).toEqual([]);
    expect(docs.filter((d) => /""(?=[^\s"])[^"\n]*?[^\s"]""/.test(d.text)).map((d) => d.text)).toEqual([]);
    // Nested quotes stay: `said, ""Moby-Dick" didn't` opens a quote that opens a title.
    expect(docs.some((d) => d.text.includes('Bowker said, ""Moby-Dick" didn\'t'))).toBe(true);
    expect(docs.find((d) => d.text.includes('One World, One Dream'))?.text).toContain(
      '"One World, One Dream" (',
    );
  });

  it('keeps every step raw as an exact substring of the transcript', () => {
    for (const t of r.trajectories) for (const s of t.steps) if (s.raw) expect(t.raw).toContain(s.raw);
  });

  it('line 3: one query, `(i)title   text` docs, wrong answer with the file verdict in reported', () => {
    const t = byLine(r.trajectories, 3);
    expect(t.question).toBe('What is the third letter of the top level domain of the military?');
    expect(kinds(t)).toEqual(['think', 'search', 'retrieve', 'think', 'answer']);
    const search = t.steps[1];
    expect(search?.queries).toEqual(['military top level domain']);
    expect(search?.hop).toBe(1);
    expect(search?.raw).toBe('<|begin_of_query|> military top level domain<|end_of_query|>');
    const docs = t.steps[2]?.docs ?? [];
    expect(docs.map((d) => d.title)).toEqual(['.mil', '.mil', '.mil', '.mil', 'SIPRNet']);
    expect(docs.map((d) => d.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(docs[0]?.text.startsWith('.mil The domain name mil is the sponsored top-level domain')).toBe(true);
    expect(docs[3]?.text).toBe('.mil whois information - List of Mil Domains');
    expect(docs.every((d) => d.query === 'military top level domain')).toBe(true);
    expect(t.answer?.text).toBe('i');
    expect(t.gold?.answers).toEqual(['l']);
    expect(t.reported).toEqual({ pred_ans: ' i ', judge: false });
    expect(t.finishReason).toBe('finished');
  });

  it('line 21: two hops with their queries, titles and ranks', () => {
    const t = byLine(r.trajectories, 21);
    const searches = t.steps.filter((s) => s.kind === 'search');
    expect(searches.map((s) => s.queries)).toEqual([
      ['Citibank founding year'],
      ['president of the United States in 1812'],
    ]);
    expect(searches.map((s) => s.turn)).toEqual([1, 2]);
    const retrieves = t.steps.filter((s) => s.kind === 'retrieve');
    expect(retrieves.map((s) => s.hop)).toEqual([1, 2]);
    expect(retrieves[0]?.docs?.map((d) => d.title)).toEqual([
      'Citibank (China)',
      'Citibank',
      'Citibank',
      'Citigroup',
      'Citigroup',
    ]);
    expect(retrieves[1]?.docs?.[1]).toMatchObject({
      id: 'h2d2',
      title: '1812 United States presidential election',
      rank: 2,
      query: 'president of the United States in 1812',
    });
    expect(t.answer?.text).toBe('James Madison');
    expect(t.reported?.judge).toBe(true);
  });

  it('line 125: a repeated query brings back only duplicates', () => {
    const t = byLine(r.trajectories, 125);
    const retrieves = t.steps.filter((s) => s.kind === 'retrieve');
    expect(retrieves).toHaveLength(4);
    expect(retrieves[3]?.docs?.every((d) => d.duplicate)).toBe(true);
    expect(retrieves[0]?.docs?.some((d) => d.duplicate)).toBe(false);
  });

  it('line 1: an answer without search is think + answer, opened by a stray </think>', () => {
    const t = byLine(r.trajectories, 1);
    expect(kinds(t)).toEqual(['think', 'answer']);
    expect(t.steps[0]?.raw?.endsWith('</think>')).toBe(true);
    expect(t.answer?.text).toBe('Yes');
  });

  it('line 103: the answer comes from the transcript, not the file prediction', () => {
    // The log's pred_ans ("July 27, 1953") differs from its own <answer> tag.
    const t = byLine(r.trajectories, 103);
    expect(t.answer?.text).toBe('27 July 1953');
    expect(t.reported?.pred_ans).toBe('July 27, 1953');
  });

  it('gives identical ids on re-import', async () => {
    const again = await importAll(stringChunks(r1Text, 4096), { file: R1_FILE });
    expect(again.trajectories.map((t) => t.id)).toEqual(r.trajectories.map((t) => t.id));
    expect(new Set(again.trajectories.map((t) => t.id)).size).toBe(125);
  });
});

describe('parseTaggedTranscript', () => {
  it('reads Search-R1 think / search / information / answer', () => {
    const text =
      '<think> I need the founding year. </think>\n<search> Citibank founded </search>\n\n' +
      '<information>Doc 1(Title: "Exploration of Uranus") Uranus was visited.\n' +
      'Doc 2(Title: In Utero (album)) In Utero is an album.\nDoc 3(Title: Uranus) the planet</information>\n' +
      '<think>It was 1812.</think><answer> James Madison </answer>';
    const p = parseTaggedTranscript(text);
    expect(kinds(p)).toEqual(['think', 'search', 'retrieve', 'think', 'answer']);
    expect(p.steps.map((s) => s.turn)).toEqual([1, 1, 1, 2, 2]);
    expect(p.steps[1]).toMatchObject({
      queries: ['Citibank founded'],
      hop: 1,
      raw: '<search> Citibank founded </search>',
    });
    expect(p.steps[2]?.docs).toEqual([
      {
        id: 'h1d1',
        title: 'Exploration of Uranus',
        text: 'Uranus was visited.',
        rank: 1,
        query: 'Citibank founded',
      },
      {
        id: 'h1d2',
        title: 'In Utero (album)',
        text: 'In Utero is an album.',
        rank: 2,
        query: 'Citibank founded',
      },
      { id: 'h1d3', title: 'Uranus', text: 'the planet', rank: 3, query: 'Citibank founded' },
    ]);
    expect(p.answer).toBe('James Madison');
    expect(p.answerClosed).toBe(true);
    expect(p.cutOff).toBe(false);
    expect(p.markers).toEqual({ searchR1: true, r1Searcher: false, reflect: false });
    for (const s of p.steps) expect(text).toContain(s.raw);
  });

  it('treats text outside tags before a search as reasoning', () => {
    const p = parseTaggedTranscript('First find the year.\n<search>year</search>');
    expect(p.steps[0]).toMatchObject({ kind: 'think', text: 'First find the year.', turn: 1 });
    expect(p.steps[1]).toMatchObject({ kind: 'search', queries: ['year'], turn: 1 });
  });

  it('keeps an unclosed final answer (generation cut off)', () => {
    const p = parseTaggedTranscript('<think>so</think><answer> Paris');
    expect(p.answer).toBe('Paris');
    expect(p.answerClosed).toBe(false);
    expect(p.cutOff).toBe(true);
    expect(p.steps.at(-1)).toMatchObject({ kind: 'answer', text: 'Paris', raw: '<answer> Paris' });
  });

  it('drops an end-of-turn marker from an unclosed answer', () => {
    const p = parseTaggedTranscript('<answer> Paris<|im_end|>');
    expect(p.answer).toBe('Paris');
    expect(p.cutOff).toBe(true);
  });

  it('flags a cut-off turn with no action as invalid', () => {
    const p = parseTaggedTranscript(
      '<search>a</search><information>Doc 1(Title: A) x</information><think> still thin',
    );
    expect(kinds(p)).toEqual(['search', 'retrieve', 'think', 'invalid']);
    expect(p.steps.at(-1)?.error).toMatch(/cut off/);
    expect(p.cutOff).toBe(true);
  });

  it('turns an empty search into an invalid step and does not count it as a hop', () => {
    const p = parseTaggedTranscript(
      '<think>hmm</think><search>  </search><information>Doc 1(Title: X) y</information><search>q2</search>',
    );
    expect(kinds(p)).toEqual(['think', 'invalid', 'retrieve', 'search']);
    expect(p.steps[1]).toMatchObject({ error: 'empty search query', raw: '<search>  </search>', turn: 1 });
    expect(p.steps[2]?.hop).toBeUndefined();
    expect(p.steps[2]?.docs?.[0]).toMatchObject({ id: 'b1d1', title: 'X', text: 'y' });
    expect(p.steps[3]).toMatchObject({ hop: 1, turn: 2 });
    expect(p.searches).toBe(1);
  });

  it("splits on Search-R1's invalid-action notice", () => {
    const p = parseTaggedTranscript(
      'I will look it up.\nMy previous action is invalid. If I want to search, I should put the query between <search> and </search>. Let me try again.\n<search>q</search>',
    );
    // The notice quotes the tags; its own `<search>` is not an action.
    expect(kinds(p)).toEqual(['think', 'invalid', 'search']);
    expect(p.steps[2]).toMatchObject({ queries: ['q'], turn: 2 });
    expect(p.steps[1]?.error).toMatch(/previous action is invalid/);
    expect(p.steps[1]?.turn).toBe(1);
  });

  it('reads When-to-Search reflect steps', () => {
    const p = parseTaggedTranscript(
      '<think>I know this.</think><reflect>My knowledge suffices.</reflect><answer>Paris</answer>',
    );
    expect(kinds(p)).toEqual(['think', 'reflect', 'answer']);
    expect(p.markers.reflect).toBe(true);
  });

  it('counts the last of repeated answers', () => {
    const p = parseTaggedTranscript('<answer>London</answer> wait <answer>Paris</answer>');
    expect(p.answer).toBe('Paris');
    expect(kinds(p)).toEqual(['answer', 'think', 'answer']);
  });

  it('accepts odd whitespace in tags and drops chat-template markers', () => {
    const p = parseTaggedTranscript(
      '<|im_start|>system\nYou are helpful. Use <search> q </search>.<|im_end|>\n<|im_start|>user\nQuestion: x?<|im_end|>\n' +
        '<|im_start|>assistant\n< think >\n reasoning \n</ think >\n<search >\n  two   words \n</search>\n< answer >42</answer ><|im_end|>',
    );
    expect(kinds(p)).toEqual(['think', 'search', 'answer']);
    expect(p.steps[0]?.text).toBe('reasoning');
    expect(p.steps[1]?.queries).toEqual(['two words']);
    expect(p.answer).toBe('42');
  });

  it('reads R1-Searcher markers, a stray </think> and `Title: … Text: …` docs', () => {
    const p = parseTaggedTranscript(
      'Look it up. <|begin_of_query|> capital of France<|end_of_query|>\n\n<|begin_of_documents|>\n' +
        '(1)Title: Paris Text: Paris is the capital.\n(2)Title: France (country) Text: A country.\n<|end_of_documents|>\n' +
        'So Paris.</think>\n\n <answer> Paris </answer>',
    );
    expect(kinds(p)).toEqual(['think', 'search', 'retrieve', 'think', 'answer']);
    expect(p.markers).toEqual({ searchR1: false, r1Searcher: true, reflect: false });
    expect(p.steps[2]?.docs?.map((d) => [d.title, d.text, d.rank])).toEqual([
      ['Paris', 'Paris is the capital.', 1],
      ['France (country)', 'A country.', 2],
    ]);
    expect(p.steps[3]?.raw).toBe('So Paris.</think>');
  });

  it('reads several <query> children of one search as one action', () => {
    const p = parseTaggedTranscript('<search><query>a b</query><query>c</query></search>');
    expect(p.steps[0]).toMatchObject({ kind: 'search', queries: ['a b', 'c'], hop: 1 });
  });

  it('flags a transcript with no action at all', () => {
    const p = parseTaggedTranscript('Just some thoughts.');
    expect(kinds(p)).toEqual(['think', 'invalid']);
    expect(p.answer).toBeUndefined();
  });
});

describe('parseDocs', () => {
  it('unescapes CSV-quoted titles and keeps parentheses', () => {
    const docs = parseDocs('Doc 1(Title: "The ""Best"" (film)") text here', 'h1');
    expect(docs[0]).toMatchObject({ title: 'The "Best" (film)', text: 'text here' });
  });

  it('reads the `(i)title   text` layout of released R1-Searcher logs', () => {
    const docs = parseDocs(
      '\n(1).mil   .mil The domain.\n(2)Defence Science and Technology Laboratory   DARPA – US\n',
      'h3',
      'q',
    );
    expect(docs).toEqual([
      { id: 'h3d1', title: '.mil', text: '.mil The domain.', rank: 1, query: 'q' },
      {
        id: 'h3d2',
        title: 'Defence Science and Technology Laboratory',
        text: 'DARPA – US',
        rank: 2,
        query: 'q',
      },
    ]);
  });

  it("reads R1-Searcher items CSV-quoted whole, quoted or not, in one block (the issue's example)", () => {
    const docs = parseDocs(
      '\n(4)Title: Mary Poppins (film) Text: A 1964 film.\n' +
        '(5)"Title: Mary Poppins Opens the Door Text:  The third book in the ""Mary Poppins"" series, by P. L. Travers."\n' +
        '(6)"Title: Mary Poppins Comes Back Text: The ""Mary Poppins"" sequel, cut off\n',
      'h2',
    );
    expect(docs.map((d) => [d.title, d.text])).toEqual([
      ['Mary Poppins (film)', 'A 1964 film.'],
      ['Mary Poppins Opens the Door', 'The third book in the "Mary Poppins" series, by P. L. Travers.'],
      ['Mary Poppins Comes Back', 'The "Mary Poppins" sequel, cut off'],
    ]);
  });

  it('unquotes a CSV-quoted `(i)"title"   text` item and doubled pairs in plain text (real log line)', () => {
    const docs = parseDocs(
      '\n(1)"""Heroes"" (TV series)"   Heroes is a drama.\n' +
        '(2)2008 Summer Olympics marketing   Symbols.:Slogan. The slogan for the 2008 Olympics is ""One World, One Dream"" (.) The slogan',
      'h1',
    );
    expect(docs.map((d) => [d.title, d.text])).toEqual([
      ['"Heroes" (TV series)', 'Heroes is a drama.'],
      [
        '2008 Summer Olympics marketing',
        'Symbols.:Slogan. The slogan for the 2008 Olympics is "One World, One Dream" (.) The slogan',
      ],
    ]);
  });

  it('falls back to one doc for unknown layouts', () => {
    expect(parseDocs('  some text  ', 'h1')).toEqual([{ id: 'h1d1', text: 'some text', rank: 1 }]);
    expect(parseDocs('   ', 'h1')).toEqual([]);
  });
});

describe('tagged records', () => {
  it('reads a plain-text transcript file as one record', async () => {
    const text = 'Question: Who wrote Hamlet?\n<think>Easy.</think><answer>Shakespeare</answer>\n';
    const r = await importAll(stringChunks(text), { file: 't.txt' });
    expect(r.format).toBe('search-r1');
    expect(r.trajectories[0]).toMatchObject({
      question: 'Who wrote Hamlet?',
      answer: { text: 'Shakespeare' },
      finishReason: 'answer',
      agent: { strategy: 'search-r1' },
    });
  });

  it('reads common JSON keys, falls back to the prediction, and reports a missing question by line', async () => {
    const lines = [
      {
        id: 'q1',
        question: 'A?',
        golden_answers: ['a'],
        output: '<search>x</search><information>(1)t   body</information>',
      },
      { qid: 7, response: '<think>hmm</think><answer>b</answer>', gold_answer: 'b' },
      { question: 'C?', generation: '<reflect>ok</reflect> done', prediction: 'c', answers: ['c', 'see'] },
    ];
    const r = await importAll(stringChunks(lines.map((l) => JSON.stringify(l)).join('\n')), {
      file: 'x.jsonl',
    });
    expect(r.format).toBe('search-r1');
    expect(r.records).toBe(3);
    expect(r.imported).toBe(2);
    expect(r.errors).toEqual([
      { file: 'x.jsonl', line: 2, field: 'question', message: 'missing field "question"' },
    ]);
    const [a, c] = r.trajectories;
    expect(a).toMatchObject({
      source: { qid: 'q1', line: 1 },
      gold: { answers: ['a'] },
      finishReason: 'no-answer',
    });
    expect(a?.steps.find((s) => s.kind === 'retrieve')?.docs?.[0]).toMatchObject({
      title: 't',
      text: 'body',
    });
    expect(c).toMatchObject({
      answer: { text: 'c' },
      reported: { prediction: 'c' },
      gold: { answers: ['c', 'see'] },
      agent: { strategy: 'when-to-search' },
    });
  });
});
