import { describe, expect, it } from 'vitest';
import { parseReportArgs } from './report';

describe('report arguments', () => {
  it('takes several files and the options', () => {
    expect(
      parseReportArgs(['a.jsonl', 'b.json', '--out', 'r.html', '--title', 'T', '--annotations', 'l.jsonl']),
    ).toEqual({
      files: ['a.jsonl', 'b.json'],
      out: 'r.html',
      title: 'T',
      annotations: 'l.jsonl',
    });
  });
  it('names what is missing or unknown', () => {
    expect(parseReportArgs(['a.jsonl'])).toMatch(/--out/);
    expect(parseReportArgs(['--out', 'r.html'])).toMatch(/at least one FILE/);
    expect(parseReportArgs(['a', '--out'])).toMatch(/--out needs a value/);
    expect(parseReportArgs(['a', '--out', 'r', '--zip'])).toMatch(/unknown option --zip/);
  });
});
