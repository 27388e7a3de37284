import { describe, expect, it } from 'vitest';
import { trajectoryMetrics } from '../metrics/trajectory-metrics';
import { buildTrajectory } from '../schema/builder';
import { escapeInline, fenced, trajectoryMarkdown } from './trajectory-markdown';

const hostile = '# Title\n```\n<script>alert(1)</script> [x](javascript:1) *bold* | a |';
const t = buildTrajectory([
  {
    type: 'start',
    id: 't1',
    question: 'Who founded [Alexandria](http://evil)?\n# not a heading',
    source: { kind: 'import', file: 'log.jsonl', line: 3 },
    agent: { strategy: 'r1-searcher', params: {} },
    gold: { answers: ['Alexander the Great'] },
  },
  { type: 'plan', nodes: [{ id: '1', text: 'Which *city*?', dependsOn: [], answer: 'Alexandria' }] },
  { type: 'step', step: { kind: 'think', text: hostile, planNode: '1' } },
  { type: 'step', step: { kind: 'search', hop: 1, queries: ['founder <b>Alexandria</b>'] } },
  {
    type: 'step',
    step: {
      kind: 'retrieve',
      hop: 1,
      docs: [{ id: 'd', rank: 1, title: 'Alexandria_(city)', text: 'Founded by Alexander the Great.' }],
    },
  },
  { type: 'step', step: { kind: 'answer', text: 'Alexander the Great' } },
  { type: 'answer', text: 'Alexander the Great' },
]);
const md = trajectoryMarkdown(t, trajectoryMetrics(t));

describe('trajectoryMarkdown', () => {
  it('escapes inline model text so it cannot add links, HTML or headings', () => {
    expect(escapeInline('[a](b) <i>x</i>\n# h')).toBe('\\[a\\]\\(b\\) \\<i\\>x\\</i\\> \\# h');
    expect(md).not.toContain('[Alexandria](');
    expect(md).toContain('\\<b\\>Alexandria\\</b\\>');
    // Only the headline is a heading; the question's own "# not a heading" is folded and escaped.
    expect(md.split('\n').filter((l) => l.startsWith('#'))).toEqual([
      '### Who founded \\[Alexandria\\]\\(http\\://evil\\)? \\# not a heading',
    ]);
  });

  it('fences multi-line text with a fence longer than any backtick run inside', () => {
    expect(fenced('a ```` b')).toBe('`````text\na ```` b\n`````');
    const block = md.slice(md.indexOf('   ````text'));
    expect(block.split('\n').slice(1, 4)).toEqual([
      '   # Title',
      '   ```',
      '   <script>alert(1)</script> [x](javascript:1) *bold* | a |',
    ]);
    expect(block.split('\n')[4]).toBe('   ````');
  });

  it('lists answer, gold, metrics, plan and every step with its number', () => {
    expect(md).toContain('- **Answer:** Alexander the Great');
    expect(md).toContain('- **Gold:** Alexander the Great');
    expect(md).toContain('EM 1 · F1 1 · acc 1 · searches 1 · queries 1 · steps 4');
    expect(md).toContain('- **1** Which \\*city\\*? → Alexandria _(pending)_');
    expect(md.match(/^\d+\. \*\*\w+\*\*/gm)).toEqual([
      '1. **think**',
      '2. **search**',
      '3. **retrieve**',
      '4. **answer**',
    ]);
    expect(md).toContain(
      '   - \\[1\\] **Alexandria\\_\\(city\\)** Founded by Alexander the Great\\. _(has answer)_',
    );
  });
});
