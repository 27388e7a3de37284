// What a batch or a sweep runs over: a question set, its first N questions, and a name. One set of
// fields for both forms, so they read and validate the same.
import type { useQuestionSets } from '../../data/corpus/corpora';

export function BatchScopeFields({
  kind,
  sets,
  setId,
  onSetId,
  n,
  onN,
  name,
  onName,
}: {
  kind: 'batch' | 'sweep' | 'ablation';
  sets: ReturnType<typeof useQuestionSets>['data'];
  setId: string;
  onSetId: (id: string) => void;
  n: number;
  onN: (n: number) => void;
  name: string;
  onName: (name: string) => void;
}) {
  return (
    <>
      <label>
        Questions
        <select
          value={setId}
          onChange={(e) => onSetId(e.target.value)}
          aria-label={`Question set for the ${kind}`}
        >
          {(sets ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.questions})
            </option>
          ))}
        </select>
      </label>
      <label>
        First
        <input
          type="number"
          min={1}
          value={n}
          data-testid={`${kind}-n`}
          onChange={(e) => onN(Math.max(1, Number(e.target.value) || 1))}
        />
      </label>
      <label>
        Name
        <input value={name} placeholder="optional" onChange={(e) => onName(e.target.value)} />
      </label>
    </>
  );
}
