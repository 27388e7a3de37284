// The model judge's rubric, editable: its version (a hash of the text) is part of every cached
// reply's key and names the judge in Calibrate, so an edit starts a new annotator, never
// overwriting what the old rubric said.
import { useState } from 'react';
import { DEFAULT_SEARCH_RUBRIC, rubricVersion } from '../../../core/diagnose/search-judge-rubric';
import { useRubric, useRubricState } from '../../state/search-judge-rubric';

export function RubricEditor() {
  const rubric = useRubric();
  const edited = useRubricState((s) => s.edited) !== null;
  const setRubric = useRubricState((s) => s.setRubric);
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <details className="calib-card" data-testid="search-judge-rubric">
      <summary>
        Model judge rubric <b data-testid="search-judge-rubric-version">{rubricVersion(rubric)}</b>{' '}
        <span className="muted small">{edited ? 'edited' : 'default'}</span>
      </summary>
      <p className="small muted">
        The instructions the model judge reads with every trajectory (run it from a trajectory&apos;s Diagnose
        tab or over the table&apos;s rows). Saving an edit makes a new version: replies are cached per
        version, and each version is its own annotator below.
      </p>
      <textarea
        rows={14}
        style={{ width: '100%' }}
        value={draft ?? rubric}
        onChange={(e) => setDraft(e.target.value)}
        aria-label="Model judge rubric"
        data-testid="search-judge-rubric-text"
      />
      <div className="row">
        <button
          type="button"
          disabled={draft === null || draft === rubric}
          onClick={() => {
            setRubric(draft);
            setDraft(null);
          }}
          data-testid="search-judge-rubric-save"
        >
          Save as {draft !== null && draft.trim() !== '' ? rubricVersion(draft) : 'new version'}
        </button>
        <button
          type="button"
          disabled={!edited && draft === null}
          onClick={() => {
            setRubric(null);
            setDraft(null);
          }}
        >
          Back to the default ({rubricVersion(DEFAULT_SEARCH_RUBRIC)})
        </button>
      </div>
    </details>
  );
}
