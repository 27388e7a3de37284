// One generation turn as it arrives: pieces of text through the stop-string matcher (the stream
// ends at the first stop string), the server's finish reason, stop reason and usage, and the
// GenerateResult they make. Fed by openai-stream.ts, one SSE event or one JSON answer at a time.
import { isObj } from '../json';
import type { FailFn, OpenAiError } from './openai-errors';
import { truncate } from './openai-errors';
import type { SseEvent } from './sse';
import { StopMatcher } from './stop';
import type { GenerateResult } from './types';

interface Usage {
  prompt_tokens?: unknown;
  completion_tokens?: unknown;
  prompt_tokens_details?: unknown;
}

export interface TurnContext {
  url: string;
  /** The chat endpoint: text comes in `delta`/`message`, else in `text`. */
  chat: boolean;
  stops: string[];
  maxResponseChars: number;
  onToken: ((text: string) => void) | undefined;
  fail: FailFn;
  serverError: (url: string, error: unknown) => OpenAiError;
}

export class Turn {
  private text = '';
  private pieces = 0;
  private ttftMs: number | undefined;
  private finish: string | undefined;
  private serverStop: unknown;
  private usage: Usage | undefined;
  private sawDone = false;
  private readonly matcher: StopMatcher;
  private readonly t0 = performance.now();

  constructor(private readonly c: TurnContext) {
    this.matcher = new StopMatcher(c.stops);
  }

  /** Whether the server said the answer is complete, or a stop string ended it here. */
  get complete(): boolean {
    return (
      this.matcher.stopped !== undefined ||
      this.sawDone ||
      this.finish !== undefined ||
      this.usage !== undefined
    );
  }

  /** A non-streamed answer counts as finished once read. */
  markDone(): void {
    this.sawDone = true;
  }

  /** Returns true when reading should end (a stop string was seen). */
  private piece(piece: string): boolean {
    this.pieces++;
    this.ttftMs ??= performance.now() - this.t0;
    const fed = this.matcher.feed(piece);
    if (fed.emit) {
      if (this.text.length + fed.emit.length > this.c.maxResponseChars)
        throw this.c.fail(
          'limit',
          this.c.url,
          `${this.c.url} sent more than ${this.c.maxResponseChars.toLocaleString('en')} characters in one answer; Hopscope stopped reading (maxResponseChars)`,
        );
      this.text += fed.emit;
      this.c.onToken?.(fed.emit);
    }
    return fed.stopped !== undefined;
  }

  /** One parsed chunk (streamed) or the whole answer (non-streamed); true when reading should end. */
  object(obj: Record<string, unknown>): boolean {
    if (obj.error !== undefined && obj.error !== null) throw this.c.serverError(this.c.url, obj.error);
    const choice = Array.isArray(obj.choices) && isObj(obj.choices[0]) ? obj.choices[0] : undefined;
    // Usage and finish first: a non-streamed answer carries them with the text.
    if (isObj(obj.usage)) this.usage = obj.usage;
    if (!choice) return false;
    if (typeof choice.finish_reason === 'string') this.finish = choice.finish_reason;
    if (choice.stop_reason !== undefined && choice.stop_reason !== null) this.serverStop = choice.stop_reason;
    const delta = isObj(choice.delta) ? choice.delta : isObj(choice.message) ? choice.message : undefined;
    const fromDelta = delta && typeof delta.content === 'string' ? delta.content : undefined;
    const fromText = typeof choice.text === 'string' ? choice.text : undefined;
    const piece = this.c.chat ? (fromDelta ?? fromText) : (fromText ?? fromDelta);
    return piece ? this.piece(piece) : false;
  }

  /** One server-sent event; true when reading should end ([DONE] or a stop string). */
  event(ev: SseEvent): boolean {
    const { url } = this.c;
    const fieldError = ev.fields?.error;
    if (fieldError !== undefined) throw this.c.serverError(url, parseMaybeJson(fieldError));
    if (ev.event === 'error') throw this.c.serverError(url, parseMaybeJson(ev.data));
    const data = ev.data.trim();
    if (!ev.hasData || data === '') return false;
    if (data === '[DONE]') {
      this.sawDone = true;
      return true;
    }
    let obj: unknown;
    try {
      obj = JSON.parse(data);
    } catch {
      throw this.c.fail(
        'protocol',
        url,
        `${url} sent a malformed stream event: expected JSON after "data:", received: ${truncate(ev.data, 200)}`,
      );
    }
    if (!isObj(obj))
      throw this.c.fail(
        'protocol',
        url,
        `${url} sent a stream event that is not a JSON object: ${truncate(data, 200)}`,
      );
    return this.object(obj);
  }

  /**
   * The turn's result, once reading is over. finishReason: 'stop' when a stop string ended it
   * (seen here, or named by vLLM's `stop_reason`), 'length' for finish_reason "length", else 'eos'.
   */
  result(): GenerateResult {
    const { matcher, usage } = this;
    if (!matcher.stopped) {
      const rest = matcher.flush();
      if (rest) {
        this.text += rest;
        this.c.onToken?.(rest);
      }
    }
    const result: GenerateResult = {
      text: this.text,
      finishReason: 'eos',
      tokensIn: num(usage?.prompt_tokens) ?? 0,
      tokensOut: num(usage?.completion_tokens) ?? this.pieces,
      ms: performance.now() - this.t0,
    };
    if (matcher.stopped !== undefined) {
      result.finishReason = 'stop';
      result.stop = matcher.stopped;
    } else if (this.finish === 'length') {
      result.finishReason = 'length';
    } else if (typeof this.serverStop === 'string' && this.c.stops.includes(this.serverStop)) {
      // vLLM cut at a stop string itself (and left it out of the text); it names it in stop_reason.
      result.finishReason = 'stop';
      result.stop = this.serverStop;
    }
    if (this.ttftMs !== undefined) result.ttftMs = this.ttftMs;
    const details = usage?.prompt_tokens_details;
    const cached = isObj(details) ? num(details.cached_tokens) : undefined;
    if (cached !== undefined) result.cachedTokens = cached;
    return result;
  }
}

export function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function parseMaybeJson(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
}
