// What a question needs before its answer is supported: the entities it names, the attribute it
// asks (relations.ts), the sides it compares and the bridge relation it follows. The shapes are
// 2WikiMultiHopQA's question types (Ho et al. 2020, §3): comparison ("Who died first, A or B?",
// "Are A and B from the same country?"), bridge comparison ("Which film has the director who died
// first, A or B?": the compared attribute of each side's director) and compositional ("Where was
// the director of film X born?": the bridge entity, then its attribute). HotpotQA's bridge and
// comparison questions (Yang et al. 2018, §2) have the same two shapes.
import { questionEntities } from './question-kind';
import { INFERENCES, RELATIONS, type Relation, relationById } from './relations';

export interface QuestionNeeds {
  kind: 'comparison' | 'bridge' | 'single';
  entities: string[];
  /** The attributes asked: of each side, or of the bridge entity ("lived longer" asks two). */
  attributes: Relation[];
  /** The person-valued relation from a named entity to the one the attribute is about. */
  bridge: Relation | null;
  /** The compared entities, as the question writes them. */
  sides: string[];
}

// Attributes before roles, the more specific first: "place of death" before "located in".
const ATTRIBUTES = RELATIONS.filter((r) => r.role === undefined);
const ROLES = RELATIONS.filter((r) => r.role !== undefined);

/**
 * ", A or B?" at the end of a question: the two compared sides. B runs from the last " or " to the
 * end and may hold a comma ("Come On, Rangers"); A from the comma before that " or ".
 */
function orSides(question: string): string[] {
  const q = question.trim().replace(/\s*\?+\s*$/, '');
  const or = q.lastIndexOf(' or ');
  const comma = q.lastIndexOf(',', or);
  if (or < 0 || comma < 0) return [];
  return [q.slice(comma + 1, or), q.slice(or + 4)].map((s) => s.trim()).filter((s) => s !== '');
}

// Words that continue a title ("Love in a Fallen City", "Padroni di Casa") when a name follows.
const JOINERS = new Set('of the in a an de di du la le van von da del der for on at to & – -'.split(' '));
const nameLike = (w: string) => /^[\p{Lu}\p{N}("'“]/u.test(w);

/** Whether a name word follows the joiners from token i on ("of the Bells"). */
function nameAfterJoiners(words: readonly string[], i: number, step: 1 | -1): boolean {
  let j = i;
  while (JOINERS.has((words[j] ?? '').toLowerCase())) j += step;
  return j >= 1 && nameLike(words[j] ?? '');
}

/** The name that ends just before token i (reading back) or starts at it (reading on). */
function nameRun(words: readonly string[], from: number, step: 1 | -1): string {
  const run: string[] = [];
  let i = from;
  // Reading on, lead words before the name ("director of film The Day …") are skipped.
  if (step === 1) while (i < words.length && !nameLike(words[i] ?? '')) i += 1;
  // Word 0 is the question's verb ("Were"), never a name.
  for (; i >= 1 && i < words.length; i += step) {
    const w = words[i] ?? '';
    if (nameLike(w)) run.push(w);
    else if (JOINERS.has(w.toLowerCase()) && run.length > 0 && nameAfterJoiners(words, i, step)) run.push(w);
    else break;
  }
  if (step === -1) run.reverse();
  return run.join(' ').replace(/[?,.]+$/, '');
}

/**
 * "Are A and B both …?", "Was A or B born first?", "Do director of film A and director of film B
 * share …?": the names either side of the first "and"/"or" are the sides.
 */
function bothSides(question: string): string[] {
  if (!/^(are|were|is|was|do|did|does|have|has)\b/i.test(question.trim())) return [];
  const words = question.trim().split(/\s+/);
  const at = words.findIndex((w, i) => i > 0 && (w === 'and' || w === 'or'));
  if (at < 0) return [];
  const sides = [nameRun(words, at - 1, -1), nameRun(words, at + 1, 1)];
  return sides.every((x) => x !== '') ? sides : [];
}

/**
 * The entity a bridge starts from: the name after "the director of (film)" or before "'s father"
 * ("When did Henry Grey, 4th Earl of Kent's father die?"), commas and all.
 */
function bridgeSubject(question: string, role: RegExp): string | null {
  const m = new RegExp(role.source, 'i').exec(question);
  if (!m) return null;
  const before = question.slice(0, m.index);
  if (/['’]s\s*$/.test(before)) {
    const name = nameRun(before.trim().split(/\s+/), before.trim().split(/\s+/).length - 1, -1);
    return name.replace(/['’]s$/, '') || null;
  }
  const after = question.slice(m.index + m[0].length);
  if (!/^\s*(?:of|that published)\b/i.test(after)) return null;
  const words = ['', ...after.trim().split(/\s+/)];
  return nameRun(words, 1, 1).replace(/['’]s$/, '') || null;
}

/** An inference question ("Who is the maternal grandfather of X?"): the first relation as the bridge. */
function inferenceNeeds(question: string, entities: string[]): QuestionNeeds | null {
  const lower = question.toLowerCase();
  for (const inf of INFERENCES) {
    if (!inf.asked.test(lower)) continue;
    const [first, second] = inf.path.map((id) => relationById(id));
    if (!first || !second) return null;
    const subject = bridgeSubject(question, inf.asked);
    return {
      kind: 'bridge',
      entities: subject ? [subject, ...entities.filter((e) => e !== subject)] : entities,
      attributes: [second],
      bridge: first,
      sides: [],
    };
  }
  return null;
}

export function questionNeeds(question: string, answerNamedInQuestion = false): QuestionNeeds {
  const entities = questionEntities(question);
  const inferred = inferenceNeeds(question, entities);
  if (inferred) return inferred;
  let sides = orSides(question);
  if (sides.length < 2) sides = bothSides(question);
  if (sides.length < 2 && answerNamedInQuestion && entities.length >= 2) sides = entities;
  // Names may hold relation words ("Born Free", "The Father"): read the question without them.
  let rest = question;
  for (const n of [...sides, ...entities].sort((a, b) => b.length - a.length))
    rest = rest.split(n).join(' # ');
  const lower = rest.toLowerCase();
  const roles = ROLES.map((r) => ({ r, at: r.role ? lower.search(r.role) : -1 }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.r);
  // A role's words are not an attribute ("the company that published X" asks no date).
  let attributeText = lower;
  for (const r of roles)
    if (r.role) attributeText = attributeText.replace(new RegExp(r.role.source, 'g'), ' ');
  // "Who lived longer" compares both dates; otherwise the first (most specific) attribute.
  const asked = /\blived longer\b/.test(attributeText)
    ? ATTRIBUTES.filter((r) => r.id === 'date of birth' || r.id === 'date of death')
    : ATTRIBUTES.filter((r) => r.asked.test(attributeText)).slice(0, 1);
  // Without an attribute the outermost role is what is asked ("the spouse of the director of X").
  if (asked.length === 0 && roles.length > 0) asked.push(roles.shift() as Relation);
  const bridge = roles.length > 0 ? (roles[roles.length - 1] ?? null) : null;
  const kind = sides.length >= 2 ? 'comparison' : bridge ? 'bridge' : 'single';
  const subject = kind === 'bridge' && bridge?.role ? bridgeSubject(question, bridge.role) : null;
  return {
    kind,
    entities: subject ? [subject, ...entities.filter((e) => e !== subject)] : entities,
    attributes: asked,
    bridge,
    sides: kind === 'comparison' ? sides : [],
  };
}

/** The need as a reader names it: "the death date of the director of B". */
export function needName(attribute: Relation | undefined, bridge: Relation | null, subject: string): string {
  const of = bridge ? `the ${bridge.noun} of ${subject}` : subject;
  return attribute ? `the ${attribute.noun} of ${of}` : of;
}
