// Reading the model judge's reply, strictly: one JSON object in the shared label format plus a
// quote per label (search-judge-prompt.ts). A reply that is not that object, or whose label count
// is not the trajectory's search count, is malformed and gives no labels at all; a label whose
// quote does not occur in the trajectory is kept but rejected, with the reason, and never scored.
import { z } from 'zod';
import type { Trajectory } from '../schema/trajectory';
import { searchHops } from './hops';

const Quote = z.string();
const ReplySchema = z.object({
  searches: z.number().int().nonnegative(),
  first_sufficient_search: z.number().int().nonnegative().nullable(),
  search_labels: z.array(z.enum(['necessary', 'redundant'])),
  under_search: z.boolean(),
  evidence: z.object({
    search_labels: z.array(Quote),
    first_sufficient_search: Quote,
    under_search: Quote,
  }),
});

/** One label with its quote; `rejected` says why the quote does not back it. */
export interface Judged<T> {
  value: T;
  quote: string;
  rejected?: string;
}

export interface SearchJudgement {
  searches: number;
  search_labels: Judged<'necessary' | 'redundant'>[];
  first_sufficient_search: Judged<number | null>;
  under_search: Judged<boolean>;
}

export type SearchJudgeParse = { ok: true; judgement: SearchJudgement } | { ok: false; error: string };

/** Shorter quotes occur almost anywhere and prove nothing. */
export const MIN_QUOTE_CHARS = 4;

const fold = (s: string) =>
  s
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Every text the trajectory holds (question, steps, queries, passages, answer), folded. */
export function trajectoryTexts(t: Trajectory): string[] {
  const out = [t.question];
  for (const s of t.steps) {
    if (s.text) out.push(s.text);
    out.push(...(s.queries ?? []));
    for (const d of s.docs ?? []) out.push(d.title ?? '', d.text);
  }
  if (t.answer) out.push(t.answer.text);
  return out.filter((x) => x !== '').map(fold);
}

/** Why `quote` is no evidence from `texts`, or undefined when it occurs in one of them. */
export function quoteProblem(quote: string, texts: readonly string[]): string | undefined {
  // A quote cut short with an ellipsis or wrapped in quotation marks is read without them.
  const q = fold(quote)
    .replace(/^["'\s]+|["'\s]+$/g, '')
    .replace(/^(…|\.\.\.)\s*|\s*(…|\.\.\.)$/g, '');
  if (q.length < MIN_QUOTE_CHARS) return `quote ${JSON.stringify(quote)} is too short to be evidence`;
  if (!texts.some((x) => x.includes(q)))
    return `quote ${JSON.stringify(quote.length > 120 ? `${quote.slice(0, 119)}…` : quote)} does not occur in the trajectory`;
  return undefined;
}

/** The JSON object of a reply: a <think> block dropped, a code fence or prose around it allowed. */
function jsonOf(reply: string): unknown {
  const s = reply.replace(/<think>[\s\S]*?<\/think>/g, '');
  const start = s.indexOf('{');
  const end = s.lastIndexOf('}');
  if (start < 0 || end < start) throw new Error('the reply holds no JSON object');
  try {
    return JSON.parse(s.slice(start, end + 1));
  } catch (e) {
    throw new Error(`the reply's JSON does not parse (${e instanceof Error ? e.message : String(e)})`, {
      cause: e,
    });
  }
}

function judged<T>(value: T, quote: string, texts: readonly string[]): Judged<T> {
  const rejected = quoteProblem(quote, texts);
  return rejected === undefined ? { value, quote } : { value, quote, rejected };
}

/** The judge's labels of `t` from its reply, or why the reply gives none. */
export function parseSearchJudgeReply(reply: string, t: Trajectory): SearchJudgeParse {
  let raw: unknown;
  try {
    raw = jsonOf(reply);
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
  const r = ReplySchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0];
    return { ok: false, error: `${i?.path.join('.') || 'reply'}: ${i?.message ?? 'invalid'}` };
  }
  const v = r.data;
  const n = searchHops(t).length;
  if (v.searches !== n)
    return { ok: false, error: `searches: the reply says ${v.searches}, the trajectory has ${n}` };
  if (v.search_labels.length !== n)
    return { ok: false, error: `search_labels: ${v.search_labels.length} labels for ${n} searches` };
  if (v.evidence.search_labels.length !== n)
    return {
      ok: false,
      error: `evidence.search_labels: ${v.evidence.search_labels.length} quotes for ${n} searches`,
    };
  if (v.first_sufficient_search !== null && v.first_sufficient_search > n)
    return {
      ok: false,
      error: `first_sufficient_search: ${v.first_sufficient_search} is past the last search (${n})`,
    };
  const texts = trajectoryTexts(t);
  return {
    ok: true,
    judgement: {
      searches: n,
      search_labels: v.search_labels.map((l, i) => judged(l, v.evidence.search_labels[i] ?? '', texts)),
      first_sufficient_search: judged(v.first_sufficient_search, v.evidence.first_sufficient_search, texts),
      under_search: judged(v.under_search, v.evidence.under_search, texts),
    },
  };
}
