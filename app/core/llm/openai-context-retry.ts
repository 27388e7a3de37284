// A turn longer than the context has room for: an OpenAI-compatible server does not say its
// context length up front, so a refusal (HTTP 400 naming the limit, context-limit.ts) is answered
// by asking once more for what fits.
import { completionRoom } from './context-limit';
import { OpenAiError } from './openai-errors';

/** Runs `call(asked)`; on a context-length refusal with room for fewer tokens, once more with that room. */
export async function withinContext<T>(
  asked: number,
  call: (maxTokens: number | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await call(undefined);
  } catch (e) {
    const room = e instanceof OpenAiError && e.status === 400 ? completionRoom(e.message) : null;
    if (room === null || room >= asked) throw e;
    return call(room);
  }
}
