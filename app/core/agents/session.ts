// The runtime every strategy shares: one Session per run holds the resolved params and prompts,
// numbers steps, streams generations into steps, runs retrievals onto retrieve steps, counts
// tokens and time, and turns cancellation and failures into a clean `finish`. Strategies are
// async generators that `yield*` these helpers, so the event stream stays in step order.
import type { StepInput, TrajectoryEvent } from '../schema/builder';
import type { Doc, Step } from '../schema/trajectory';
import { isAbort } from '../abort';
import { AbortError, type GenerateResult, type Llm, type Prompt } from '../llm/types';
import type { Retriever } from '../search/types';
import { hitToDoc } from './docs';
import { resolvePrompts, withDefaults } from './template';
import type { FinishReason, StrategyContext, StrategyDef } from './types';

export type Ev = TrajectoryEvent;
export type StepEvent = { type: 'step'; step: StepInput & { id: string } };
export type StepPatch = Partial<Omit<Step, 'id' | 'index'>>;

/** Ends a run early with a finish reason (after the strategy recorded why on a step). */
export class StopRun extends Error {
  constructor(
    readonly reason: FinishReason,
    message: string,
  ) {
    super(message);
    this.name = 'StopRun';
  }
}

export { isAbort };

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** `p`, or an AbortError as soon as `signal` aborts (a late rejection of `p` is then ignored). */
export function untilAbort<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) {
    p.catch(() => {});
    return Promise.reject(new AbortError());
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      p.catch(() => {});
      reject(new AbortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function defaultClock(): number {
  return globalThis.performance?.now() ?? Date.now();
}

function freshId(strategy: string): string {
  const rand = Math.floor(Math.random() * 0x100000000).toString(36);
  return `live_${strategy}_${Date.now().toString(36)}${rand}`;
}

export interface GenerationSpec {
  prompt: Prompt;
  stop?: string[];
  maxTokens?: number;
  temperature?: number;
  /** Another model for this call (QAgent's frozen generator); default the run's llm. */
  llm?: Llm;
  /** Sees the text streamed so far after each piece; its events follow the token event. */
  watch?: (streamed: string) => Ev[];
}

export interface Generation {
  /** The step the generation streamed into. */
  id: string;
  result: GenerateResult;
}

export interface Retrieval {
  id: string;
  /** Docs per query, in query order (each doc's `query` set). */
  perQuery: Doc[][];
  /** The docs stored on the step (all queries, after `decorate`). */
  docs: Doc[];
}

export class Session<P extends object> {
  readonly question: string;
  readonly params: P;
  readonly prompts: Record<string, string>;
  readonly overriddenPrompts: Record<string, string>;
  readonly llm: Llm;
  readonly retriever: Retriever;
  readonly signal: AbortSignal | undefined;
  readonly now: () => number;
  readonly t0: number;
  /** Model turns so far (strategies bump it per generation that is a turn of their protocol). */
  turn = 0;
  tokensIn = 0;
  tokensOut = 0;
  private stepCount = 0;
  private lastStep: string | undefined;

  constructor(
    readonly def: StrategyDef<P>,
    readonly ctx: StrategyContext<P>,
  ) {
    this.question = ctx.question;
    this.params = withDefaults(def.defaults, ctx.params);
    const { prompts, overridden } = resolvePrompts(def.prompts, ctx.prompts);
    this.prompts = prompts;
    this.overriddenPrompts = overridden;
    this.llm = ctx.llm;
    this.retriever = ctx.retriever;
    this.signal = ctx.signal;
    this.now = ctx.now ?? defaultClock;
    this.t0 = this.now();
  }

  /** A template by name (the run's override or the default). */
  prompt(name: string): string {
    const t = this.prompts[name];
    if (t === undefined) throw new Error(`${this.def.id}: no prompt template named "${name}"`);
    return t;
  }

  startEvent(extraParams: Record<string, unknown> = {}): Ev {
    const params: Record<string, unknown> = { ...this.params, ...extraParams };
    if (Object.keys(this.overriddenPrompts).length > 0) params.prompts = this.overriddenPrompts;
    const e: Ev & { type: 'start' } = {
      type: 'start',
      id: this.ctx.id ?? freshId(this.def.id),
      question: this.question,
      source: { ...this.ctx.source, kind: 'live' },
      agent: { strategy: this.def.id, params, model: this.llm.model, backend: this.llm.backend },
    };
    if (this.ctx.gold) e.gold = this.ctx.gold;
    return e;
  }

  finishEvent(reason: string): Ev {
    return {
      type: 'finish',
      reason,
      timing: { ms: this.now() - this.t0, tokensIn: this.tokensIn, tokensOut: this.tokensOut },
    };
  }

  checkAbort(): void {
    if (this.signal?.aborted) throw new AbortError();
  }

  /** A new step event with a fresh id (`s<index>`, the builder's own scheme). */
  step(input: StepInput): StepEvent {
    const id = `s${this.stepCount++}`;
    this.lastStep = id;
    return { type: 'step', step: { ...input, id } };
  }

  update(stepId: string, patch: StepPatch): Ev {
    return { type: 'step_update', stepId, patch };
  }

  answer(text: string, confidence?: number): Ev {
    return confidence === undefined ? { type: 'answer', text } : { type: 'answer', text, confidence };
  }

  /**
   * Writes the parsed steps of one generation: the first goes into the step it streamed into (so
   * the live view keeps its place), the rest follow as new steps. Returns their ids.
   */
  *place(streamedId: string, inputs: StepInput[]): Generator<Ev, string[], undefined> {
    const ids: string[] = [];
    for (const [i, input] of inputs.entries()) {
      if (i === 0) {
        yield this.update(streamedId, input);
        ids.push(streamedId);
      } else {
        const ev = this.step(input);
        yield ev;
        ids.push(ev.step.id);
      }
    }
    return ids;
  }

  /** Records an unexpected error on the last step (or a new invalid step). */
  errorEvent(e: unknown): Ev {
    const error = `internal error: ${message(e)}`;
    return this.lastStep ? this.update(this.lastStep, { error }) : this.step({ kind: 'invalid', error });
  }

  /**
   * One generation streamed into a new step: the step appears when generation starts, tokens
   * follow as `step_token`, and a final update carries the text, `ms` and `tokens`. The caller
   * then rewrites the step from the parsed text (kind, text, raw, queries …).
   */
  async *generate(input: StepInput, spec: GenerationSpec): AsyncGenerator<Ev, Generation, undefined> {
    this.checkAbort();
    const ev = this.step({ ...input, text: '' });
    yield ev;
    const id = ev.step.id;
    const box: { pending: string[]; wake?: () => void; done?: { r?: GenerateResult; e?: unknown } } = {
      pending: [],
    };
    const wake = () => box.wake?.();
    this.signal?.addEventListener('abort', wake);
    const llm = spec.llm ?? this.llm;
    let streamed = '';
    llm
      .generate(spec.prompt, {
        stop: spec.stop ?? [],
        maxTokens: spec.maxTokens,
        temperature: spec.temperature,
        signal: this.signal,
        onToken: (t) => {
          box.pending.push(t);
          wake();
        },
      })
      .then(
        (r) => {
          box.done = { r };
          wake();
        },
        (e: unknown) => {
          box.done = { e: e ?? new Error('generation failed') };
          wake();
        },
      );
    try {
      for (;;) {
        if (box.pending.length > 0) {
          const text = box.pending.join('');
          box.pending = [];
          streamed += text;
          yield { type: 'step_token', stepId: id, text };
          if (spec.watch) for (const e of spec.watch(streamed)) yield e;
          continue;
        }
        if (box.done) break;
        // Do not wait for an adapter that ignores the signal.
        this.checkAbort();
        await new Promise<void>((resolve) => (box.wake = resolve));
        box.wake = undefined;
      }
    } finally {
      this.signal?.removeEventListener('abort', wake);
    }
    const done = box.done;
    if (!done.r) {
      if (isAbort(done.e, this.signal)) throw new AbortError();
      yield this.update(id, { error: `model: ${message(done.e)}` });
      throw new StopRun('llm_error', message(done.e));
    }
    const r = done.r;
    this.tokensIn += r.tokensIn;
    this.tokensOut += r.tokensOut;
    yield this.update(id, { text: r.text, ms: r.ms, tokens: r.tokensOut });
    return { id, result: r };
  }

  /**
   * Searches `queries` (top `k` each) onto a new retrieve step: the step appears with its queries,
   * then an update brings the docs (after `decorate`, e.g. duplicate marks) and `ms`. A retriever
   * failure is written on the step and ends the run with "retriever_error".
   */
  async *retrieve(
    input: Omit<StepInput, 'kind'>,
    queries: string[],
    k: number,
    decorate?: (docs: Doc[]) => Doc[],
  ): AsyncGenerator<Ev, Retrieval, undefined> {
    this.checkAbort();
    const ev = this.step({ ...input, kind: 'retrieve', queries });
    yield ev;
    const id = ev.step.id;
    const t = this.now();
    let lists: Awaited<ReturnType<Retriever['search']>>;
    try {
      // The Retriever port takes no signal, and a remote one may retry for tens of seconds: Stop
      // must not wait for it.
      lists = await untilAbort(this.retriever.search(queries, k), this.signal);
    } catch (e) {
      this.checkAbort();
      yield this.update(id, { error: `retriever: ${message(e)}`, ms: this.now() - t });
      throw new StopRun('retriever_error', message(e));
    }
    this.checkAbort();
    const perQuery = queries.map((q, i) => (lists[i] ?? []).slice(0, k).map((h) => hitToDoc(h, q)));
    const flat = perQuery.flat();
    const docs = decorate ? decorate(flat) : flat;
    yield this.update(id, { docs, ms: this.now() - t });
    return { id, perQuery, docs };
  }
}

/** The strategy body: yields events, returns the finish reason. */
export type StrategyBody<P extends object> = (s: Session<P>) => AsyncGenerator<Ev, FinishReason, undefined>;

/**
 * Runs a strategy body between `start` and `finish`. Cancellation (the signal, an AbortError)
 * finishes "cancelled" with the steps so far; a StopRun finishes with its reason; anything else
 * is recorded on the last step and finishes "error". Never throws.
 */
export async function* execute<P extends object>(
  def: StrategyDef<P>,
  ctx: StrategyContext<P>,
  body: StrategyBody<P>,
  extraParams?: (s: Session<P>) => Record<string, unknown>,
): AsyncGenerator<Ev, void, undefined> {
  const s = new Session(def, ctx);
  yield s.startEvent(extraParams?.(s));
  let reason: string;
  try {
    s.checkAbort();
    reason = yield* body(s);
  } catch (e) {
    if (isAbort(e, ctx.signal)) reason = 'cancelled';
    else if (e instanceof StopRun) reason = e.reason;
    else {
      yield s.errorEvent(e);
      reason = 'error';
    }
  }
  yield s.finishEvent(reason);
}
