// Publication figures of one trajectory as standalone SVG text: the plan tree (the same layered
// layout as the page) and the hop timeline (a row per step, coloured by kind, hop in the margin).
// Plain shapes and text only, so the SVG opens anywhere and draws onto a canvas for PNG.
import type { Step, Trajectory } from '../../core/schema/trajectory';
import { stepNumber } from '../../core/schema/step-number';
import { layoutPlan, NODE_H, NODE_W } from '../../core/plan/plan-layout';
import { FONT, textLines, wrap, xml } from './svg-text';

export interface SvgFigure {
  svg: string;
  width: number;
  height: number;
}

const STATUS_FILL: Record<string, string> = {
  done: '#e8f5e9',
  failed: '#fdecea',
  skipped: '#f1f1f1',
  active: '#e3f2fd',
  pending: '#ffffff',
};

function doc(width: number, height: number, body: string, title: string): SvgFigure {
  const svg =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ${FONT} font-size="12">` +
    `<title>${xml(title)}</title><rect width="100%" height="100%" fill="#ffffff"/>${body}</svg>`;
  return { svg, width, height };
}

export function planFigure(t: Trajectory): SvgFigure {
  const layout = layoutPlan(t.plan ?? []);
  const pad = 12;
  const parts: string[] = [
    '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#8a9bb0"/></marker></defs>',
    `<g transform="translate(${pad},${pad})">`,
  ];
  for (const e of layout.edges) {
    const x1 = e.from.x + NODE_W;
    const y1 = e.from.y + NODE_H / 2;
    const x2 = e.to.x;
    const y2 = e.to.y + NODE_H / 2;
    const mx = (x1 + x2) / 2;
    parts.push(
      `<path d="M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}" fill="none" stroke="#8a9bb0" stroke-width="1.5" marker-end="url(#arrow)"/>`,
    );
  }
  for (const p of layout.nodes) {
    const n = p.node;
    const fill = STATUS_FILL[n.status] ?? '#ffffff';
    const text = wrap(`#${n.id} ${n.resolvedText ?? n.text}`, 34, 3);
    const answer = n.answer ? `→ ${n.answer}` : n.status;
    parts.push(
      `<g transform="translate(${p.x},${p.y})"><rect width="${NODE_W}" height="${NODE_H}" rx="8" fill="${fill}" stroke="#5b6b7f"/>`,
      textLines(text, 10, 20, 'fill="#1d2733"'),
      textLines(
        wrap(answer, 34, 1),
        10,
        NODE_H - 10,
        `fill="${n.answer ? '#1b5e20' : '#6b7785'}" font-weight="600"`,
      ),
      '</g>',
    );
  }
  parts.push('</g>');
  return doc(layout.width + pad * 2, layout.height + pad * 2, parts.join(''), `Plan: ${t.question}`);
}

const KIND_COLOR: Record<Step['kind'], string> = {
  think: '#7e57c2',
  plan: '#5c6bc0',
  decision: '#8d6e63',
  search: '#1e88e5',
  retrieve: '#00897b',
  record: '#6d4c41',
  reflect: '#ab47bc',
  rank: '#f9a825',
  sub_answer: '#43a047',
  answer: '#2e7d32',
  invalid: '#e53935',
};

function stepSummary(s: Step): string {
  if (s.queries?.length) return s.queries.join(' · ');
  if (s.docs?.length) {
    const found = s.docs.some((d) => d.containsAnswer) ? ', answer found' : '';
    const fresh = s.docs.filter((d) => !d.duplicate).length;
    return `${s.docs.length} docs (${fresh} new${found}): ${s.docs.map((d) => d.title ?? d.id).join(' · ')}`;
  }
  return s.text ?? s.decision ?? '';
}

export function timelineFigure(t: Trajectory): SvgFigure {
  const rowH = 40;
  const width = 860;
  const top = 44;
  const parts = [
    textLines(wrap(t.question, 120, 2), 12, 20, 'fill="#1d2733" font-size="13" font-weight="600"'),
  ];
  t.steps.forEach((s, i) => {
    const y = top + i * rowH;
    const color = KIND_COLOR[s.kind];
    const where = [
      s.hop !== undefined ? `hop ${s.hop}` : '',
      s.planNode !== undefined ? `#${s.planNode}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    parts.push(
      `<text x="12" y="${y + 24}" fill="#6b7785">${stepNumber(s)}</text>`,
      `<text x="40" y="${y + 24}" fill="#6b7785">${xml(where)}</text>`,
      `<rect x="110" y="${y + 6}" width="${width - 122}" height="${rowH - 10}" rx="6" fill="${color}" fill-opacity="0.1" stroke="${color}"/>`,
      `<text x="120" y="${y + 25}" fill="${color}" font-weight="700">${xml(s.kind.replace('_', '-'))}</text>`,
      textLines(wrap(stepSummary(s), 92, 1), 215, y + 25, 'fill="#1d2733"'),
    );
  });
  const answer = `Answer: ${t.answer?.text ?? '—'}${t.gold?.answers.length ? ` · Gold: ${t.gold.answers.join(' | ')}` : ''}`;
  const end = top + t.steps.length * rowH + 22;
  parts.push(textLines(wrap(answer, 120, 1), 12, end, 'fill="#1d2733" font-weight="600"'));
  return doc(width, end + 16, parts.join(''), `Hop timeline: ${t.question}`);
}
