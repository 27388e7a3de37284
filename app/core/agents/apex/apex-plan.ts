// APEX-Searcher plans: an ordered list of sub-questions, later ones naming earlier answers as #1,
// #2 (MuSiQue's decomposition notation, which the paper adopts, v1 §3.2.1). The forms models
// write are read: "1. …", the paper's own "(1) … (2) … #1 …" (v1 Fig. 6), markdown "**1.** …",
// bullets and "Sub-question 1: …". The APEX importer (importers/formats/apex.ts) reads its plans'
// lines with the same readStepLine, so a log and a live run number the same plan alike.
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
// The paper's inline form, "(1) … (2) … #1 …" on one line (v1 §3.2.1, v2 Table 3).
const INLINE_STEP = /\s+(?=\(\s*\d+\s*\)\s*\S)/g;
const REF = /#(\d+)/g;

function refsOf(text: string): string[] {
  return [...new Set([...text.matchAll(REF)].map((m) => String(Number(m[1]))))];
}

function pushStep(out: PlanLine[], id: string, body: string): void {
  if (out.some((n) => n.id === id)) return;
  const earlier = new Set(out.map((n) => n.id));
  out.push({ id, text: body, dependsOn: refsOf(body).filter((r) => earlier.has(r)) });
}

/** The paper's inline form split into one step per piece; other lines as they are. */
export function splitInlineSteps(line: string): string[] {
  return /\(\s*\d+\s*\)/.test(line) ? line.split(INLINE_STEP) : [line];
}

/** A numbered step line's number (as an id, "01" → "1") and text without markup, or null. */
export function readStepLine(line: string): { id: string; text: string } | null {
  const m = STEP_LINE.exec(line);
  if (!m) return null;
  const text = (m[4] ?? '').replace(/\*\*|__/g, '').trim();
  return text ? { id: String(Number(m[1] ?? m[2] ?? m[3])), text } : null;
}

/**
 * Numbered lines of a plan ("1. …", "Step 2: …", "(3) …", "Sub-question 4: …"; several "(n)"
 * steps may share a line), else its bullets in order; other lines are ignored, a repeated number
 * keeps its first line, and at most `max` steps are read.
 */
export function parsePlan(text: string, max = Infinity): PlanLine[] {
  const lines = text.split('\n').flatMap(splitInlineSteps);
  const out: PlanLine[] = [];
  for (const line of lines) {
    if (out.length >= max) break;
    const step = readStepLine(line);
    if (step) pushStep(out, step.id, step.text);
  }
  if (out.length > 0) return out;
  for (const line of lines) {
    if (out.length >= max) break;
    const b = BULLET_LINE.exec(line);
    if (b) pushStep(out, String(out.length + 1), (b[1] ?? '').trim());
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
