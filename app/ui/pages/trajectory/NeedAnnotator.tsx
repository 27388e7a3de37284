import { useState } from 'react';
import { useUi } from '../../state/ui-store';

/** Asks for the reader's name, once, before the first label. */
export function NeedAnnotator() {
  const setAnnotator = useUi((s) => s.setAnnotator);
  const [name, setName] = useState('');
  return (
    <form
      className="need-annotator"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) setAnnotator(name.trim());
      }}
    >
      <label htmlFor="annotator-name">Your name, once, to start labelling:</label>
      <input
        id="annotator-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder="annotator"
      />
      <button type="submit">Start</button>
    </form>
  );
}
