// Continuing a fork with IRCoT: its state is the chain of thought (one sentence per step), the
// paragraphs retrieved so far (capped, as the strategy caps them) and the hop count. An edited
// thought is IRCoT's next query, so a fork at a thought searches it before the next sentence.
import { firstSentence, type IrcotResume, ircotBody } from '../agents/ircot';
import { oneLine } from '../agents/parse';
import type { Ev } from '../agents/session';
import type { FinishReason } from '../agents/types';
import { hash53 } from '../hash';
import type { Doc } from '../schema/trajectory';
import type { AnySession } from './continue-tagged';
import type { ForkPoint } from './point';

export function ircotResume(point: ForkPoint): IrcotResume {
  const paragraphs: Doc[] = [];
  const textOf = new Map<string, string>();
  const thoughts: string[] = [];
  let hop = 0;
  let done = 0;
  for (const s of point.prefix) {
    if (s.kind === 'search') hop = s.hop ?? hop + 1;
    else if (s.kind === 'retrieve')
      for (const d of s.docs ?? []) {
        // Some logs number documents per retrieval ("1", "2", …); IRCoT keeps paragraphs by id,
        // so another text under a seen id gets an id of its own.
        const id = textOf.has(d.id) && textOf.get(d.id) !== d.text ? `${d.id}@${hash53(d.text)}` : d.id;
        textOf.set(id, d.text);
        paragraphs.push(id === d.id ? d : { ...d, id });
      }
    else if (s.kind === 'think' || s.kind === 'invalid') done++;
    if (s.kind === 'think' && s.text?.trim()) thoughts.push(oneLine(s.text));
  }
  const last = point.prefix.at(-1);
  let pending: IrcotResume['pending'];
  const turn = last?.turn ?? done;
  if (last?.kind === 'search') {
    pending = { query: (last.queries ?? [last.text ?? '']).join(' '), turn, searched: true };
  } else if (last?.kind === 'think' && point.changed === point.prefix.length - 1 && last.text?.trim()) {
    // The edited thought is the next query (IRCoT searches with the sentence it just wrote).
    pending = { query: firstSentence(last.text), turn, searched: false };
  }
  return {
    paragraphs,
    thoughts,
    hop,
    done,
    ...(pending ? { pending } : {}),
    ...(point.mode === 'continue' ? {} : { mode: point.mode }),
  };
}

export async function* continueIrcot(
  s: AnySession,
  point: ForkPoint,
): AsyncGenerator<Ev, FinishReason, undefined> {
  return yield* ircotBody(s, ircotResume(point));
}
