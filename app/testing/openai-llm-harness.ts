// The set-up every OpenAiLlm test shares: a scripted server on loopback per call, an OpenAiLlm
// pointed at it, both servers closed after each test; and the rejection a call is expected to end in.
import { afterEach } from 'vitest';
import { OpenAiLlm, type OpenAiLlmOptions } from '../core/llm/openai';
import { type FakeOpenAiServer, type FakeScript, startFakeOpenAiServer } from './fake-openai-server';

/** Registers the clean-up; returns `setup(script, options)` → the client and its server. */
export function openAiLlmPerTest(model: string) {
  let servers: FakeOpenAiServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });
  return async (script: FakeScript, opts: Partial<OpenAiLlmOptions> = {}) => {
    const srv = await startFakeOpenAiServer(script);
    servers.push(srv);
    return { llm: new OpenAiLlm({ baseUrl: srv.url, model, ...opts }), srv };
  };
}

/** The rejection of `p`, failing the test if it resolves. */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}
