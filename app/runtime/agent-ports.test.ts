import { describe, expect, it } from 'vitest';
import { OpenAiLlm } from '../core/llm/openai';
import { startFakeOpenAiServer } from '../testing/fake-openai-server';
import { listServerModels, makeLlm } from './agent-ports';

describe('makeLlm for a server', () => {
  it('reads at most the response cap the Run page sets, 16 MB when none is set', async () => {
    const base = { kind: 'http', baseUrl: 'http://127.0.0.1:9/v1', model: 'm', endpoint: 'chat' } as const;
    const capped = await makeLlm({ ...base, maxResponseMB: 2 });
    expect(capped).toBeInstanceOf(OpenAiLlm);
    expect((capped as OpenAiLlm).maxResponseBytes).toBe(2 * 1024 * 1024);
    expect(((await makeLlm(base)) as OpenAiLlm).maxResponseBytes).toBe(16 * 1024 * 1024);
  });
});

describe('listServerModels ("Test connection")', () => {
  it('lists the served models before a model name is chosen, sending the key', async () => {
    const server = await startFakeOpenAiServer([{ json: { data: [{ id: 'qwen-7b' }, { id: 'llama-8b' }] } }]);
    try {
      const cfg = { kind: 'http', baseUrl: server.url, model: '', endpoint: 'chat' } as const;
      expect(await listServerModels(cfg, 'sk-test')).toEqual(['qwen-7b', 'llama-8b']);
      const get = server.requests.find((r) => r.method === 'GET');
      expect(get?.path).toBe('/v1/models');
      expect(get?.headers.authorization).toBe('Bearer sk-test');
      // A run still needs the name.
      await expect(makeLlm(cfg)).rejects.toThrow(/model name/);
    } finally {
      await server.close();
    }
  });

  it('says when no server URL is set', async () => {
    await expect(
      listServerModels({ kind: 'http', baseUrl: ' ', model: '', endpoint: 'chat' }),
    ).rejects.toThrow(/server URL/);
  });
});
