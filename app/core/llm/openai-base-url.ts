// The base URL an OpenAI-compatible server is called under, from whatever the user pasted.
import { OpenAiError, truncate } from './openai-errors';

/**
 * The base URL requests are made under. Trailing slashes go; a pasted endpoint URL
 * (…/chat/completions, …/completions, …/models) is cut back to its base; a bare origin gets "/v1"
 * (vLLM, llama.cpp and Ollama all serve the OpenAI API there); any other path is kept, for proxies
 * that mount the API elsewhere. A missing scheme means http. Credentials and query strings are
 * refused: the key belongs in `apiKey`, and requests append paths.
 */
export function normalizeBaseUrl(input: string): string {
  let s = input.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(s)) s = `http://${s}`;
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw new OpenAiError('request', '', `"${truncate(input, 100)}" is not a valid server URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw new OpenAiError('request', '', `server URL must start with http:// or https://, not ${u.protocol}`);
  if (u.username || u.password)
    throw new OpenAiError(
      'request',
      '',
      'put credentials in the API key field, not in the server URL (it is shown in errors and saved with runs)',
    );
  if (u.search) throw new OpenAiError('request', '', 'the server URL cannot have a query string (…?…)');
  let path = u.pathname.replace(/\/+$/, '');
  path = path.replace(/\/(chat\/completions|completions|models)$/, '');
  if (path === '') path = '/v1';
  return `${u.origin}${path}`;
}
