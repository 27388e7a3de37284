// The trajectory schema's check and copy (trajectory.ts), written out for the records it accepts:
// zod builds its objects with an interpreter where the page's CSP forbids eval (no JIT), and that
// was 8.5 % of a large import's worker time. Only an answer zod would give: a copy with the
// schema's keys in the schema's order, keys it does not know dropped, `unknown` values shared.
// Anything unusual (a key present as undefined, a symbol key, a prototype other than Object's, a
// lineage, a number out of range, any value of the wrong type) returns null, and zod decides,
// with its own message. trajectory-fast.test.ts compares the two on every format's fixtures.
// Kept beside the schema: a field added there must be added here (the test fails until it is).
import { parseTrajectory, SCHEMA_ID, STEP_KINDS, type Trajectory } from './trajectory';

/** Thrown inside the copy to hand the value to zod. */
const UNSURE = Symbol('unsure');

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj => {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw UNSURE;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) throw UNSURE;
  if (Object.getOwnPropertySymbols(v).length) throw UNSURE;
  return v as Obj;
};
const str = (v: unknown): string => {
  if (typeof v !== 'string') throw UNSURE;
  return v;
};
const num = (v: unknown): number => {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw UNSURE;
  return v;
};
const int = (v: unknown): number => {
  if (!Number.isSafeInteger(v)) throw UNSURE;
  return v as number;
};
const nonneg = (v: unknown): number => {
  const n = int(v);
  if (!(n >= 0)) throw UNSURE;
  return n;
};
const bool = (v: unknown): boolean => {
  if (typeof v !== 'boolean') throw UNSURE;
  return v;
};
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): T => {
    if (!values.includes(v as T)) throw UNSURE;
    return v as T;
  };
const arr =
  <T>(item: (v: unknown) => T) =>
  (v: unknown): T[] => {
    if (!Array.isArray(v)) throw UNSURE;
    const out = new Array<T>(v.length);
    for (let i = 0; i < v.length; i++) {
      if (!(i in v)) throw UNSURE;
      out[i] = item(v[i]);
    }
    return out;
  };

type Field = (v: unknown) => unknown;
/** An object schema: `[key, check, optional]` in the schema's order. */
type Shape = ReadonlyArray<readonly [string, Field, boolean?]>;

/** Each object check's keys, for the test that holds them to the schema's. */
const KEYS = new WeakMap<Field, readonly string[]>();

const object = (shape: Shape): Field => {
  const check = (v: unknown): Obj => {
    const o = obj(v);
    const out: Obj = {};
    for (const [k, field, optional] of shape) {
      if (!(k in o)) {
        if (optional) continue;
        throw UNSURE;
      }
      const x = o[k];
      if (x === undefined) throw UNSURE; // zod keeps such a key; left to it
      out[k] = field(x);
    }
    return out;
  };
  KEYS.set(
    check,
    shape.map(([k]) => k),
  );
  return check;
};

/** `z.record(z.string(), value)`: every own enumerable string key, in own-key order. */
const record =
  (value: Field) =>
  (v: unknown): Obj => {
    const o = obj(v);
    const out: Obj = {};
    for (const k of Object.keys(o)) {
      if (k === '__proto__') throw UNSURE;
      out[k] = value(o[k]);
    }
    return out;
  };

const any = (v: unknown) => v;
const reportedValue = (v: unknown) => (typeof v === 'number' ? num(v) : typeof v === 'string' ? v : bool(v));

const doc = object([
  ['id', str],
  ['title', str, true],
  ['text', str],
  ['score', num, true],
  ['rank', int],
  ['query', str, true],
  ['duplicate', bool, true],
  ['gold', bool, true],
  ['containsAnswer', bool, true],
]);

const step = object([
  ['id', str],
  ['index', nonneg],
  ['kind', oneOf(STEP_KINDS)],
  ['planNode', str, true],
  ['hop', int, true],
  ['turn', int, true],
  ['text', str, true],
  ['raw', str, true],
  ['queries', arr(str), true],
  ['docs', arr(doc), true],
  ['decision', str, true],
  ['ranking', arr(str), true],
  ['ms', num, true],
  ['tokens', num, true],
  ['error', str, true],
]);

const planNode = object([
  ['id', str],
  ['text', str],
  ['resolvedText', str, true],
  ['dependsOn', arr(str)],
  ['answer', str, true],
  ['status', oneOf(['pending', 'active', 'done', 'skipped', 'failed'] as const)],
]);

const goldPlan = object([
  ['text', str],
  ['question', str, true],
  ['answer', str, true],
]);
const goldSupporting = object([
  ['title', str, true],
  ['docId', str, true],
]);
const gold = object([
  ['answers', arr(str)],
  ['plan', arr(goldPlan), true],
  ['supporting', arr(goldSupporting), true],
]);

const source = object([
  ['kind', oneOf(['live', 'import'] as const)],
  ['format', str, true],
  ['file', str, true],
  ['line', int, true],
  ['dataset', str, true],
  ['qid', str, true],
  ['system', str, true],
]);

const agent = object([
  ['strategy', str],
  ['params', record(any)],
  ['model', str, true],
  ['backend', str, true],
]);
const answer = object([
  ['text', str],
  ['confidence', num, true],
]);
const timing = object([
  ['ms', num],
  ['tokensIn', num, true],
  ['tokensOut', num, true],
]);
const training = object([
  ['run', str],
  ['step', nonneg],
  ['sample', nonneg, true],
]);
const schemaId = (v: unknown) => {
  if (v !== SCHEMA_ID) throw UNSURE;
  return v;
};
const id = (v: unknown) => {
  if (str(v).length < 1) throw UNSURE;
  return v;
};
/** A fork's change is a discriminated union: zod reads a trajectory with a lineage. */
const lineage = () => {
  throw UNSURE;
};

const trajectory = object([
  ['schema', schemaId],
  ['id', id],
  ['question', str],
  ['gold', gold, true],
  ['source', source],
  ['agent', agent],
  ['plan', arr(planNode), true],
  ['steps', arr(step)],
  ['answer', answer, true],
  ['finishReason', str, true],
  ['timing', timing, true],
  ['reported', record(reportedValue), true],
  ['raw', str, true],
  ['lineage', lineage, true],
  ['training', training, true],
]);

/** The keys each object check copies, by the schema it stands for (for the tests). */
export const usualKeys = (): Record<string, readonly string[] | undefined> => ({
  trajectory: KEYS.get(trajectory),
  step: KEYS.get(step),
  doc: KEYS.get(doc),
  planNode: KEYS.get(planNode),
  gold: KEYS.get(gold),
  source: KEYS.get(source),
  agent: KEYS.get(agent),
  answer: KEYS.get(answer),
  timing: KEYS.get(timing),
  training: KEYS.get(training),
  goldPlan: KEYS.get(goldPlan),
  goldSupporting: KEYS.get(goldSupporting),
});

/** What zod's TrajectorySchema.parse gives for `data`, or null where zod must decide. */
export function parseUsualTrajectory(data: unknown): Trajectory | null {
  try {
    return trajectory(data) as Trajectory;
  } catch (e) {
    if (e === UNSURE) return null;
    throw e;
  }
}

/** parseTrajectory's answer, without zod for the usual record. */
export function parseTrajectoryFast(data: unknown): ReturnType<typeof parseTrajectory> {
  const usual = parseUsualTrajectory(data);
  return usual ? { ok: true, value: usual } : parseTrajectory(data);
}
