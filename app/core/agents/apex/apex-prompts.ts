// APEX-Searcher's prompts (v2 appendix E describes each; the paper does not print them, so
// they are in our words). `{placeholder}`s are filled by plain replacement.
import { SEARCH_R1_DOC } from '../docs';

export const APEX_PROMPTS = {
  // v1 §3.3.2 (v2 §2.2.2): the planning prompt fixes the output format, keeps the plan to "a
  // manageable number of steps" ({maxSteps}, the planStepLimit parameter) and models dependencies
  // with #n.
  plan: 'Break the question down into an ordered list of simple sub-questions that answer it step by step. Write one sub-question per line, numbered "1.", "2.", and so on. Keep the plan to a manageable number of steps: at most {maxSteps} sub-questions, fewer when fewer will do. A later sub-question may refer to the answer of an earlier one as #1, #2, and so on; never guess those answers. If the question is simple, write a single sub-question. Write only the list.\n\nQuestion: {question}\nPlan:',
  // Appendix E, "Adaptive Retrieval Decision": can the accumulated knowledge answer the
  // sub-question already (Answer), or must new information be retrieved (Retrieve)?
  sufficiency:
    'Knowledge gathered in earlier steps:\n{knowledge}\n\nCan the question below be answered correctly from this knowledge alone, without searching? Reply with exactly one word: "answer" if the knowledge is sufficient, or "retrieve" if new information must be searched for.\n\nQuestion: {question}\nDecision:',
  // Appendix E, "Answer from Accumulated Knowledge": answer from the knowledge alone; make the
  // best inference even when it is incomplete instead of abstaining; the answer's form fits the
  // question's type; no hedged answers.
  answerFromKnowledge:
    'Answer the question using only the knowledge gathered in earlier steps. Even if that knowledge is incomplete, give your best inference; do not refuse or say that you do not know. Give the answer in the form the question asks for: a name for "who", a place for "where", a date or year for "when", a number for "how many", "yes" or "no" for a yes/no question. Do not hedge (no "maybe", "probably", "unclear"). Reply with the answer only, in a few words.\n\nKnowledge:\n{knowledge}\n\nQuestion: {question}\nAnswer:',
  // Appendix E, "Query Generation (First Hop)": the question and the knowledge so far; reason
  // about what is needed, then write a targeted query.
  queryFirst:
    'You are searching a document collection to answer a question.\n\nKnowledge gathered in earlier steps:\n{knowledge}\n\nQuestion: {question}\n\nFirst say in one sentence what information is still needed to answer the question. Then, on a last line starting with "Query:", write one short, targeted search query for it.',
  // Appendix E, "Query Generation (Subsequent Hops)": the queries tried so far, which must not be
  // repeated; different keywords, a different angle or a different level of detail (v1 §3.2.2:
  // conditioned on the knowledge, the documents retrieved and the query history).
  queryNext:
    'You are searching a document collection to answer a question. Earlier searches did not yet settle it.\n\nKnowledge gathered in earlier steps:\n{knowledge}\n\nDocuments retrieved so far for this question:\n{docs}\n\nQueries already tried:\n{tried}\n\nQuestion: {question}\n\nFirst say in one sentence what is still missing. Then, on a last line starting with "Query:", write one new search query that differs from every query already tried: use other keywords, another angle, or a more specific or more general wording. Do not repeat a query.',
  // Appendix E, "Continue Retrieval Decision": after a hop, with the number of hops done (so the
  // loop cannot run forever), judge whether the information covers the question.
  continue:
    'Question: {question}\n\nKnowledge gathered in earlier steps:\n{knowledge}\n\nDocuments retrieved so far for this question:\n{docs}\n\nQueries tried:\n{tried}\n\nSearches done so far: {hops} of at most {maxHops}.\n\nIs the information above enough to answer the question? Reply with exactly one word: "stop" if it is enough, or "continue" if another search is needed.\nDecision:',
  subAnswer:
    'Answer the question in a few words, using the knowledge gathered in earlier steps and the documents.\n\nKnowledge:\n{knowledge}\n\nDocuments:\n{docs}\n\nQuestion: {question}\nAnswer:',
  // §3.2.3: answer the original question comprehensively from the complete knowledge base.
  final:
    'Answer the question in a few words, using the facts collected while answering its sub-questions.\n\nKnowledge:\n{knowledge}\n\nQuestion: {question}\nAnswer:',
  knowledgeItem: 'Q: {question}\nA: {answer}',
  doc: SEARCH_R1_DOC,
};
