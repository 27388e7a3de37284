// FlashRAG's formats (RUC-NLPIR/FlashRAG):
// - corpus JSONL: {id, contents: "Title\ntext"}; wiki-18 writes the title CSV-quoted
//   (`"\"Voyager 2\"\nVoyager 2 is …"`); some corpora give `title` and `text` instead.
// - dataset JSONL: {id, question, golden_answers: [..], metadata?}. The metadata of the
//   multi-hop sets carries gold the loader reads when present: `type`; MuSiQue's
//   `question_decomposition` (with `support_paragraph`); 2Wiki/HotpotQA's `context` and
//   `supporting_facts` in Hugging Face column form; 2Wiki's `evidences`. A malformed metadata part
//   is reported as a warning and skipped; the question still loads.
import {
  collectingSink,
  isObj,
  kindOf,
  passageId,
  questionIdFromText,
  RecordCheck,
  uniqueStrings,
} from './common';
import { contextPassages, mapSupports, readContext, readSupportingFacts } from './context';
import { planRefProblems, withResolved } from './plan';
import { share, sniff } from './sniff';
import { loadWith } from './stream';
import { evidencePlan, readEvidences } from './twowiki';
import { unquoteCsv } from '../text/csv-quote';
import type { DatasetLoader, GoldStep, LoadOptions, LoadResult, Passage, Question } from './types';

/** Splits FlashRAG `contents` into title and text, unquoting a CSV-quoted title. */
export function splitContents(contents: string): { title: string; text: string } {
  const nl = contents.indexOf('\n');
  if (nl < 0) return { title: '', text: contents.trim() };
  return { title: unquoteCsv(contents.slice(0, nl)), text: contents.slice(nl + 1).trim() };
}

export const flashragCorpusLoader: DatasetLoader = {
  id: 'flashrag-corpus',
  label: 'FlashRAG corpus',
  container: 'json',
  detect(sample, fileName) {
    const s = sniff(sample, fileName);
    if (!s.json) return 0;
    const shaped = share(
      s,
      (r) => (typeof r.id === 'string' || typeof r.id === 'number') && typeof r.contents === 'string',
    );
    if (shaped) return 0.9 * shaped;
    if (!s.records.length && s.keys.has('contents') && s.keys.has('id')) return 0.6;
    return 0;
  },
  begin(fileName, options) {
    return collectingSink(
      {
        format: 'flashrag-corpus',
        label: 'FlashRAG corpus',
        fileName,
        options,
        corpus: 'always',
        questions: 'never',
        passageIds: 'given',
      },
      (record, check) => corpusRecord(record, check),
    );
  },
};

function corpusRecord(record: unknown, check: RecordCheck) {
  if (!isObj(record)) {
    check.error(undefined, `a corpus record should be an object, not ${kindOf(record)}`);
    return undefined;
  }
  const id = check.str(record, 'id', 'id', true);
  let title: string | undefined;
  let text: string | undefined;
  if (record.contents !== undefined) {
    const contents = check.str(record, 'contents');
    if (contents !== undefined) ({ title, text } = splitContents(contents));
    const t = check.optStr(record, 'title');
    if (t !== undefined) title = t.trim();
    if (contents !== undefined && !text) check.error('contents', 'no text after the title line');
  } else if (record.text !== undefined) {
    text = check.str(record, 'text')?.trim();
    title = check.optStr(record, 'title')?.trim() ?? '';
  } else check.error('contents', 'missing "contents" (or "text")');
  if (!check.ok || id === undefined || text === undefined) return undefined;
  return { passages: [{ id: id.trim(), title: title ?? '', text }] };
}

export const flashragQuestionsLoader: DatasetLoader = {
  id: 'flashrag-questions',
  label: 'FlashRAG questions',
  container: 'json',
  detect(sample, fileName) {
    const s = sniff(sample, fileName);
    if (!s.json) return 0;
    const shaped = share(s, (r) => typeof r.question === 'string' && Array.isArray(r.golden_answers));
    // A FlashRAG run's intermediate_data.json has the same fields plus the run's `output`:
    // its questions can be read, but it is a trajectory log first.
    const run = share(s, (r) => isObj(r.output)) > 0 || s.keys.has('final_response') ? 0.5 : 1;
    if (shaped) return 0.9 * shaped * run;
    if (!s.records.length && s.keys.has('golden_answers') && s.keys.has('question')) return 0.6 * run;
    return 0;
  },
  begin(fileName, options) {
    return collectingSink(
      {
        format: 'flashrag-questions',
        label: 'FlashRAG questions',
        fileName,
        options,
        corpus: 'if-any',
        questions: 'always',
        passageIds: 'derived',
      },
      (record, check) => questionRecord(record, check, fileName),
    );
  },
};

function questionRecord(record: unknown, check: RecordCheck, fileName: string) {
  if (!isObj(record)) {
    check.error(undefined, `a question record should be an object, not ${kindOf(record)}`);
    return undefined;
  }
  const question = check.str(record, 'question');
  const id = record.id === undefined ? undefined : check.str(record, 'id', 'id', true);
  let answers: string[] = [];
  const ga = record.golden_answers;
  if (typeof ga === 'string') answers = [ga];
  else if (ga === undefined || ga === null) check.error('golden_answers', 'missing "golden_answers"');
  else answers = check.optStrings(record, 'golden_answers') ?? [];
  if (record.metadata !== undefined && record.metadata !== null && !isObj(record.metadata))
    check.error('metadata', `"metadata" should be an object, not ${kindOf(record.metadata)}`);
  if (!check.ok || question === undefined) return undefined;

  const q: Question = {
    id: id?.trim() ?? questionIdFromText('q-', question),
    question: question.trim(),
    answers: uniqueStrings(answers),
    source: { format: 'flashrag-questions', file: fileName, line: check.line },
  };
  const passages = isObj(record.metadata) ? readMetadata(record.metadata, q, check) : [];
  readHopscopeGold(record, q, check);
  // Everything else is kept, except a run's `output` (the trajectory, imported elsewhere).
  const meta: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record))
    if (!['id', 'question', 'golden_answers', 'output', 'decomposition', 'supports'].includes(k)) meta[k] = v;
  if (Object.keys(meta).length) q.meta = meta;
  return { passages, question: q };
}

/**
 * Hopscope's own question-set fields (the bundled demo world writes them): `type`,
 * `decomposition: [{question, answer, supports: [passage id]}]` with `#n` references, and
 * `supports: [passage id]`. Ids refer to a corpus loaded separately, so they are kept as given.
 */
function readHopscopeGold(record: Record<string, unknown>, q: Question, check: RecordCheck): void {
  if (typeof record.type === 'string' && q.type === undefined) q.type = record.type;
  if (record.supports !== undefined) {
    const s = check.optStrings(record, 'supports');
    if (s && s.length) q.supports = uniqueStrings(s);
  }
  if (record.decomposition === undefined || q.plan) return;
  if (!Array.isArray(record.decomposition)) {
    check.warn(
      'decomposition',
      `"decomposition" should be a list, not ${kindOf(record.decomposition)} (ignored)`,
    );
    return;
  }
  const plan: GoldStep[] = [];
  let ok = true;
  record.decomposition.forEach((s, i) => {
    const at = `decomposition.${i}`;
    if (!isObj(s) || typeof s.question !== 'string') {
      check.warn(at, 'a sub-question should be an object with a "question" string (decomposition ignored)');
      ok = false;
      return;
    }
    const step: GoldStep = {
      question: s.question.trim(),
      answer: typeof s.answer === 'string' ? s.answer.trim() : '',
    };
    if (Array.isArray(s.supports))
      step.supports = s.supports.filter((x): x is string => typeof x === 'string');
    plan.push(step);
  });
  if (!ok) return;
  const problems = planRefProblems(plan);
  for (const [i, msg] of problems)
    check.warn(`decomposition.${i}.question`, `${msg} (decomposition ignored)`);
  if (problems.length) return;
  q.plan = withResolved(plan);
  q.planSource = 'dataset';
  if (!q.supports) {
    const stepSupports = uniqueStrings(plan.flatMap((s) => s.supports ?? []));
    if (stepSupports.length) q.supports = stepSupports;
  }
}

/** Reads the gold in `metadata` into `q`; problems become warnings on the record. */
function readMetadata(m: Record<string, unknown>, q: Question, check: RecordCheck): Passage[] {
  const passages: Passage[] = [];
  if (typeof m.type === 'string') q.type = m.type;
  if (typeof m.answerable === 'boolean') q.answerable = m.answerable;
  const part = (name: string, read: (c: RecordCheck) => void) => {
    const c = new RecordCheck(check.line);
    read(c);
    for (const i of c.issues)
      check.warn(`metadata.${i.field ?? name}`, `${i.message} (metadata.${name} ignored)`);
    return c.ok;
  };

  // HotpotQA / 2Wiki: context paragraphs and supporting facts.
  let supports: string[] = [];
  let ctx: ReturnType<typeof contextPassages> | null = null;
  if (m.context !== undefined) {
    part('context', (c) => {
      const paragraphs = readContext(m.context, 'context', c);
      const got = contextPassages(paragraphs);
      let mapped: ReturnType<typeof mapSupports> | null = null;
      if (m.supporting_facts !== undefined)
        mapped = mapSupports(readSupportingFacts(m.supporting_facts, 'supporting_facts', c), got, c);
      if (!c.ok) return;
      ctx = got;
      passages.push(...got.passages);
      q.contextIds = got.ids;
      if (mapped) {
        supports = mapped.supports;
        q.supports = mapped.supports;
        q.supportFacts = mapped.supportFacts;
      }
    });
  }

  // MuSiQue: the decomposition, with each step's support paragraph.
  if (Array.isArray(m.question_decomposition)) {
    const steps = m.question_decomposition;
    part('question_decomposition', (c) => {
      const plan: GoldStep[] = [];
      const own: Passage[] = [];
      steps.forEach((s, i) => {
        const at = `question_decomposition.${i}`;
        if (!isObj(s)) return c.error(at, `a sub-question should be an object, not ${kindOf(s)}`);
        const question = c.str(s, 'question', `${at}.question`) ?? '';
        const answer = c.optStr(s, 'answer', `${at}.answer`) ?? '';
        const step: GoldStep = { question: question.trim(), answer: answer.trim() };
        const sp = s.support_paragraph;
        if (isObj(sp) && typeof sp.paragraph_text === 'string') {
          const title = typeof sp.title === 'string' ? sp.title.trim() : '';
          const text = sp.paragraph_text.trim();
          const id = passageId(title, text);
          if (!own.some((p) => p.id === id)) own.push({ id, title, text });
          step.supports = [id];
        }
        plan.push(step);
      });
      for (const [i, msg] of planRefProblems(plan)) c.error(`question_decomposition.${i}.question`, msg);
      if (!c.ok) return;
      q.plan = withResolved(plan);
      q.planSource = 'dataset';
      for (const p of own) if (!passages.some((x) => x.id === p.id)) passages.push(p);
      const stepSupports = uniqueStrings(plan.flatMap((s) => s.supports ?? []));
      if (stepSupports.length && !q.supports) q.supports = stepSupports;
    });
  }

  // 2Wiki: evidence triples (a plan when the record has no decomposition).
  if (m.evidences !== undefined) {
    part('evidences', (c) => {
      const ev = readEvidences(m.evidences, 'evidences', c);
      if (!ev || !c.ok) return;
      q.evidences = ev;
      if (!q.plan && ev.length) {
        q.plan = evidencePlan(ev, ctx, supports);
        q.planSource = 'evidences';
      }
    });
  }
  return passages;
}

export function loadFlashragCorpus(
  text: string,
  fileName = 'corpus.jsonl',
  options?: LoadOptions,
): LoadResult {
  return loadWith(flashragCorpusLoader, text, fileName, options);
}

export function loadFlashragQuestions(
  text: string,
  fileName = 'dev.jsonl',
  options?: LoadOptions,
): LoadResult {
  return loadWith(flashragQuestionsLoader, text, fileName, options);
}
