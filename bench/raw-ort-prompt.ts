// The raw-runtime loop's prompt, tokenized in Node with transformers.js's tokenizer alone (its chat
// template, no special tokens added: the template writes them), and its output decoded back, so
// the driver can check the raw loop read and wrote the same tokens as Hopscope's worker.
import { AutoTokenizer, env } from '@huggingface/transformers';
import { MODELS_DIR } from '../app/runtime/llm/test-models';
import { DECODE_PROMPT } from './agent-measure';

export interface RawPrompt {
  ids: number[];
  decode(ids: number[]): string;
}

export async function rawPrompt(modelId: string): Promise<RawPrompt> {
  env.allowLocalModels = true;
  env.localModelPath = `${MODELS_DIR}/`;
  env.allowRemoteModels = false;
  const tokenizer = await AutoTokenizer.from_pretrained(modelId);
  const text = tokenizer.apply_chat_template(DECODE_PROMPT.messages, {
    tokenize: false,
    add_generation_prompt: true,
  });
  if (typeof text !== 'string') throw new Error('the chat template did not render to text');
  return {
    ids: tokenizer.encode(text, { add_special_tokens: false }),
    decode: (ids) => tokenizer.decode(ids, { skip_special_tokens: true }),
  };
}
