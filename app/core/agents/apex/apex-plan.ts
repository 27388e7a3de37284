// APEX-Searcher plans: an ordered list of sub-questions, later ones naming earlier answers as #1,
// #2 (MuSiQue's decomposition notation, which the paper adopts, v1 §3.2.1). The forms models
// write are read: "1. …", the paper's own "(1) … (2) … #1 …" (v1 Fig. 6), markdown "**1.** …",
// "Sub-question 1: …", and bullets ("- …", the paper's "Ours" plans in v2 Table 3). This is the
// one plan reader: the live strategy, the APEX importer (importers/formats/apex.ts) and the fork
// read plans with readPlanSteps / parsePlan, so a log and a live run number the same plan alike.
import type { PlanNode } from '../../schema/trajectory';

export interface PlanLine {
  id: string;
  text: string;
  /** Earlier steps this one names (#n); references to later or unknown steps are left out. */
  dependsOn: string[];
}

// A numbered step: "1. …", "2) …", "Step 3: …", "(1) …", "Sub-question 1: …", "Q2: …", also
// behind a bullet ("- 1. …") or in markdown bold ("**1.** …", "**Step 1:** …"). The number must be
// closed by punctuation or be a labelled one, so a line opening with a year ("1964 was …") is not
// a step.
const STEP_LINE =
  /^\s*(?:[-•]\s*|\*\s+)?(?:\*\*|__)?\s*(?:(?:step|(?:sub[-\s]?)?questions?|sub[-\s]?q|q)\s*#?\s*(\d+)\s*[.):：\-–]?|\(\s*(\d+)\s*\)|(\d+)\s*[.):])\s*(?:\*\*|__)?\s*(\S.*)$/i;
// An unnumbered bullet ("- …", "* …", "• …"): numbered by position when no line is numbered.
const BULLET_LINE = /^\s*[-*•]\s+(\S.*)$/;
// A "(n)" inside a line (the paper's inline form, "(1) … (2) … #1 …", v1 Fig. 6), with the text
// that follows it; it starts a step only where it is the next number (below).
const INLINE_MARKER = /\s\(\s*(\d+)\s*\)(?=\s*[^\s.,;:!?)\]}])/g;
// Lines that label the record around a plan, never a step of it ("Question: …", "Final answer: …").
export const PLAN_META_LINE = /^\s*(?:question|plan|final answer|answer|confidence)\s*:/i;
const REF = /#(\d+)/g;

/** The step numbers a text names as #n ("#01" → "1"), each once. */
export function refsOf(text: string): string[] {
  return [...new Set([...text.matchAll(REF)].map((m) => String(Number(m[1]))))];
}

function pushStep(out: PlanLine[], id: string, body: string): void {
  if (out.some((n) => n.id === id)) return;
  const earlier = new Set(out.map((n) => n.id));
  out.push({ id, text: body, dependsOn: refsOf(body).filter((r) => earlier.has(r)) });
}

/**
 * The paper's inline form split into one step per piece; other lines as they are. A "(n)" inside
 * the line starts a step only where it numbers the next one (the line's own step + 1, or (1) on
 * a line that opens with no step, "Ours: (1) …"), so "Who directed Titanic (1997)?" stays one
 * question.
 */
export function splitInlineSteps(line: string): string[] {
  let prev = Number(readStepLine(line)?.id ?? 0);
  const cuts: number[] = [];
  for (const m of line.matchAll(INLINE_MARKER)) {
    const n = Number(m[1]);
    if (n !== prev + 1) continue;
    cuts.push(m.index);
    prev = n;
  }
  if (cuts.length === 0) return [line];
  return [0, ...cuts].map((at, i) => line.slice(at, cuts[i] ?? line.length).trim()).filter((p) => p !== '');
}

/** A numbered step line's number (as an id, "01" → "1") and text without markup, or null. */
export function readStepLine(line: string): { id: string; text: string } | null {
  const m = STEP_LINE.exec(line);
  if (!m) return null;
  const text = (m[4] ?? '').replace(/\*\*|__/g, '').trim();
  return text ? { id: String(Number(m[1] ?? m[2] ?? m[3])), text } : null;
}

/** One step of a plan text, with the 1-based line it stands on. */
export interface PlanStep {
  id: string;
  text: string;
  line: number;
}

/**
 * The steps of a plan text: its numbered steps ("1. …", "Step 2: …", "(3) …", "Sub-question 4:
 * …"; several "(n)" steps may share a line), else its bullets numbered by position. Labelled lines
 * ("Question: …", "Plan:") and other text are left out; repeated numbers are kept (the caller
 * decides).
 */
export function readPlanSteps(text: string): PlanStep[] {
  const pieces = text.split('\n').flatMap((l, i) =>
    splitInlineSteps(l)
      .filter((piece) => !PLAN_META_LINE.test(piece))
      .map((piece) => ({ piece, line: i + 1 })),
  );
  const numbered = pieces.flatMap(({ piece, line }) => {
    const step = readStepLine(piece);
    return step ? [{ ...step, line }] : [];
  });
  if (numbered.length > 0) return numbered;
  return pieces
    .flatMap(({ piece, line }) => {
      const b = BULLET_LINE.exec(piece)?.[1]?.trim();
      return b ? [{ text: b, line }] : [];
    })
    .map((st, k) => ({ id: String(k + 1), ...st }));
}

/**
 * The plan's steps (readPlanSteps) with the earlier steps each names; a repeated number keeps its
 * first line, and at most `max` steps are read.
 */
export function parsePlan(text: string, max = Infinity): PlanLine[] {
  const out: PlanLine[] = [];
  for (const step of readPlanSteps(text)) {
    if (out.length >= max) break;
    pushStep(out, step.id, step.text);
  }
  return out;
}

/** Only the complete lines of streamed text (the last one may still grow). */
export function completeLines(streamed: string): string {
  const nl = streamed.lastIndexOf('\n');
  return nl < 0 ? '' : streamed.slice(0, nl);
}

/** Replaces #n with the answer of step n, where known. */
export function resolveRefs(text: string, answers: ReadonlyMap<string, string>): string {
  return text.replace(REF, (m, n: string) => answers.get(String(Number(n))) ?? m);
}

export function planNodes(lines: readonly PlanLine[]): PlanNode[] {
  return lines.map((l) => ({ id: l.id, text: l.text, dependsOn: l.dependsOn, status: 'pending' }));
}

/** The plan as the plan step shows it: "1. …" per line. */
export function planText(lines: readonly PlanLine[]): string {
  return lines.map((l) => `${l.id}. ${l.text}`).join('\n');
}
