import { useState } from 'react';
import { useUi } from '../../state/ui-store';

/**
 * The annotator's name, set once and kept in localStorage and IndexedDB; every label carries it.
 * A new name shows as saving until IndexedDB has it on disk, so what the badge confirms survives
 * a killed browser.
 */
export function AnnotatorBadge() {
  const { annotator, annotatorSaving, setAnnotator } = useUi();
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
      {annotatorSaving ? `Saving “${annotator}”…` : annotator ? `✎ ${annotator}` : 'Set annotator…'}
    </button>
  );
}
