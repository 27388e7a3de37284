// The transcript a tagged agent (Search-R1, When-to-Search, QAgent) would have built from a fork's prefix
// steps: each model turn re-rendered in the continuing strategy's tags, each retrieval as an
// <information> block in its document template, each invalid turn followed by its notice, so the
// model continues the assistant message as in search_r1/llm_agent/generation.py (see
// tagged-loop.ts). Where the parent's own text cannot be known this is a reconstruction, and
// `reconstruction` says so and why.
import type { ReasoningKind } from '../agents/parse';
import type { Doc, Lineage, Step, Trajectory } from '../schema/trajectory';

export interface TaggedStyle {
  /** Reasoning tags the continuing strategy uses and the step kind each is (free text is think). */
  tags: Readonly<Record<string, ReasoningKind>>;
  /** Text inside <information> for a retrieval's docs, per query in query order. */
  information(perQuery: Doc[][]): string;
  invalidMessage: string;
  /** How a search is written (default `<search> q </search>`; QAgent puts each query in <query>). */
  search?: (queries: readonly string[]) => string;
}

export interface Rebuilt {
  transcript: string;
  /** Searches in the prefix (the next search is hop + 1). */
  hop: number;
  /** Docs shown to the model in the prefix, first sighting of each. */
  shown: Doc[];
}

/** Docs grouped by the query that found them, in first-seen query order. */
export function docsByQuery(docs: readonly Doc[]): Doc[][] {
  const groups = new Map<string, Doc[]>();
  for (const d of docs) {
    const k = d.query ?? '';
    const g = groups.get(k);
    if (g) g.push(d);
    else groups.set(k, [d]);
  }
  return [...groups.values()];
}

/** One retrieval as the model saw it (the block taggedLoop appends after a search). */
export function informationBlock(docs: readonly Doc[], style: TaggedStyle): string {
  return `\n\n<information>${style.information(docsByQuery(docs)).trim()}</information>\n\n`;
}

function searchText(queries: readonly string[], style: TaggedStyle): string {
  return style.search ? style.search(queries) : `<search> ${queries.join(' ')} </search>`;
}

/**
 * Re-renders the prefix steps as the continuing strategy's transcript. `useRaw`: the parent wrote
 * these steps in this strategy's own tags (a live run of it), so each unedited step's `raw` (the
 * exact text of its element, a retrieval's whole <information> block) is used as is; otherwise
 * elements are rebuilt from their text and docs.
 */
export function rebuildTranscript(
  prefix: readonly Step[],
  style: TaggedStyle,
  opts: { useRaw?: boolean } = {},
): Rebuilt {
  const raw = (s: Step) => (opts.useRaw && s.raw?.trim() ? s.raw.trim() : null);
  const storedBlock = (s: Step) => {
    const r = raw(s);
    return r?.startsWith('<information>') && r.endsWith('</information>') ? r : null;
  };
  const tagOf = (kind: Step['kind']) =>
    Object.entries(style.tags).find(([, k]) => k === kind)?.[0] ?? 'think';
  let transcript = '';
  let hop = 0;
  const shown: Doc[] = [];
  const seen = new Set<string>();
  let turnOpen = false;
  const part = (text: string) => {
    transcript += turnOpen ? `\n${text}` : text;
    turnOpen = true;
  };
  for (const s of prefix) {
    switch (s.kind) {
      case 'search':
        hop++;
        part(raw(s) ?? searchText(s.queries ?? [s.text ?? ''], style));
        turnOpen = false;
        break;
      case 'retrieve': {
        if (!s.docs) break;
        // The block the parent saw, as stored: QAgent runs made before its blocks held every
        // result left passages already shown out of later blocks, so the docs alone would differ.
        // Otherwise every result, duplicates too (QAgent's Algorithm 1 l.13).
        const stored = storedBlock(s);
        transcript += stored ? `\n\n${stored}\n\n` : informationBlock(s.docs, style);
        for (const d of s.docs)
          if (!seen.has(d.id)) {
            seen.add(d.id);
            shown.push(d);
          }
        turnOpen = false;
        break;
      }
      case 'invalid':
        // The model's malformed action (an empty <search></search>) stays; the notice is re-added.
        if (s.raw?.trim() && !s.raw.trim().startsWith('My previous action is invalid')) part(s.raw.trim());
        transcript += style.invalidMessage;
        turnOpen = false;
        break;
      case 'answer':
        // Never in a prefix (an answer ends the run); kept for completeness.
        part(`<answer> ${s.text ?? ''} </answer>`);
        turnOpen = false;
        break;
      default:
        if (raw(s)) part(raw(s)!);
        else if (s.text?.trim()) {
          const tag = tagOf(s.kind);
          part(`<${tag}>${s.text.trim()}</${tag}>`);
        }
    }
  }
  // A turn left open (edited text) continues on a new line.
  if (turnOpen) transcript += '\n';
  return { transcript, hop, shown };
}

/**
 * Whether the continuation sees what the parent saw. Exact only for a live Hopscope run of the
 * same strategy with the same prompt templates; imported logs do not carry their prompt, and
 * another system's tags are re-rendered in the continuing strategy's.
 */
export function reconstructionOf(
  parent: Trajectory,
  strategyId: string,
  strategyLabel: string,
  promptOverrides: Readonly<Record<string, string>>,
  /** What the parent's turns become in this strategy (default: its tags and document template). */
  form = 'tags and document template',
  /** What this strategy's rebuild had to infer for this parent (each makes it approximate). */
  inferred: readonly string[] = [],
): Pick<Lineage, 'reconstruction' | 'note'> {
  const why: string[] = [];
  const parentSystem = parent.source.system && parent.source.kind === 'import' ? parent.source.system : '';
  if (parent.source.kind !== 'live')
    why.push(
      `the imported log does not carry the prompt its agent saw, so ${strategyLabel}'s prompt is used`,
    );
  if (parent.agent.strategy !== strategyId)
    why.push(
      `the parent's turns (${parentSystem || parent.agent.strategy}) are re-rendered in ${strategyLabel}'s ${form}`,
    );
  else if (parent.source.kind === 'live') {
    const parentPrompts = (parent.agent.params.prompts ?? {}) as Record<string, string>;
    if (JSON.stringify(sorted(parentPrompts)) !== JSON.stringify(sorted(promptOverrides)))
      why.push('the parent ran with other prompt templates than the ones set now');
  }
  why.push(...inferred);
  if (why.length > 0) {
    const text = why.join('; ');
    return { reconstruction: 'approximate', note: `${text[0]!.toUpperCase()}${text.slice(1)}.` };
  }
  return {
    reconstruction: 'exact',
    note: `Same strategy and prompts as the parent; its turns are re-rendered from the stored steps (whitespace between tags within a turn may differ).`,
  };
}

function sorted(o: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(o).sort(([a], [b]) => a.localeCompare(b));
}
