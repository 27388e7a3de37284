// The gold-plan rewrite over every operator form in the shared benchmark subsets, plus
// hand-checked examples.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDataset } from './registry';
import { goldStepQuestion, RELATION_TEMPLATES, rewriteSubQuestion } from './plan-rewrite';
import { questionGold } from './gold-join';

const DATA = path.resolve(__dirname, '../../../../shared/data');
const read = (rel: string) => readFileSync(path.join(DATA, rel), 'utf8');

/** Every `subject >> relation` sub-question in MuSiQue's file, read straight from its JSON. */
function musiqueOperatorForms(): string[] {
  const out = new Set<string>();
  for (const line of read('musique/dev_subset.jsonl').split('\n')) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line) as { question_decomposition: Array<{ question: string }> };
    for (const s of rec.question_decomposition) if (s.question.includes('>>')) out.add(s.question);
  }
  return [...out];
}

describe('MuSiQue operator forms → questions', () => {
  const forms = musiqueOperatorForms();
  const relations = [...new Set(forms.map((f) => f.split('>>')[1]!.trim()))];

  it('the file holds operator forms of many relations', () => {
    expect(forms.length).toBeGreaterThan(100);
    expect(relations.length).toBeGreaterThan(30);
  });

  it.each(relations)('relation "%s" has its own template', (relation) => {
    expect(Object.hasOwn(RELATION_TEMPLATES, relation)).toBe(true);
  });

  it('rewrites every operator form in the file into a question ending in "?" without ">>", subject kept', () => {
    for (const form of forms) {
      const { question, rule } = rewriteSubQuestion(form);
      const subject = form.split('>>')[0]!.trim();
      expect(rule, form).toBe('relation');
      expect(question.endsWith('?'), form).toBe(true);
      expect(question, form).not.toContain('>>');
      expect(question, form).toContain(subject);
    }
  });

  it('rewrites every step of every loaded MuSiQue plan, operator or not, into a question', () => {
    const set = loadDataset(read('musique/dev_subset.jsonl'), 'musique/dev_subset.jsonl').questions;
    const steps = (set?.questions ?? []).flatMap((q) => questionGold(q).plan ?? []);
    expect(steps.length).toBeGreaterThan(400);
    for (const s of steps) {
      expect(s.question, s.text).toMatch(/\?$/);
      expect(s.question, s.text).not.toContain('>>');
    }
    // Raw and rewritten both stay on the gold plan.
    expect(steps).toContainEqual(
      expect.objectContaining({ text: '#1 >> capital', question: 'What is the capital of #1?' }),
    );
  });

  it("covers 2WikiMultiHopQA's evidence relations too (its plans use the same form)", () => {
    const set = loadDataset(read('2wikimultihopqa/dev_subset.json'), '2wikimultihopqa/dev_subset.json');
    const steps = (set.questions?.questions ?? []).flatMap((q) => q.plan ?? []);
    expect(steps.length).toBeGreaterThan(100);
    for (const s of steps) expect(rewriteSubQuestion(s.question).rule, s.question).toBe('relation');
  });
});

describe('hand-checked rewrites', () => {
  it.each([
    ['#1 >> capital', 'What is the capital of #1?'],
    [
      'Van Hook Township >> located in the administrative territorial entity',
      'In which administrative territorial entity is Van Hook Township located?',
    ],
    ['Anna Benson >> spouse', 'Who is the spouse of Anna Benson?'],
    ['#1 >> member of sports team', 'Which sports team is #1 a member of?'],
    ['Don Werner >> place of birth', 'Where was Don Werner born?'],
    ['#2 >> shares border with', 'What shares a border with #2?'],
    ['The Miami Hurricane >> owned by', 'Who owns The Miami Hurricane?'],
    ['Crockett County >> named after', 'Who or what is Crockett County named after?'],
    ['#1 >> capital of', 'What is #1 the capital of?'],
    ['Ban Pakpo >> country', 'Which country is Ban Pakpo in?'],
    ['Kichi Sipi Bridge >> crosses', 'What does Kichi Sipi Bridge cross?'],
    ['#1 >> date of birth', 'When was #1 born?'],
    // Natural Questions steps: already questions, only the form is fixed.
    ['who played susie in miracle on 34th street', 'Who played susie in miracle on 34th street?'],
    ['Why did Roncalli leave #2 ?', 'Why did Roncalli leave #2?'],
    ['When did #2 reinstate the death penalty?', 'When did #2 reinstate the death penalty?'],
  ])('%s → %s', (raw, want) => {
    expect(rewriteSubQuestion(raw).question).toBe(want);
  });

  it('an unknown relation gets the generic template; a prototype key is not a relation', () => {
    expect(rewriteSubQuestion('Film X >> narrative location')).toEqual({
      question: 'What is the narrative location of Film X?',
      rule: 'generic',
    });
    expect(rewriteSubQuestion('X >> constructor').rule).toBe('generic');
  });

  it('a gold step keeps its stored question, else is rewritten from its text', () => {
    expect(goldStepQuestion({ text: '#1 >> capital', question: 'Which city is the seat of #1?' })).toBe(
      'Which city is the seat of #1?',
    );
    expect(goldStepQuestion({ text: '#1 >> capital' })).toBe('What is the capital of #1?');
  });
});
