import { plural } from '../../../core/plural';
import { useMemo, useState } from 'react';
import type { Question } from '../../../core/corpus/types';
import { rewriteSubQuestion } from '../../../core/corpus/plan-rewrite';
import type { QuestionSetSummary } from '../../../db/corpus-store';
import { useQuestionSet } from '../../data/corpus/corpora';

/**
 * A question set's questions with their gold answers and gold plans. Clicking a question (or one
 * of its gold sub-questions, `#n` resolved) searches it, with its supporting passages marked.
 */
export function QuestionList({
  sets,
  onAsk,
  selectedId,
}: {
  sets: QuestionSetSummary[];
  onAsk: (query: string, q: Question) => void;
  selectedId: string | null;
}) {
  const [setId, setSetId] = useState<string | null>(null);
  const current = sets.find((s) => s.id === setId) ?? sets[0] ?? null;
  const data = useQuestionSet(current?.id ?? null);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const questions = useMemo(() => {
    const all = data.data?.questions ?? [];
    const f = filter.trim().toLowerCase();
    return f
      ? all.filter((q) => `${q.question} ${q.answers.join(' ')} ${q.type ?? ''}`.toLowerCase().includes(f))
      : all;
  }, [data.data, filter]);

  if (sets.length === 0)
    return <p className="muted small">No question set is linked to this corpus. Load one with “Load…”.</p>;

  return (
    <div className="question-list" data-testid="question-list">
      <div className="row">
        {sets.length > 1 ? (
          <select
            value={current?.id ?? ''}
            onChange={(e) => setSetId(e.target.value)}
            aria-label="Question set"
          >
            {sets.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.questions})
              </option>
            ))}
          </select>
        ) : (
          <span className="small">
            {current?.name} · {plural(current?.questions ?? 0, 'question')}
          </span>
        )}
        <input
          type="search"
          placeholder="filter"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="grow"
          aria-label="Filter questions"
        />
      </div>
      <ul>
        {questions.map((q) => (
          <li key={q.id} className={selectedId === q.id ? 'selected' : ''}>
            <div className="q-row">
              <button
                type="button"
                className="q-text link"
                onClick={() => onAsk(q.question, q)}
                title="Search this question"
                data-testid="question"
              >
                {q.question}
              </button>
              {q.type && <span className="pill">{q.type}</span>}
            </div>
            <div className="q-meta small">
              <span className="muted">answer</span> {q.answers[0] ?? '—'}
              {q.plan && q.plan.length > 0 && (
                <button type="button" className="link" onClick={() => setOpen(open === q.id ? null : q.id)}>
                  {open === q.id ? 'hide plan' : `plan (${q.plan.length})`}
                </button>
              )}
            </div>
            {open === q.id && q.plan && (
              <ol className="gold-plan small">
                {q.plan.map((s, i) => (
                  <li key={i}>
                    <button
                      type="button"
                      className="link"
                      title="Search this sub-question"
                      onClick={() =>
                        onAsk(s.resolved ?? s.question, { ...q, supports: s.supports ?? q.supports ?? [] })
                      }
                    >
                      {s.question}
                    </button>
                    {rewriteSubQuestion(s.question).question !== s.question && (
                      <span
                        className="muted"
                        title="As a question, the form APEX's plan reward compares with"
                      >
                        {' '}
                        ({rewriteSubQuestion(s.question).question})
                      </span>
                    )}
                    {s.resolved && <span className="muted"> → {s.resolved}</span>}
                    {s.answer && <span> = {s.answer}</span>}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
