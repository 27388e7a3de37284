import { useState } from 'react';
import { useUi } from '../../state/ui-store';

/** The annotator's name, set once and kept in localStorage; every label carries it. */
export function AnnotatorBadge() {
  const { annotator, setAnnotator } = useUi();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(annotator);
  if (editing) {
    return (
      <form
        className="annotator-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.trim()) setAnnotator(draft.trim());
          setEditing(false);
        }}
      >
        <input
          aria-label="Annotator name"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="your name"
          // biome-ignore lint/a11y/noAutofocus: the user just asked to edit this field
          autoFocus
        />
        <button type="submit">Save</button>
      </form>
    );
  }
  return (
    <button type="button" className="annotator" onClick={() => setEditing(true)} title="Annotator name">
      {annotator ? `✎ ${annotator}` : 'Set annotator…'}
    </button>
  );
}
