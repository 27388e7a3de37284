// A trajectory as Markdown, for pasting into a paper draft, an issue or an LLM conversation.
// Model and document text is untrusted: inline text is backslash-escaped (CommonMark lets any
// ASCII punctuation be escaped), and multi-line text goes into a fenced block whose fence is
// longer than any backtick run inside it, so no text can open a heading, a link, HTML or end
// the block early.
import { stepNumber } from '../schema/step-number';
import type { Doc, Step, Trajectory } from '../schema/trajectory';
import type { TrajectoryMetrics } from '../metrics/trajectory-metrics';

const INLINE_SPECIAL = /[\\`*_{}[\]()#+\-.!|<>~&=:"']/g;

/** One line of inline text: line breaks folded, Markdown and HTML punctuation escaped. */
export function escapeInline(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ').replace(INLINE_SPECIAL, (c) => `\\${c}`);
}

/** Text in a fenced block, its fence one backtick longer than the longest run inside. */
export function fenced(text: string, indent = ''): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const body = text.replace(/\r\n?/g, '\n').split('\n');
  return [fence + 'text', ...body, fence].map((l) => (l ? indent + l : l)).join('\n');
}

function fmt(n: number | null, digits = 2): string {
  return n === null ? '–' : Number.isInteger(n) ? String(n) : n.toFixed(digits);
}

function docLine(d: Doc, maxChars: number): string {
  const text = d.text.length > maxChars ? `${d.text.slice(0, maxChars)}…` : d.text;
  const marks = [d.gold ? 'gold' : '', d.containsAnswer ? 'has answer' : '', d.duplicate ? 'duplicate' : '']
    .filter(Boolean)
    .join(', ');
  const title = d.title ? `**${escapeInline(d.title)}** ` : '';
  return `   - \\[${d.rank}\\] ${title}${escapeInline(text)}${marks ? ` _(${marks})_` : ''}`;
}

function stepBlock(s: Step, maxDocChars: number): string {
  const where = [
    s.hop !== undefined ? `hop ${s.hop}` : '',
    s.planNode !== undefined ? `node ${escapeInline(s.planNode)}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  const lines = [`${stepNumber(s)}. **${s.kind}**${where ? ` (${where})` : ''}`];
  for (const q of s.queries ?? []) lines.push(`   - query: ${escapeInline(q)}`);
  if (s.decision) lines.push(`   - decision: ${escapeInline(s.decision)}`);
  if (s.text && s.kind !== 'search') lines.push('', fenced(s.text, '   '), '');
  for (const d of s.docs ?? []) lines.push(docLine(d, maxDocChars));
  if (s.error) lines.push(`   - error: ${escapeInline(s.error)}`);
  return lines.join('\n');
}

export interface MarkdownOptions {
  /** Characters of each document shown (its start). */
  maxDocChars?: number;
}

/** The trajectory as a Markdown section: question, answers, metrics, plan and steps. */
export function trajectoryMarkdown(t: Trajectory, m: TrajectoryMetrics, opts: MarkdownOptions = {}): string {
  const maxDocChars = opts.maxDocChars ?? 200;
  const out = [`### ${escapeInline(t.question)}`, ''];
  const agent = [
    t.agent.strategy,
    t.agent.model,
    t.source.file ? `${t.source.file}${t.source.line ? `:${t.source.line}` : ''}` : '',
  ]
    .filter(Boolean)
    .map((x) => escapeInline(x as string))
    .join(' · ');
  out.push(`- **Agent:** ${agent}`);
  out.push(`- **Answer:** ${t.answer ? escapeInline(t.answer.text) : '—'}`);
  if (t.gold?.answers.length) out.push(`- **Gold:** ${t.gold.answers.map(escapeInline).join(' \\| ')}`);
  out.push(
    `- **Metrics:** EM ${fmt(m.em)} · F1 ${fmt(m.f1)} · acc ${fmt(m.acc)} · searches ${m.rc} · queries ${m.queries} · steps ${m.steps}`,
  );
  if (t.plan?.length) {
    out.push('', '**Plan**', '');
    for (const n of t.plan) {
      const deps = n.dependsOn.length ? ` (after ${n.dependsOn.map(escapeInline).join(', ')})` : '';
      const answer = n.answer ? ` → ${escapeInline(n.answer)}` : '';
      out.push(
        `- **${escapeInline(n.id)}** ${escapeInline(n.resolvedText ?? n.text)}${deps}${answer} _(${n.status})_`,
      );
    }
  }
  out.push('', '**Steps**', '');
  for (const s of t.steps) out.push(stepBlock(s, maxDocChars));
  return `${out.join('\n')}\n`;
}
