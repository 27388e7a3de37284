import { useMemo, useState } from 'react';
import type { Question } from '../../../core/corpus/types';
import { useQuestionSet, useQuestionSets } from '../../data/corpus/corpora';
import { useRunConfig } from '../../state/run-config';

/** The question to run: from a loaded question set (with its gold), or typed. */
export function QuestionPicker({ onPicked }: { onPicked?: (q: Question | null) => void }) {
  const choice = useRunConfig((s) => s.question);
  const setChoice = useRunConfig((s) => s.setQuestion);
  const sets = useQuestionSets();
  const setId = choice.setId || sets.data?.[0]?.id || '';
  const set = useQuestionSet(setId || null);
  const [filter, setFilter] = useState('');
  const questions = useMemo(() => {
    const all = set.data?.questions ?? [];
    const f = filter.trim().toLowerCase();
    return f ? all.filter((q) => q.question.toLowerCase().includes(f)) : all;
  }, [set.data, filter]);
  const typed = choice.setId === '' && choice.typed !== '';
  return (
    <div className="question-picker">
      <div className="seg" role="group" aria-label="Question source">
        <button type="button" className={!typed ? 'on' : ''} onClick={() => setChoice({ setId, typed: '' })}>
          From a question set
        </button>
        <button
          type="button"
          className={typed ? 'on' : ''}
          data-testid="typed-question-tab"
          onClick={() => setChoice({ setId: '', typed: choice.typed || ' ' })}
        >
          Type one
        </button>
      </div>
      {typed ? (
        <textarea
          rows={2}
          value={choice.typed.trimStart()}
          data-testid="typed-question"
          placeholder="Your question (no gold answer: EM and rewards that need gold stay empty)"
          onChange={(e) => setChoice({ typed: e.target.value || ' ' })}
        />
      ) : (
        <>
          <div className="row">
            <select
              value={setId}
              aria-label="Question set"
              onChange={(e) => setChoice({ setId: e.target.value, qid: '' })}
            >
              {(sets.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.questions})
                </option>
              ))}
            </select>
            <input
              type="search"
              className="grow"
              placeholder="filter"
              value={filter}
              aria-label="Filter questions"
              onChange={(e) => setFilter(e.target.value)}
            />
          </div>
          <select
            size={6}
            className="question-select"
            value={choice.qid}
            data-testid="question-select"
            aria-label="Question"
            onChange={(e) => {
              setChoice({ setId, qid: e.target.value });
              onPicked?.(set.data?.questions.find((q) => q.id === e.target.value) ?? null);
            }}
          >
            {questions.map((q) => (
              <option key={q.id} value={q.id}>
                {q.type ? `[${q.type}] ` : ''}
                {q.question}
              </option>
            ))}
          </select>
        </>
      )}
    </div>
  );
}

/** The chosen question with its gold, or the typed text. */
export function useChosenQuestion(): { question: string; q: Question | null; setName: string | null } {
  const choice = useRunConfig((s) => s.question);
  const sets = useQuestionSets();
  const setId = choice.setId || (choice.typed ? '' : sets.data?.[0]?.id) || '';
  const set = useQuestionSet(setId || null);
  if (!setId) return { question: choice.typed.trim(), q: null, setName: null };
  const q = set.data?.questions.find((x) => x.id === choice.qid) ?? null;
  return { question: q?.question ?? '', q, setName: set.data?.name ?? null };
}
