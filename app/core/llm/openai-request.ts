// The request bodies sent to an OpenAI-compatible server: a streamed generation turn on the chat
// or the completions endpoint, and the echo-logprobs request `score` reads.
import { type ChatTemplate, renderChat } from './chat-text';
import type { FailFn } from './openai-errors';
import type { ChatMessage, GenerateOptions, Prompt } from './types';

export type OpenAiEndpoint = 'chat' | 'completions';

export const DEFAULT_MAX_TOKENS = 512;

/** What every request of one client shares. */
export interface RequestConfig {
  model: string;
  endpoint: OpenAiEndpoint;
  chatTemplate: ChatTemplate;
  sendStop: boolean;
  /** Merged into every request body last (so it can override). */
  extraBody: Record<string, unknown>;
}

/** The prompt as raw text (messages through `chatTemplate`); a bad prompt is a 'request' error. */
export function renderedPrompt(cfg: RequestConfig, prompt: Prompt, url: string, fail: FailFn): string {
  try {
    return renderChat(prompt, cfg.chatTemplate);
  } catch (e) {
    throw fail('request', url, (e as Error).message);
  }
}

export function generationBody(
  cfg: RequestConfig,
  prompt: Prompt,
  o: GenerateOptions,
  stops: string[],
  url: string,
  fail: FailFn,
): string {
  const body: Record<string, unknown> = { model: cfg.model };
  if (cfg.endpoint === 'chat') {
    if (typeof prompt === 'string') {
      body.messages = [{ role: 'user', content: prompt }];
    } else {
      if (prompt.messages.length === 0) throw fail('request', url, 'the prompt has no messages');
      const last: ChatMessage | undefined = prompt.messages[prompt.messages.length - 1];
      if (prompt.continueFinal) {
        if (last?.role !== 'assistant')
          throw fail(
            'request',
            url,
            `continueFinal needs the last message to be the assistant's (the text the model continues); it is "${last?.role}"`,
          );
        // vLLM's flags (llama-server accepts them too). llama-server (unless started with
        // --no-prefill-assistant) and Ollama continue a trailing assistant message anyway, and
        // ignore fields they do not know.
        body.continue_final_message = true;
        body.add_generation_prompt = false;
      }
      body.messages = prompt.messages.map((m) => ({ role: m.role, content: m.content }));
    }
  } else {
    // The completions endpoint applies no chat template: messages are rendered here.
    body.prompt = renderedPrompt(cfg, prompt, url, fail);
  }
  body.max_tokens = o.maxTokens ?? DEFAULT_MAX_TOKENS;
  body.temperature = o.temperature ?? 0;
  if (stops.length > 0 && cfg.sendStop) body.stop = stops;
  body.stream = true;
  body.stream_options = { include_usage: true };
  Object.assign(body, cfg.extraBody);
  return JSON.stringify(body);
}

/**
 * The completions request that echoes `prompt` with its log-probabilities. `max_tokens` is 1,
 * not 0: vLLM refuses 0; the one generated token is left out when reading.
 */
export function scoreBody(cfg: RequestConfig, prompt: string): string {
  return JSON.stringify({
    ...cfg.extraBody,
    model: cfg.model,
    prompt,
    echo: true,
    logprobs: 1,
    max_tokens: 1,
    temperature: 0,
    stream: false,
  });
}
