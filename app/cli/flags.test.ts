import { describe, expect, it } from 'vitest';
import { runCli } from '../testing/run-cli';
import { parseCompareArgs } from './compare';
import { parseDiagnoseArgs } from './diagnose';
import { parseFlags } from './flags';
import { parseIndexArgs } from './index-run';
import { parseArgs } from './main';
import { parseQueryArgs } from './query';
import { parseReportArgs } from './report';
import { parseRunSummaryArgs } from './run-summary';

const spec = { values: ['--out'], lists: ['--questions'], switches: ['--json'] };

describe('the command line’s flags', () => {
  it('reads positional arguments, values, repeated values and switches', () => {
    const p = parseFlags(['a', '--out', 'o', '--questions', 'q1', 'b', '--json', '--questions', 'q2'], spec);
    expect(p).toEqual({
      positional: ['a', 'b'],
      values: { out: 'o' },
      lists: { questions: ['q1', 'q2'] },
      switches: new Set(['json']),
    });
    // A value may start with one dash (a negative number, `-` for standard input).
    expect(parseFlags(['--out', '-'], spec)).toMatchObject({ values: { out: '-' } });
    expect(parseCompareArgs(['a', 'b', '--seed', '-3'])).toMatchObject({ seed: -3 });
    expect(parseFlags(['a', '--bogus'], spec)).toBe('unknown option --bogus');
  });

  it('refuses a flag whose value is missing or is another option, naming the flag', () => {
    expect(parseFlags(['a', '--out'], spec)).toBe('--out needs a value');
    expect(parseFlags(['a', '--out', '--json'], spec)).toBe('--out needs a value, not the option --json');
    expect(parseFlags(['--questions', '--out', 'o'], spec)).toBe(
      '--questions needs a value, not the option --out',
    );
  });

  // Each subcommand reads its flags through parseFlags: none takes the next option as a value.
  it.each([
    ['summarize', () => parseArgs(['summarize', 'a.jsonl', '--format', '--normalize', 'squad']), '--format'],
    ['convert', () => parseArgs(['convert', 'a.jsonl', '--out', '--to', 'otlp']), '--out'],
    ['compare', () => parseCompareArgs(['a', 'b', '--metric', '--json']), '--metric'],
    ['report', () => parseReportArgs(['a', '--out', '--title', 'T']), '--out'],
    ['diagnose', () => parseDiagnoseArgs(['a', '--labels', '--json']), '--labels'],
    ['run-summary', () => parseRunSummaryArgs(['d', '--run', '--json']), '--run'],
    ['query', () => parseQueryArgs(['d', 'select 1', '--format', '--json']), '--format'],
    ['index', () => parseIndexArgs(['d', '--out', '--threads', '2']), '--out'],
  ])('%s: a value-taking flag followed by another option is a usage error', (_, parse, flag) => {
    expect(parse()).toMatch(new RegExp(`^${flag} needs a value, not the option --`));
  });

  it('exits 2 with the error and the usage, writing nothing', async () => {
    const r = await runCli('report', 'a.jsonl', '--out', '--title', 'T');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^--out needs a value, not the option --title\nusage:/);
  }, 60_000);
});
