import { describe, expect, it } from 'vitest';
import { buildTrajectory } from '../../core/schema/builder';
import { planFigure, timelineFigure } from './trajectory-figures';

const t = buildTrajectory([
  {
    type: 'start',
    id: 't',
    question: 'Q <script>alert(1)</script> & "x"',
    source: { kind: 'import' },
    agent: { strategy: 'apex', params: {} },
  },
  {
    type: 'plan',
    nodes: [
      { id: '1', text: 'First </text><image href="x"/>', dependsOn: [], answer: 'A' },
      { id: '2', text: 'Second', dependsOn: ['1'] },
    ],
  },
  { type: 'step', step: { kind: 'search', hop: 1, planNode: '1', queries: ['q <b>'] } },
  { type: 'step', step: { kind: 'answer', text: 'A' } },
  { type: 'answer', text: 'A' },
]);

describe('trajectory figures', () => {
  it('draw the plan with a box per node and an edge per dependency, model text escaped', () => {
    const f = planFigure(t);
    expect(f.svg.match(/<rect width="230"/g)).toHaveLength(2);
    expect(f.svg.match(/marker-end/g)).toHaveLength(1);
    expect(f.svg).not.toContain('<script>');
    expect(f.svg).not.toContain('<image');
    expect(f.svg).toContain('&#60;/text&#62;&#60;image');
    expect(new DOMParserLike(f.svg).ok).toBe(true);
  });

  it('draw the timeline with a row per step and the answer', () => {
    const f = timelineFigure(t);
    expect(f.svg.match(/rx="6"/g)).toHaveLength(2);
    expect(f.svg).toContain('q &#60;b&#62;');
    expect(f.svg).toContain('Answer: A');
    expect(f.height).toBeGreaterThan(2 * 40);
    expect(new DOMParserLike(f.svg).ok).toBe(true);
  });
});

/** Well-formedness without a DOM: every tag opened is closed in order. */
class DOMParserLike {
  ok: boolean;
  constructor(svg: string) {
    const stack: string[] = [];
    let ok = true;
    for (const m of svg.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
      const [, close, name, self] = m;
      if (self) continue;
      if (close) ok &&= stack.pop() === name;
      else stack.push(name ?? '');
    }
    this.ok = ok && stack.length === 0;
  }
}
