// The LLM judge of "Learning When to Search": the paper decides correctness with an LLM judge in
// training and in evaluation (§4.1, "LLM as a Judge"; appendix B.2: a large instruct model) and
// prints the judge's instruction in appendix B.4. The default below carries each instruction of
// B.4 in our own words: a flexible, meaning-level match of the normalized prediction against any
// of the normalized reference answers, answered with the single word YES or NO. A user may paste
// the verbatim prompt instead; see `renderJudgePrompt` for how the answer and gold are filled in.
import { normalizeAnswer } from '../metrics/normalize';

export const DEFAULT_JUDGE_PROMPT = [
  'You grade answers. Decide whether the prediction has the same meaning as at least one of the',
  'reference answers. The match is lenient: different wording with the same meaning still counts.',
  '',
  'Prediction: {prediction}',
  'Reference answers: {references}',
  '',
  'Answer in one word: YES when the prediction means the same as one of the reference answers,',
  'NO in every other case. Write only YES or NO.',
].join('\n');

/** Joins normalized gold answers the way the judge reads them. */
const REFERENCE_SEPARATOR = ' | ';

export interface JudgeInput {
  question: string;
  prediction: string;
  golds: readonly string[];
}

/**
 * The judge's prompt for one answer. B.4 shows the judge the normalized prediction and the
 * normalized gold (SQuAD normalization, as EM uses). `{prediction}`, `{references}` and
 * `{question}` are filled in; a pasted prompt without the first two (the paper's own text names
 * them in words) gets them appended, so the judge always sees what it grades.
 */
export function renderJudgePrompt(template: string, input: JudgeInput): string {
  const prediction = normalizeAnswer(input.prediction);
  const references = input.golds.map((g) => normalizeAnswer(g)).join(REFERENCE_SEPARATOR);
  const hasSlots = template.includes('{prediction}') && template.includes('{references}');
  const filled = template
    .replaceAll('{prediction}', prediction)
    .replaceAll('{references}', references)
    .replaceAll('{question}', input.question);
  return hasSlots ? filled : `${filled}\n\nPrediction: ${prediction}\nReference answers: ${references}`;
}

/**
 * The judge's verdict: true for YES, false for NO, null when the reply says neither. Reasoning
 * models may think first, so a closed `<think>` block is skipped; the first YES or NO word after
 * it decides ("YES → the same meaning" is a yes; "No." is a no).
 */
export function parseJudgeVerdict(reply: string): boolean | null {
  const text = reply.replace(/<think>[\s\S]*?<\/think>/gi, ' ');
  if (/<think>/i.test(text)) return null; // a thought cut off before any verdict
  const m = /\b(yes|no)\b/i.exec(text);
  if (!m?.[1]) return null;
  return m[1].toLowerCase() === 'yes';
}
