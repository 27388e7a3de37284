import { useId, useRef, useState } from 'react';
import type { ModelSource } from '../../../runtime/model-source';
import { useIndexJobs } from '../../state/index-jobs';

/**
 * Vectors embedded offline (sentence-transformers, FlashRAG): a .npy matrix in corpus order or
 * the corpus JSONL with a vector field. They become the dense index without running the encoder;
 * the embedder above embeds queries and must be the model named here.
 */
export function PrecomputedVectors({
  corpusId,
  embedder,
  disabled,
}: {
  corpusId: string;
  embedder: () => ModelSource;
  disabled: boolean;
}) {
  const loadVectors = useIndexJobs((s) => s.loadVectors);
  const [madeBy, setMadeBy] = useState('');
  const [field, setField] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <details className="precomputed" data-testid="precomputed">
      <summary>Precomputed vectors (.npy or JSONL)</summary>
      <div className="form-grid">
        <label>
          Made by model
          <input
            value={madeBy}
            placeholder={embedder().modelId}
            onChange={(e) => setMadeBy(e.target.value)}
            spellCheck={false}
            data-testid="vectors-model"
          />
        </label>
        <label>
          JSONL field
          <input
            value={field}
            placeholder="embedding, vector…"
            onChange={(e) => setField(e.target.value)}
            spellCheck={false}
            data-testid="vectors-field"
          />
        </label>
      </div>
      <label htmlFor={id} className="small muted">
        One row per passage, in corpus order; float32 .npy of shape [passages, dims], or JSONL records with
        ids and a vector field. Queries are embedded with the model above, which must be the one named here.
      </label>
      <input
        id={id}
        ref={input}
        type="file"
        accept=".npy,.jsonl,.json,.ndjson"
        disabled={disabled}
        data-testid="vectors-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (!file) return;
          const src = embedder();
          void loadVectors(corpusId, file, src, madeBy.trim() || src.modelId, field.trim() || undefined);
          if (input.current) input.current.value = '';
        }}
      />
    </details>
  );
}
