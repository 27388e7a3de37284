import { describe, expect, it } from 'vitest';
import { hash53 } from '../hash';
import { canonicalJson } from '../io/canonical';
import { keyValue } from '../otel/otlp-json';
import { SCHEMA_ID, type Trajectory } from '../schema/trajectory';
import { otlpRequestText, otlpSpan, spanHex } from '../../testing/otlp-traces';
import { detectFormat, type ImportBatch, importAll, importBatches, stringChunks } from './pipeline';
import { fixture } from '../../testing/importer-fixture-files';

const byLine = <T extends { line: number }>(list: readonly T[]) => [...list].sort((a, b) => a.line - b.line);

/** A valid Hopscope trajectory, as Hopscope itself exports it. */
function hopscope(id: string, extra: Partial<Trajectory> = {}): Trajectory {
  return {
    schema: SCHEMA_ID,
    id,
    question: `Question ${id}?`,
    source: { kind: 'import', format: 'qagent', file: 'original.jsonl', line: 7 },
    agent: { strategy: 'qagent', params: {} },
    steps: [{ id: 's0', index: 0, kind: 'search', hop: 1, queries: [`query ${id}`] }],
    answer: { text: `answer ${id}` },
    finishReason: 'answer',
    ...extra,
  };
}

/** A small FlashRAG record (no id of its own in Hopscope terms: the pipeline assigns one). */
const flashrag = (qid: string, question: string) =>
  JSON.stringify({ id: qid, question, golden_answers: ['Paris'], output: { pred: 'Paris' } });

describe('importAll: good and bad records in one file', () => {
  it('Hopscope JSONL: keeps every good line, reports each bad one with file, line, reason, field', async () => {
    const h1 = hopscope('h1');
    const h3 = hopscope('h3');
    const text = [
      JSON.stringify(h1),
      '',
      '{"schema": "hopscope.trajectory/1", "id": "broken"',
      JSON.stringify(hopscope('h2', { steps: [{ id: 's0', index: 0, kind: 'bogus' as 'search' }] })),
      JSON.stringify(h3),
      JSON.stringify({ ...hopscope('h4'), question: 42 }),
    ].join('\n');
    const r = await importAll(stringChunks(text), { file: 'mine.jsonl' });
    expect(r.format).toBe('hopscope');
    expect(r.container).toBe('jsonl');
    expect(r.records).toBe(5);
    expect(r.imported).toBe(2);
    // Hopscope's own export round-trips exactly (its stored source is kept).
    expect(r.trajectories).toEqual([h1, h3]);
    const errors = byLine(r.errors);
    expect(errors.map((e) => [e.file, e.line, e.field])).toEqual([
      ['mine.jsonl', 3, undefined],
      ['mine.jsonl', 4, 'steps.0.kind'],
      ['mine.jsonl', 6, 'question'],
    ]);
    expect(errors[0]!.message).toMatch(/^invalid JSON: /);
    expect(errors[1]!.message).toMatch(/^field steps\.0\.kind: /);
    expect(errors[2]!.message).toMatch(/^field question: /);
  });

  it('QAgent fixture: three trajectories from lines 1-3, line 4 reported with its field', async () => {
    const r = await importAll(stringChunks(fixture('qagent.jsonl')), { file: 'qagent.jsonl' });
    expect(r.format).toBe('qagent');
    expect(r.records).toBe(4);
    expect(r.imported).toBe(3);
    expect(r.trajectories.map((t) => [t.source.file, t.source.line, t.source.qid])).toEqual([
      ['qagent.jsonl', 1, 'qa-1'],
      ['qagent.jsonl', 2, 'qa-2'],
      ['qagent.jsonl', 3, 'qa-3'],
    ]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ file: 'qagent.jsonl', line: 4, field: 'output' });
    expect(r.errors[0]!.message).toMatch(/^no transcript: expected one of messages, output/);
  });

  it('ExSearch fixture: two trajectories, lines 3 and 4 reported with their field paths', async () => {
    const r = await importAll(stringChunks(fixture('exsearch.jsonl')), { file: 'ex.jsonl' });
    expect(r.format).toBe('exsearch');
    expect(r.trajectories.map((t) => t.source.line)).toEqual([1, 2]);
    expect(byLine(r.errors)).toEqual([
      {
        file: 'ex.jsonl',
        line: 3,
        field: 'messages.2.content',
        message: 'each message needs a string `content`',
      },
      {
        file: 'ex.jsonl',
        line: 4,
        field: 'messages',
        message: 'a document-selection sample, not a search trajectory',
      },
    ]);
  });

  it('JSON array: each trajectory keeps the line its element starts on', async () => {
    const text = [
      '[',
      `  ${flashrag('q1', 'Capital of France?')},`,
      '  {"id": "q2",',
      '   "question": "Largest city of France?",',
      '   "golden_answers": ["Paris"], "output": {"pred": "Lyon"}}',
      ']',
    ].join('\n');
    const r = await importAll(stringChunks(text, 10), { file: 'intermediate_data.json' });
    expect(r.format).toBe('flashrag');
    expect(r.container).toBe('json-array');
    expect(r.errors).toEqual([]);
    expect(r.trajectories.map((t) => [t.source.qid, t.source.line, t.answer?.text])).toEqual([
      ['q1', 2, 'Paris'],
      ['q2', 3, 'Lyon'],
    ]);
  });

  it('plain-text transcript: one record', async () => {
    const r = await importAll(stringChunks(fixture('qagent.txt'), 100), { file: 'qagent.txt' });
    expect([r.format, r.container, r.records, r.imported, r.errors.length]).toEqual([
      'qagent',
      'text',
      1,
      1,
      0,
    ]);
  });
});

describe('importAll: format choice', () => {
  it('uses the format the user chose instead of detecting one', async () => {
    const text = `${flashrag('q1', 'Capital of France?')}\n${flashrag('q2', 'Capital of Italy?')}\n`;
    const r = await importAll(stringChunks(text), { file: 'fr.jsonl', format: 'hopscope' });
    expect(r.format).toBe('hopscope');
    expect(r.imported).toBe(0);
    expect(r.errors).toEqual([
      {
        file: 'fr.jsonl',
        line: 1,
        field: 'schema',
        message: 'expected schema "hopscope.trajectory/1", got undefined',
      },
      {
        file: 'fr.jsonl',
        line: 2,
        field: 'schema',
        message: 'expected schema "hopscope.trajectory/1", got undefined',
      },
    ]);
  });

  it('an unknown format id gives one clear error and reads nothing', async () => {
    const r = await importAll(stringChunks(flashrag('q1', 'Capital of France?')), {
      file: 'a.jsonl',
      format: 'nope',
    });
    expect(r).toEqual({
      file: 'a.jsonl',
      format: null,
      container: null,
      records: 0,
      imported: 0,
      errors: [{ file: 'a.jsonl', line: 0, message: 'unknown format "nope"' }],
      annotations: 0,
      trajectories: [],
      annotationList: [],
    });
  });

  it('records that no format claims are reported, naming the formats tried', async () => {
    const r = await importAll(stringChunks('{"foo":1}\n{"foo":2}\n'), { file: 'f.jsonl' });
    expect(r.format).toBeNull();
    expect(r.records).toBe(2);
    expect(r.imported).toBe(0);
    expect(r.errors).toEqual([
      {
        file: 'f.jsonl',
        line: 1,
        message:
          'could not recognise the format of 2 records (lines 1–2) (tried hopscope, flashrag, exsearch, qagent, apex, verl, search-r1, otlp, phoenix); choose one explicitly',
      },
    ]);
  });

  it('an empty file says it holds no records', async () => {
    const r = await importAll(stringChunks(''), { file: 'empty.jsonl' });
    expect(r.records).toBe(0);
    expect(r.errors).toEqual([{ file: 'empty.jsonl', line: 0, message: 'the file holds no records' }]);
  });

  it('detectFormat picks the format that claims the sample, or null', () => {
    expect(detectFormat([hopscope('h1')])?.id).toBe('hopscope');
    expect(detectFormat([JSON.parse(flashrag('q1', 'Capital of France?'))])?.id).toBe('flashrag');
    expect(detectFormat([fixture('apex-plan.txt')])?.id).toBe('apex');
    expect(detectFormat([{ foo: 1 }])).toBeNull();
    expect(detectFormat([])).toBeNull();
  });
});

describe('importAll: stable ids', () => {
  const A = flashrag('q1', 'Capital of France?');
  const B = flashrag('q2', 'Capital of Italy?');
  const text = [A, B, A, A].join('\n');

  it('is content-addressed: same content, same ids, on every import', async () => {
    const first = await importAll(stringChunks(text), { file: 'fr.jsonl' });
    const second = await importAll(stringChunks(text, 5), { file: 'fr.jsonl' });
    const ids = first.trajectories.map((t) => t.id);
    expect(second.trajectories.map((t) => t.id)).toEqual(ids);
    const base = `t_${hash53(`flashrag\n${canonicalJson(JSON.parse(A))}`)}`;
    expect(ids[0]).toBe(base);
    // Nor does the order of keys (the canonical form sorts them).
    const parsed = JSON.parse(A) as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(parsed).reverse());
    expect(Object.keys(reordered)).not.toEqual(Object.keys(parsed));
    const shuffled = await importAll(stringChunks(JSON.stringify(reordered)), { file: 'fr.jsonl' });
    expect(shuffled.trajectories.map((t) => t.id)).toEqual([base]);
    // Whitespace in the file does not change the id (it hashes the parsed record).
    const spaced = await importAll(stringChunks(JSON.stringify(JSON.parse(A), null, 1)), { file: 'fr.json' });
    expect(spaced.trajectories.map((t) => t.id)).toEqual([base]);
  });

  it('identical records within a file get distinct ids with an occurrence suffix', async () => {
    const r = await importAll(stringChunks(text), { file: 'fr.jsonl' });
    const ids = r.trajectories.map((t) => t.id);
    const base = ids[0]!;
    expect(ids).toEqual([base, ids[1], `${base}-1`, `${base}-2`]);
    expect(ids[1]).not.toBe(base);
    expect(new Set(ids).size).toBe(4);
    expect(r.trajectories.map((t) => t.source.line)).toEqual([1, 2, 3, 4]);
  });

  it('a forced format that matches detection gives the same ids', async () => {
    const auto = await importAll(stringChunks(text), { file: 'fr.jsonl' });
    const forced = await importAll(stringChunks(text), { file: 'fr.jsonl', format: 'flashrag' });
    expect(forced.trajectories.map((t) => t.id)).toEqual(auto.trajectories.map((t) => t.id));
  });
});

describe('importBatches', () => {
  const text = ['a', 'b', 'c', 'd', 'e'].map((q) => flashrag(q, `Question ${q}?`)).join('\n');

  it('yields batches of the requested size with running progress', async () => {
    const gen = importBatches(stringChunks(text, 16), { file: 'fr.jsonl', format: 'flashrag', batchSize: 2 });
    const batches: ImportBatch[] = [];
    let r = await gen.next();
    while (!r.done) {
      batches.push(r.value);
      r = await gen.next();
    }
    expect(batches.map((b) => b.trajectories.map((t) => t.source.qid))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e'],
    ]);
    expect(batches.map((b) => [b.progress.records, b.progress.imported, b.progress.errors])).toEqual([
      [2, 2, 0],
      [4, 4, 0],
      [5, 5, 0],
    ]);
    expect(batches.at(-1)!.progress.chars).toBe(text.length);
    expect(r.value).toMatchObject({
      format: 'flashrag',
      container: 'jsonl',
      records: 5,
      imported: 5,
      errors: [],
    });
  });

  /** The sizes of the batches a file yields. */
  async function batchSizes(file: string, opts: { batchChars?: number } = {}): Promise<number[]> {
    const sizes: number[] = [];
    const gen = importBatches(stringChunks(file, 4096), { file: 'fr.jsonl', format: 'flashrag', ...opts });
    for (let r = await gen.next(); !r.done; r = await gen.next()) sizes.push(r.value.trajectories.length);
    return sizes;
  }

  it('stores near a thousand records a transaction by default (one batch each)', async () => {
    const many = Array.from({ length: 2500 }, (_, i) => flashrag(`q${i}`, `Question ${i}?`)).join('\n');
    expect(await batchSizes(many)).toEqual([1000, 1000, 500]);
  });

  it('cuts a batch at its character bound: big records make smaller batches', async () => {
    const big = Array.from({ length: 200 }, (_, i) =>
      flashrag(`q${i}`, `Question ${i}? ${'x'.repeat(2000)}`),
    );
    expect(await batchSizes(big.join('\n'))).toEqual([200]);
    const sizes = await batchSizes(big.join('\n'), { batchChars: 100_000 });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(200);
    // The decoder reads 64 KB ahead: a batch closes within that of its bound (≈ 50 records of 2 KB).
    expect(Math.max(...sizes)).toBeLessThanOrEqual(85);
    expect(sizes.length).toBeGreaterThanOrEqual(3);
  });

  it('stops with an AbortError once the signal is aborted', async () => {
    const run = importAll(stringChunks(text), { file: 'fr.jsonl', signal: AbortSignal.abort() });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('hopscope detection with a stray line', () => {
  it('still recognises a Hopscope file whose sample holds one foreign record', async () => {
    const good = (q: string) =>
      JSON.stringify({
        schema: 'hopscope.trajectory/1',
        id: q,
        question: q,
        source: { kind: 'import' },
        agent: { strategy: 'x', params: {} },
        steps: [],
      });
    const text = [good('a'), '{"schema": "something/else"}', good('b'), good('c')].join('\n');
    const r = await importAll(stringChunks(text), { file: 'mixed.jsonl' });
    expect(r.format).toBe('hopscope');
    expect(r.trajectories.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(r.errors.map((e) => [e.line, e.field])).toEqual([[2, 'schema']]);
  });
});

describe('no record becomes an empty trajectory silently', () => {
  it('a record a format reads into no steps is reported, naming the format', async () => {
    const questionOnly = JSON.stringify({ id: 'q9', question: 'Where?', golden_answers: ['Rome'] });
    const text = [flashrag('q1', 'Who?'), questionOnly, flashrag('q2', 'When?')].join('\n');
    const r = await importAll(stringChunks(text), { file: 'f.jsonl', format: 'flashrag' });
    expect([r.records, r.imported]).toEqual([3, 2]);
    expect(r.errors).toEqual([
      { file: 'f.jsonl', line: 2, message: 'read as flashrag, the record yields no steps; not imported' },
    ]);
  });

  it('a question answered without steps is no empty record: an OTLP trace that is only its AGENT span', async () => {
    const root = otlpSpan({ id: spanHex(1), kind: 'AGENT', at: 0, text: 'Capital of France?' });
    const trace = (answer: string) =>
      otlpRequestText([{ id: spanHex(1), kind: 'AGENT', at: 0, text: 'Capital of France?' }]).replace(
        JSON.stringify(root.attributes),
        JSON.stringify([...root.attributes, keyValue('output.value', answer)]),
      );
    const r = await importAll(stringChunks(trace('Paris')), { file: 'o.json' });
    expect(r.errors).toEqual([]);
    expect(r.trajectories).toHaveLength(1);
    expect(r.trajectories[0]).toMatchObject({
      question: 'Capital of France?',
      steps: [],
      answer: { text: 'Paris' },
    });
    // A blank answer is no answer: no steps and no answer is still reported.
    const blank = await importAll(stringChunks(trace(' ')), { file: 'b.json' });
    expect([blank.imported, blank.errors.map((e) => e.message)]).toEqual([
      0,
      ['read as otlp, the record yields no steps; not imported'],
    ]);
  });

  it('a stored trajectory with no steps re-imports; one with no question and no steps is reported', async () => {
    const text = [
      JSON.stringify(hopscope('a', { steps: [] })),
      JSON.stringify(hopscope('b', { steps: [], question: ' ' })),
    ].join('\n');
    const r = await importAll(stringChunks(text), { file: 'h.jsonl' });
    expect(r.trajectories.map((t) => t.id)).toEqual(['a']);
    expect(r.errors).toEqual([
      expect.objectContaining({
        line: 2,
        message: expect.stringMatching(/hopscope, the record yields no question and no steps/),
      }),
    ]);
  });

  it('a transcript file that is one JSON string is reported, not imported with no question', async () => {
    const r = await importAll(stringChunks('"<search>x</search>"'), { file: 's.json' });
    expect([r.records, r.imported, r.errors.map((e) => e.line)]).toEqual([1, 0, [1]]);
  });
});
