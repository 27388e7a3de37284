import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli';
import { parseReportArgs, reportDataOf } from './report';

const DATA = resolve(__dirname, '../../../shared/data');
const R1 = join(DATA, 'trajectories', 'r1searcher_bamboogle_qwen.jsonl');
const BAMBOOGLE = join(DATA, 'bamboogle', 'dev_subset.json');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('report arguments', () => {
  it('takes several files and the options', () => {
    expect(
      parseReportArgs(['a.jsonl', 'b.json', '--out', 'r.html', '--title', 'T', '--annotations', 'l.jsonl']),
    ).toEqual({
      files: ['a.jsonl', 'b.json'],
      out: 'r.html',
      questions: [],
      title: 'T',
      annotations: 'l.jsonl',
    });
  });
  it('takes --questions more than once', () => {
    expect(
      parseReportArgs(['a.jsonl', '--questions', 'q1.json', '--out', 'r.html', '--questions', 'q2.jsonl']),
    ).toEqual({
      files: ['a.jsonl'],
      out: 'r.html',
      questions: ['q1.json', 'q2.jsonl'],
    });
  });
  it('names what is missing or unknown', () => {
    expect(parseReportArgs(['a.jsonl'])).toMatch(/--out/);
    expect(parseReportArgs(['--out', 'r.html'])).toMatch(/at least one FILE/);
    expect(parseReportArgs(['a', '--out'])).toMatch(/--out needs a value/);
    expect(parseReportArgs(['a', '--out', 'r', '--questions'])).toMatch(/--questions needs a value/);
    expect(parseReportArgs(['a', '--out', 'r', '--zip'])).toMatch(/unknown option --zip/);
  });
});

describe('report --questions', () => {
  // The R1-Searcher log without its gold answers; Bamboogle's question set knows 75 of its questions.
  const stripped = join(tmp, 'r1-nogold.jsonl');
  writeFileSync(
    stripped,
    readFileSync(R1, 'utf8')
      .trim()
      .split('\n')
      .map((l) =>
        JSON.stringify((({ answer: _, ...rest }) => rest)(JSON.parse(l) as Record<string, unknown>)),
      )
      .join('\n'),
  );
  const args = (questions: string[]) => ({ files: [stripped], out: join(tmp, 'r.html'), questions });

  it("puts the question set's gold in the rows and trajectories, as the app's Export does", async () => {
    const said: string[] = [];
    const without = await reportDataOf(args([]), (l) => said.push(l));
    expect(without?.rows).toHaveLength(125);
    expect(without?.rows.filter((r) => r.goldFrom !== '')).toHaveLength(0);
    expect(without?.rows.filter((r) => r.em !== null)).toHaveLength(0);

    const data = await reportDataOf(args([BAMBOOGLE]), (l) => said.push(l));
    const joined = data?.rows.filter((r) => r.goldFrom !== '') ?? [];
    expect(joined).toHaveLength(75);
    expect(new Set(joined.map((r) => r.goldFrom))).toEqual(new Set(['Bamboogle · dev_subset']));
    // The gold the row shows is the set's answer for that question, and the trajectory opened
    // from the report carries the same.
    const answers = new Map(
      (JSON.parse(readFileSync(BAMBOOGLE, 'utf8')) as Array<{ Question: string; Answer: string }>).map(
        (q) => [q.Question.trim().toLowerCase(), q.Answer],
      ),
    );
    for (const row of joined) {
      expect(row.gold).toBe(answers.get(row.question.trim().toLowerCase())?.trim());
      expect(row.em).not.toBeNull();
      const t = data?.trajectories.find((x) => x.id === row.id);
      expect(t?.gold?.answers.join(' | ')).toBe(row.gold);
    }
    // The log's own gold gives the same EM on those questions: the set's gold was joined, not made up.
    const own = await reportDataOf({ files: [R1], out: '', questions: [] }, () => {});
    const ownEm = new Map(own?.rows.map((r) => [r.question, r.em]));
    for (const row of joined) expect(row.em).toBe(ownEm.get(row.question));
    expect(said.filter((l) => l.startsWith('  '))).toEqual([]);
  }, 60_000);

  it('says the records a question set skipped, by file, line and field, and joins the rest', async () => {
    const sets = JSON.parse(readFileSync(BAMBOOGLE, 'utf8')) as unknown[];
    const bad = join(tmp, 'bamboogle-one-bad.jsonl');
    // One record a line: the bad one on line 3.
    writeFileSync(
      bad,
      sets.map((q, i) => JSON.stringify(i === 2 ? { Question: 5, Answer: 'x' } : q)).join('\n'),
    );
    const said: string[] = [];
    const data = await reportDataOf(args([bad]), (l) => said.push(l));
    expect(said).toContain(`  ${bad} line 3 field Question: "Question" should be a string, not a number`);
    expect(data?.rows.filter((r) => r.goldFrom !== '')).toHaveLength(74);
  }, 60_000);

  it('stops on a question set with no question, naming its file, line and field', async () => {
    // A CSV whose only record has an empty question.
    const bad = join(tmp, 'no-questions.csv');
    writeFileSync(bad, 'id,question,answers\n1,,Paris\n');
    const r = await runCli('report', R1, '--out', join(tmp, 'never.html'), '--questions', bad);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`error: ${bad} line 2 field question: empty question (no question set read)`);
    // Stopped before any log was read, and wrote nothing.
    expect(r.stderr).not.toContain('records (format');
    expect(() => readFileSync(join(tmp, 'never.html'))).toThrow();
  }, 60_000);
});
