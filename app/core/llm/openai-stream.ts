// Reads a generation turn's response into a Turn: server-sent events decoded and parsed as the
// bytes arrive (reading stops at [DONE] or a stop string, which closes the connection so the
// server stops generating), or one JSON answer from a server that ignored `stream: true`.
import { isObj } from '../json';
import { SNIPPET, snippetOf } from './openai-errors';
import type { Exchange, OpenAiHttp } from './openai-http';
import type { Turn } from './openai-turn';
import { SseParser, type SseEvent } from './sse';

export async function readTurn(
  http: OpenAiHttp,
  ex: Exchange,
  res: Response,
  url: string,
  maxResponseBytes: number,
  turn: Turn,
): Promise<void> {
  const type = res.headers.get('content-type') ?? '';
  if (/json/i.test(type)) {
    // The server ignored `stream: true` and sent the whole answer at once.
    const j = await http.readJson(ex, res, url);
    if (!isObj(j))
      throw http.fail('protocol', url, `${url} answered with JSON that is not an object: ${snippetOf(j)}`);
    turn.object(j);
    turn.markDone();
    return;
  }
  const parser = new SseParser();
  const decoder = new TextDecoder();
  let head = '';
  let events = 0;
  let ended = false;
  const feed = (evs: SseEvent[]): boolean => {
    for (const ev of evs) {
      // Stray text (an HTML page) parses as fields with odd names; it is not an event.
      if (ev.hasData || ev.fields?.error !== undefined) events++;
      if (turn.event(ev)) return true;
    }
    return false;
  };
  for await (const bytes of http.body(ex, res, url, maxResponseBytes, 'fail')) {
    const s = decoder.decode(bytes, { stream: true });
    if (head.length < SNIPPET) head += s.slice(0, SNIPPET - head.length);
    if (feed(parser.push(s))) {
      ended = true;
      break;
    }
  }
  if (!ended) feed([...parser.push(decoder.decode()), ...parser.end()]);
  if (!turn.complete) {
    throw http.fail(
      'protocol',
      url,
      events === 0
        ? `${url} answered (content-type "${type}") but sent no server-sent events; received: ${JSON.stringify(head)}`
        : `the stream from ${url} ended before the server finished the answer (no finish_reason, no [DONE]) — did the connection drop?`,
    );
  }
}
