import { describe, expect, it } from 'vitest';
import { passageId } from './common';
import { detectDataset, loadDataset, openDatasetStream } from './registry';
import { loadColumnMapped } from './column-mapped';
import { parseAnswers, suggestMapping } from './column-mapping';

describe('suggestMapping', () => {
  it('reads common header names', () => {
    expect(suggestMapping(['id', 'text', 'title'])).toEqual({ id: 'id', text: 'text', title: 'title' });
    expect(suggestMapping(['_id', 'question', 'golden_answers'])).toEqual({
      id: '_id',
      question: 'question',
      answers: 'golden_answers',
    });
    expect(suggestMapping(['Question', 'Answer'])).toEqual({ question: 'Question', answers: 'Answer' });
    expect(suggestMapping(['doc_id', 'Page Title', 'contents'])).toEqual({
      id: 'doc_id',
      title: 'Page Title',
      text: 'contents',
    });
    expect(suggestMapping(['qid', 'user_query', 'gold_answer_list', 'passage'])).toEqual({
      id: 'qid',
      question: 'user_query',
      answers: 'gold_answer_list',
      text: 'passage',
    });
  });

  it('does not take a model output column for passage text', () => {
    expect(suggestMapping(['question', 'answer', 'pred_ans', 'gen_text_store'])).toEqual({
      question: 'question',
      answers: 'answer',
    });
    expect(suggestMapping(['foo', 'bar'])).toEqual({});
  });
});

describe('parseAnswers', () => {
  it('reads JSON arrays, |-separated strings, numbers and lists', () => {
    expect(parseAnswers('["a", "b, c"]')).toEqual(['a', 'b, c']);
    expect(parseAnswers('Paris | City of Light |  | Paris')).toEqual(['Paris', 'City of Light']);
    expect(parseAnswers('[citation needed]')).toEqual(['[citation needed]']);
    expect(parseAnswers(1812)).toEqual(['1812']);
    expect(parseAnswers(['x', 2])).toEqual(['x', '2']);
    expect(parseAnswers('')).toEqual([]);
    expect(parseAnswers(undefined)).toEqual([]);
    expect(parseAnswers([{ a: 1 }])).toEqual({ error: 'an answer should be a string, not an object' });
    expect(parseAnswers({})).toEqual({ error: 'answers should be a list or a string, not an object' });
  });
});

describe('CSV with a header', () => {
  const csv = [
    'id,title,text,question,answers',
    '1,Paris,"Paris, the capital of France.",What is the capital of France?,"[""Paris"", ""City of Light""]"',
    '2,Multi,"Line one',
    'line two with ""quotes""",Who?,Ann|Bob',
    '3,Empty,,Why?,x',
    '4,Short,text only',
    '5,Ok,Fine text.,When?,',
  ].join('\r\n');

  it('loads passages and questions, with line numbers of multi-line records', () => {
    const r = loadColumnMapped(csv, 'qa.csv');
    expect(r.corpus?.passages).toEqual([
      { id: '1', title: 'Paris', text: 'Paris, the capital of France.' },
      { id: '2', title: 'Multi', text: 'Line one\r\nline two with "quotes"' },
      { id: '5', title: 'Ok', text: 'Fine text.' },
    ]);
    expect(
      r.questions?.questions.map((q) => [q.id, q.question, q.answers, q.supports, q.source.line]),
    ).toEqual([
      ['1', 'What is the capital of France?', ['Paris', 'City of Light'], ['1'], 2],
      ['2', 'Who?', ['Ann', 'Bob'], ['2'], 3],
      ['5', 'When?', [], ['5'], 7],
    ]);
    expect(r.errors).toEqual([
      { line: 5, field: 'text', message: 'empty text' },
      { line: 6, message: 'expected 5 cells (as in the header), found 3' },
    ]);
  });

  it('detects CSV and streams it in small chunks to the same result', () => {
    const d = detectDataset(csv, 'qa.csv');
    expect(d?.format).toBe('csv');
    const s = openDatasetStream(csv.slice(0, 10), 'qa.csv');
    if (s.format === null) throw new Error(s.error);
    for (let i = 0; i < csv.length; i += 3) s.write(csv.slice(i, i + 3));
    expect({ format: s.format, ...s.end() }).toEqual(loadDataset(csv, 'qa.csv'));
  });

  it('uses a given mapping and reports a column the header lacks', () => {
    const r = loadColumnMapped('a,b\nx,y\n', 'f.csv', { mapping: { text: 'b', title: 'a' } });
    expect(r.corpus?.passages).toEqual([{ id: passageId('x', 'y'), title: 'x', text: 'y' }]);
    expect(r.questions).toBeUndefined();
    const bad = loadColumnMapped('a,b\nx,y\n', 'f.csv', { mapping: { text: 'body' } });
    expect(bad.corpus).toBeUndefined();
    expect(bad.errors).toEqual([
      { line: 1, field: 'text', message: 'no column "body" in the header (a, b)' },
    ]);
  });

  it('says when it cannot tell which column holds what', () => {
    expect(loadColumnMapped('foo,bar\n1,2\n', 'f.csv').errors).toEqual([
      {
        line: 1,
        message:
          'cannot tell which column holds the passage text or the question: give a mapping with `text` or `question`',
      },
    ]);
    expect(loadColumnMapped('', 'f.csv').errors).toEqual([{ line: 1, message: 'the file has no records' }]);
  });

  it('reports an unclosed quote with its line and keeps the records before it', () => {
    const r = loadColumnMapped('text\nfine\n"open\nstill open', 'f.csv');
    expect(r.corpus?.passages.map((p) => p.text)).toEqual(['fine']);
    expect(r.errors).toEqual([
      {
        line: 3,
        field: 'column 1',
        message: 'a quoted field is not closed before the end of the file; record skipped',
      },
    ]);
  });

  it('reports a repeated passage id with different text', () => {
    const r = loadColumnMapped('id,text\n1,a\n1,a\n1,b\n', 'f.csv');
    expect(r.corpus?.passages).toEqual([{ id: '1', title: '', text: 'a' }]);
    expect(r.errors).toEqual([
      {
        line: 4,
        field: 'id',
        message: 'passage id "1" was already used for a different passage; record skipped',
      },
    ]);
  });
});

describe('headerless CSV (bamboogle.csv layout: question in column 1, answer in column 5)', () => {
  it('maps columns by number', () => {
    const text = 'Who wrote X?,a,b,c,Ann\n"Where, exactly?",a,b,c,Paris\n';
    const r = loadDataset(text, 'bamboogle.csv', { mapping: { question: '1', answers: '5' } });
    expect(r.format).toBe('csv');
    expect(r.errors).toEqual([]);
    expect(r.questions?.questions.map((q) => [q.question, q.answers, q.source.line])).toEqual([
      ['Who wrote X?', ['Ann'], 1],
      ['Where, exactly?', ['Paris'], 2],
    ]);
    expect(
      loadColumnMapped(text, 'f.csv', { mapping: { question: '9' }, hasHeader: false }).errors[0]?.message,
    ).toBe('no column 9: without a header, name columns by number (1..5)');
  });
});

describe('TSV', () => {
  it('reads a DPR-style passage file (id, text, title) with quoted text', () => {
    const text =
      'id\ttext\ttitle\n1\t"Aaron Aaron ( or ; ""Ahärôn"") is a prophet"\tAaron\n2\tPlain text\tB\n';
    expect(detectDataset(text, 'psgs_w100.tsv')?.format).toBe('tsv');
    const r = loadDataset(text, 'psgs_w100.tsv');
    expect(r.errors).toEqual([]);
    expect(r.corpus?.passages).toEqual([
      { id: '1', title: 'Aaron', text: 'Aaron Aaron ( or ; "Ahärôn") is a prophet' },
      { id: '2', title: 'B', text: 'Plain text' },
    ]);
  });

  it('is told apart from CSV by its first line when the name says nothing', () => {
    expect(detectDataset('id\ttext\n1\thello, world\n', 'upload')?.format).toBe('tsv');
    expect(detectDataset('id,text\n1,hello\there\n', 'upload')?.format).toBe('csv');
  });
});

describe('plain JSONL', () => {
  it('maps fields, dotted paths included, and reports bad values with line and field', () => {
    const lines = [
      { doc: { t: 'T1' }, body: 'Body one.', q: 'Q1?', a: ['x'] },
      { doc: { t: 'T2' }, body: 'Body two.', q: 'Q2?', a: 'y|z' },
      { doc: { t: 'T3' }, body: ['not', 'text'], q: 'Q3?', a: 'w' },
      { doc: { t: 'T4' }, body: 'Body four.', q: 'Q4?', a: [{ bad: true }] },
      [1, 2],
    ].map((x) => JSON.stringify(x));
    const r = loadDataset(lines.join('\n'), 'mine.jsonl', {
      mapping: { title: 'doc.t', text: 'body', question: 'q', answers: 'a' },
    });
    expect(r.format).toBe('jsonl');
    expect(r.corpus?.passages.map((p) => p.title)).toEqual(['T1', 'T2']);
    expect(r.questions?.questions.map((q) => q.answers)).toEqual([['x'], ['y', 'z']]);
    expect(r.questions?.questions[0]?.supports).toEqual([passageId('T1', 'Body one.')]);
    expect(r.errors).toEqual([
      { line: 3, field: 'body', message: 'text should be a string, not a list' },
      { line: 4, field: 'a', message: 'an answer should be a string, not an object' },
      { line: 5, message: 'a record should be an object, not a list' },
    ]);
  });

  it('suggests the mapping from the first record when none is given', () => {
    const r = loadDataset('{"query": "Q?", "answer": "A", "extra": 1}\n', 'x.jsonl', { format: 'jsonl' });
    expect(r.questions?.questions.map((q) => [q.question, q.answers])).toEqual([['Q?', ['A']]]);
  });
});
