import { describe, expect, it } from 'vitest';
import { parseContinue, parseSufficiency, readContinue, readSufficiency } from './apex-decision';

// Each reply with the verdict a reader of the prompt (apex-prompts.ts: "answer" if the knowledge
// is sufficient, "retrieve" if new information must be searched for) would give, and whether the
// reply is unclear (then it retrieves, and the step says why).
const sufficiency: Array<[reply: string, decision: 'answer' | 'retrieve', unclear?: 'unclear']> = [
  // The prompt's own option words, any case, quoting or markup.
  ['answer', 'answer'],
  ['retrieve', 'retrieve'],
  ['Answer', 'answer'],
  ['RETRIEVE', 'retrieve'],
  ['"retrieve"', 'retrieve'],
  ['Answer.', 'answer'],
  ['**Retrieve**', 'retrieve'],
  ['Decision: answer', 'answer'],
  ['Answer: the knowledge already names his mother.', 'answer'],
  ['Answer: retrieve', 'retrieve'],
  ['Retrieve: the year is missing.', 'retrieve'],
  // The replies: "answer" as a noun, negated search words.
  ['We need to search for the answer.', 'retrieve'],
  ['The answer is not in the knowledge, retrieve', 'retrieve'],
  ['It is unnecessary to retrieve.', 'answer'],
  ['do not retrieve', 'answer'],
  ['no need to search', 'answer'],
  ['I can answer now', 'answer'],
  ['cannot answer yet', 'retrieve'],
  ['not enough information, search', 'retrieve'],
  ['enough info to answer', 'answer'],
  ["Don't retrieve; answer from the knowledge.", 'answer'],
  ['The knowledge is sufficient, so retrieval is not needed.', 'answer'],
  ['The knowledge is insufficient; retrieve.', 'retrieve'],
  ['I can answer this without searching.', 'answer'],
  ['I need more information before I can answer.', 'retrieve'],
  ["I don't know the answer yet.", 'retrieve'],
  ['The knowledge does not mention his mother.', 'retrieve'],
  ['Retrieve. The knowledge does not mention where he was born.', 'retrieve'],
  ['The knowledge is sufficient, but retrieve anyway to be safe.', 'retrieve'],
  // Hedged, yet a choice.
  ['Probably retrieve.', 'retrieve'],
  ['I think we can answer.', 'answer'],
  // The prompt's question is "Can the question be answered …?".
  ['Yes, the knowledge answers it.', 'answer'],
  ['No.', 'retrieve'],
  ['It cannot be answered from these facts.', 'retrieve'],
  // v1 §3.2.2: δ_knowledge(s_i, K_acc) → {Retrieve, Answer}; a yes or no answers the option the
  // reply names, in the negated forms too.
  ['Retrieve? No — answer.', 'answer'],
  ['Retrieve? No.', 'answer'],
  ['Retrieve: no', 'answer'],
  ['Retrieve? Yes — the year is missing.', 'retrieve'],
  ['Should I search again? No need.', 'answer'],
  ['Is more information needed? Yes.', 'retrieve'],
  ['Can the question be answered from this knowledge alone, without searching? Yes.', 'answer'],
  ['Answer: no', 'retrieve'],
  // Unclear: neither, both, or only doubt.
  ['Retrieve? No — retrieve.', 'retrieve', 'unclear'],
  ['Answer or retrieve?', 'retrieve', 'unclear'],
  ['hmm', 'retrieve', 'unclear'],
  ['Maybe.', 'retrieve', 'unclear'],
  ["I'm not sure the knowledge is sufficient.", 'retrieve', 'unclear'],
  ['We could answer, but retrieving would be safer.', 'retrieve', 'unclear'],
];

const continuation: Array<[reply: string, decision: 'continue' | 'stop', unclear?: 'unclear']> = [
  ['stop', 'stop'],
  ['continue', 'continue'],
  ['Continue.', 'continue'],
  ['STOP', 'stop'],
  ['Decision: continue', 'continue'],
  ['Another search is unnecessary.', 'stop'],
  ['Stop searching.', 'stop'],
  ['Keep searching.', 'continue'],
  ['One more hop is needed.', 'continue'],
  ['No need to continue.', 'stop'],
  ["Don't stop yet.", 'continue'],
  ['The information is enough to answer; stop.', 'stop'],
  ['Not yet', 'continue'],
  ['We have all the information needed to answer the question.', 'stop'],
  ["We don't have all the facts yet.", 'continue'],
  ['Search again for the birth year.', 'continue'],
  ["I don't think we need more searching.", 'stop'],
  // v1 Algorithm 2, line 13: "if ¬M_m.ShouldContinueRetrieval(s, ctx, K) then break"; §3.2.2 D:
  // the loop ends when δ_continue "is to stop". A no to "continue?" is that ¬; halting is stopping.
  ['Continue? No.', 'stop'],
  ['Continue? Yes.', 'continue'],
  ['Continue: no', 'stop'],
  ['Should we continue retrieval? No, we have the year.', 'stop'],
  ['Stop? No.', 'continue'],
  ['Done.', 'stop'],
  ['Halt.', 'stop'],
  ['Halt retrieval.', 'stop'],
  ['We are done.', 'stop'],
  ['Done searching.', 'stop'],
  ['Not done yet.', 'continue'],
  ['I have done one search; the year is missing.', 'continue'],
  ['Stop or continue?', 'continue', 'unclear'],
  ['Stop or continue? No.', 'continue', 'unclear'],
  ['Continue? Not sure.', 'continue', 'unclear'],
  ['unclear', 'continue', 'unclear'],
];

describe('APEX knowledge-sufficiency reply (v1 §3.2.2 δ_knowledge → Retrieve, Answer)', () => {
  it.each(sufficiency)('%j → %s %s', (reply, decision, unclear) => {
    const r = readSufficiency(reply);
    expect(r.decision).toBe(decision);
    expect(r.unclear !== undefined, r.unclear ?? 'clear').toBe(unclear === 'unclear');
    expect(parseSufficiency(reply)).toBe(decision);
  });

  it('says on an unclear reply what it did and why', () => {
    expect(readSufficiency('Answer or retrieve?').unclear).toBe(
      'unclear reply (it says both): read as "retrieve", as Algorithm 2 does unless the model says "answer"',
    );
    expect(readSufficiency('hmm').unclear).toMatch(/^unclear reply \(it says neither\)/);
  });
});

describe('APEX continuation reply (v1 §3.2.2 δ_continue)', () => {
  it.each(continuation)('%j → %s %s', (reply, decision, unclear) => {
    const r = readContinue(reply);
    expect(r.decision).toBe(decision);
    expect(r.unclear !== undefined, r.unclear ?? 'clear').toBe(unclear === 'unclear');
    expect(parseContinue(reply)).toBe(decision);
  });
});
