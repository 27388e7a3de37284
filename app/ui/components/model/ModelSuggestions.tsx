import { modelsFor } from '../../../../models/registry';

/** A <datalist> of known models for a model-id input (`list={id}`); any other id works too. */
export function ModelSuggestions({
  id,
  task,
}: {
  id: string;
  task: 'text-generation' | 'feature-extraction';
}) {
  return (
    <datalist id={id}>
      {modelsFor(task).map((m) => (
        <option key={m.id} value={m.id}>
          {m.label} · {m.note}
        </option>
      ))}
    </datalist>
  );
}
