// A deterministic Llm for tests and demos: replies come from a script (a list, or a function of the
// prompt), and `generate` behaves like a real adapter around them — stop strings cut through
// StopMatcher, `maxTokens` counted in whitespace-separated pieces, the reply streamed piece by
// piece through `onToken` with a turn of the event loop between pieces, and `signal` honoured
// within one piece. Every call is recorded so tests can assert on the prompts a strategy sent.
import { StopMatcher } from '../core/llm/stop';
import type { GenerateOptions, GenerateResult, Llm, Prompt, ScoreResult } from '../core/llm/types';
import { AbortError } from '../core/llm/types';

/** One scripted reply: text, or an Error the call rejects with (to test failure handling). */
export type ScriptedReply = string | Error;

/** The script: replies in call order, or a function of the prompt and the 0-based call index. */
export type Script = readonly ScriptedReply[] | ((prompt: Prompt, callIndex: number) => ScriptedReply);

export interface ScriptedLlmOptions {
  /** `agent.model` of trajectories built with it (default "scripted"). */
  model?: string;
  /** `agent.backend` (default "scripted"). */
  backend?: string;
  /** Milliseconds between streamed pieces (default 0: one macrotask turn). */
  delayMs?: number;
  /**
   * False: cut at stop strings but do not say which one ended generation (no `stop`, finishReason
   * 'eos'), like OpenAI-compatible servers that apply `stop` themselves (llama.cpp, Ollama).
   * Default true.
   */
  reportStop?: boolean;
  /** Backs the optional `score` method; without it the double has no `score`. */
  score?: (prefix: Prompt, continuation: string) => ScoreResult | number;
}

export interface ScriptedCall {
  prompt: Prompt;
  options: GenerateOptions;
  /** The scripted reply before stop/length handling. */
  reply?: string;
  /** Set once the call finished normally. */
  result?: GenerateResult;
}

const DEFAULT_MAX_TOKENS = 512;

/** Whitespace-separated pieces, each with the whitespace before it, so joining them restores the text. */
export function scriptPieces(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/** The prompt as plain text (messages joined), for token counts and error messages. */
export function promptText(prompt: Prompt): string {
  return typeof prompt === 'string' ? prompt : prompt.messages.map((m) => m.content).join('\n');
}

function clock(): number {
  return globalThis.performance?.now() ?? Date.now();
}

export class ScriptedLlm implements Llm {
  readonly model: string;
  readonly backend: string;
  readonly calls: ScriptedCall[] = [];
  score?: (prefix: Prompt, continuation: string) => Promise<ScoreResult>;
  private readonly script: Script;
  private readonly delayMs: number;
  private readonly reportStop: boolean;

  constructor(script: Script, options: ScriptedLlmOptions = {}) {
    this.script = script;
    this.model = options.model ?? 'scripted';
    this.backend = options.backend ?? 'scripted';
    this.delayMs = options.delayMs ?? 0;
    this.reportStop = options.reportStop ?? true;
    const scoreFn = options.score;
    if (scoreFn) {
      this.score = async (prefix, continuation) => {
        const r = scoreFn(prefix, continuation);
        return typeof r === 'number' ? { logprob: r, tokens: scriptPieces(continuation).length } : r;
      };
    }
  }

  /** Replies left in a list script (Infinity for a function script). */
  get remaining(): number {
    return typeof this.script === 'function' ? Infinity : this.script.length - this.calls.length;
  }

  async generate(prompt: Prompt, options: GenerateOptions = {}): Promise<GenerateResult> {
    const index = this.calls.length;
    const call: ScriptedCall = { prompt, options };
    this.calls.push(call);
    const { signal } = options;
    if (signal?.aborted) throw new AbortError();

    const reply = typeof this.script === 'function' ? this.script(prompt, index) : this.script[index];
    if (reply === undefined) {
      const text = promptText(prompt);
      throw new Error(
        `ScriptedLlm: the script ran out: call #${index + 1} has no reply (${index} scripted). ` +
          `Prompt ends: …${JSON.stringify(text.slice(-160))}`,
      );
    }
    if (reply instanceof Error) throw reply;
    call.reply = reply;

    const t0 = clock();
    let ttftMs: number | undefined;
    const maxTokens = options.maxTokens ?? DEFAULT_MAX_TOKENS;
    const matcher = new StopMatcher(options.stop ?? []);
    let text = '';
    let tokensOut = 0;
    let finishReason: GenerateResult['finishReason'] = 'eos';
    const emit = (piece: string) => {
      if (!piece) return;
      ttftMs ??= clock() - t0;
      text += piece;
      options.onToken?.(piece);
    };

    for (const piece of scriptPieces(reply)) {
      if (tokensOut >= maxTokens) {
        finishReason = 'length';
        break;
      }
      // A turn of the event loop per piece, like a real decoder; cancellation lands here.
      await this.pause(signal);
      tokensOut++;
      const fed = matcher.feed(piece);
      emit(fed.emit);
      if (fed.stopped !== undefined) {
        finishReason = 'stop';
        break;
      }
    }
    if (finishReason !== 'stop') emit(matcher.flush());

    const result: GenerateResult = {
      text,
      finishReason,
      tokensIn: scriptPieces(promptText(prompt)).length,
      tokensOut,
      ms: clock() - t0,
      cachedTokens: 0,
    };
    if (matcher.stopped !== undefined) {
      if (this.reportStop) result.stop = matcher.stopped;
      else result.finishReason = 'eos';
    }
    if (ttftMs !== undefined) result.ttftMs = ttftMs;
    call.result = result;
    return result;
  }

  private pause(signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new AbortError());
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(new AbortError());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        if (signal?.aborted) reject(new AbortError());
        else resolve();
      }, this.delayMs);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
