import { describe, expect, it } from 'vitest';
import { OpenAiLlm } from '../core/llm/openai';
import { makeLlm } from './agent-ports';

describe('makeLlm for a server', () => {
  it('reads at most the response cap the Run page sets, 16 MB when none is set', async () => {
    const base = { kind: 'http', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', endpoint: 'chat' } as const;
    const capped = await makeLlm({ ...base, maxResponseMB: 2 });
    expect(capped).toBeInstanceOf(OpenAiLlm);
    expect((capped as OpenAiLlm).maxResponseBytes).toBe(2 * 1024 * 1024);
    expect(((await makeLlm(base)) as OpenAiLlm).maxResponseBytes).toBe(16 * 1024 * 1024);
  });
});
