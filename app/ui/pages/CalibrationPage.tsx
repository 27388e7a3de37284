// Calibration: the trace-only detectors measured against each annotator's labels (confusion
// matrices, precision, recall, F1, exact sufficiency points) and annotators against each other
// (Cohen's kappa for two, Fleiss' for more), every disagreement one click from its step. Labels
// import and export in the shared over/under-search format; the queue picks what to label next.
// The model judge is one more annotator: the detector against it, and it against each person.
import { useEffect, useRef, useState } from 'react';
import type { Scores } from '../../core/diagnose/agreement';
import type { AnnotatorCalibration, JudgeCalibration } from '../../services/judges/calibration';
import { ConfidenceScores } from '../components/calibration/ConfidenceScores';
import { Disagreements } from '../components/calibration/Disagreements';
import { RaterPairs } from '../components/calibration/RaterPairs';
import { RubricEditor } from '../components/search-judge/RubricEditor';
import {
  exportLabels,
  labelQueueState,
  useCalibration,
  useImportLabels,
  useLabelQueue,
} from '../data/judges/calibration';
import { downloadText, stamp } from '../data/export/download';
import { isTyping } from '../keyboard';
import { navigate } from '../state/router';
import { useUi } from '../state/ui-store';

const fmt = (v: number | null) => (v === null ? '–' : v.toFixed(3));

function ScoreRow({ name, s }: { name: string; s: Scores }) {
  return (
    <tr>
      <th scope="row">{name}</th>
      <td data-testid="precision">{fmt(s.precision)}</td>
      <td data-testid="recall">{fmt(s.recall)}</td>
      <td data-testid="f1">{fmt(s.f1)}</td>
      <td>{s.tp}</td>
      <td>{s.fp}</td>
      <td>{s.fn}</td>
      <td>{s.tn}</td>
    </tr>
  );
}

function Confusion({ title, unit, s }: { title: string; unit: string; s: Scores }) {
  return (
    <table className="confusion" aria-label={`${title} confusion matrix`}>
      <caption>
        {title} <span className="muted small">({unit}; rows: label, columns: detector)</span>
      </caption>
      <thead>
        <tr>
          <th />
          <th scope="col">flagged</th>
          <th scope="col">not flagged</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">labelled</th>
          <td className="hit">{s.tp}</td>
          <td className="miss">{s.fn}</td>
        </tr>
        <tr>
          <th scope="row">not labelled</th>
          <td className="miss">{s.fp}</td>
          <td className="hit">{s.tn}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Precision, recall, F1 and the confusion counts of both verdicts, for a detector or a judge. */
function ScoresTable({ over, under }: { over: Scores; under: Scores }) {
  return (
    <table className="scores">
      <thead>
        <tr>
          <th />
          <th scope="col">Precision</th>
          <th scope="col">Recall</th>
          <th scope="col">F1</th>
          <th scope="col">TP</th>
          <th scope="col">FP</th>
          <th scope="col">FN</th>
          <th scope="col">TN</th>
        </tr>
      </thead>
      <tbody>
        <ScoreRow name="Over-search (per search)" s={over} />
        <ScoreRow name="Under-search (per trajectory)" s={under} />
      </tbody>
    </table>
  );
}

function AnnotatorCard({ c }: { c: AnnotatorCalibration }) {
  const a = c.detector;
  return (
    <section className="calib-card" data-testid="calibration-annotator" data-annotator={c.annotator}>
      <h3>
        Detector vs <b>{c.annotator}</b> {c.model && <span className="pill">model, not a person</span>}{' '}
        <span className="muted small">
          {c.labelled} trajectories labelled, {c.complete} with every search labelled
        </span>
      </h3>
      <ScoresTable over={a.overSearch} under={a.underSearch} />
      <p data-testid="sufficiency-exact">
        Sufficiency point exact: {a.sufficiency.exact} / {a.sufficiency.total} ({fmt(a.sufficiency.rate)})
      </p>
      <div className="confusions">
        <Confusion title="Over-search" unit="searches" s={a.overSearch} />
        <Confusion title="Under-search" unit="trajectories" s={a.underSearch} />
      </div>
      <ConfidenceScores c={c.byConfidence} all={a} />
      <details>
        <summary>{c.disagreements.length} disagreements</summary>
        <Disagreements list={c.disagreements} />
      </details>
    </section>
  );
}

function JudgeCard({ c }: { c: JudgeCalibration }) {
  const s = c.scores;
  const k = c.kappa;
  return (
    <section
      className="calib-card"
      data-testid="calibration-judge"
      data-judge={c.judge}
      data-person={c.person}
    >
      <h3>
        <b>{c.judge}</b> vs <b>{c.person}</b>{' '}
        <span className="muted small">
          {s.trajectories} trajectories both labelled; {c.person}&apos;s labels are the truth
        </span>
      </h3>
      <p data-testid="judge-kappa">
        Search labels: {k.searches.agreed} of {k.searches.items} agree, Cohen&apos;s κ {fmt(k.searches.kappa)}
        . Under-search: {k.underSearch.agreed} of {k.underSearch.items} agree, κ {fmt(k.underSearch.kappa)}.
      </p>
      <ScoresTable over={s.overSearch} under={s.underSearch} />
      <p>
        Sufficiency point exact: {s.sufficiency.exact} / {s.sufficiency.total} ({fmt(s.sufficiency.rate)})
      </p>
      <details>
        <summary>{c.disagreements.length} disagreements</summary>
        <Disagreements list={c.disagreements} />
      </details>
    </section>
  );
}

export function CalibrationPage() {
  const cal = useCalibration();
  const annotator = useUi((s) => s.annotator);
  const setToast = useUi((s) => s.setToast);
  const importLabels = useImportLabels();
  const queue = useLabelQueue(annotator);
  const fileRef = useRef<HTMLInputElement>(null);
  const [importAs, setImportAs] = useState('');

  const startQueue = async () => {
    if (!annotator) {
      setToast('Set your name first: "Set annotator…" at the top right.');
      return;
    }
    const q = await labelQueueState(annotator);
    if (q.next) navigate({ page: 'trajectory', id: q.next.id, step: null });
    else setToast('Nothing left to label.');
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'Q') {
        e.preventDefault();
        void startQueue();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const report = importLabels.data;
  const data = cal.data;
  return (
    <div className="page calibration" data-testid="calibration">
      <h2>Calibration</h2>
      <p className="muted">
        The trace-only over/under-search detectors against your labels, and annotators against each other.
        Definitions and rules: the labelling guidelines (sufficiency point, necessary or redundant searches,
        under-search).
      </p>
      <div className="row">
        <label>
          Import as{' '}
          <input
            value={importAs}
            onChange={(e) => setImportAs(e.target.value)}
            placeholder={annotator || 'annotator'}
            aria-label="Annotator for imported labels"
          />
        </label>
        <button type="button" onClick={() => fileRef.current?.click()} data-testid="import-labels">
          Import labels…
        </button>
        <input
          ref={fileRef}
          type="file"
          hidden
          accept=".jsonl,.json,.ndjson"
          data-testid="labels-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) importLabels.mutate({ file: f, annotator: importAs.trim() || annotator || 'imported' });
          }}
        />
        <button
          type="button"
          disabled={!annotator}
          onClick={async () => {
            const r = await exportLabels(annotator);
            downloadText(`hopscope-labels-${annotator}-${stamp()}.jsonl`, r.text);
            setToast(
              `Exported ${r.count} labelled trajectories${r.incomplete ? `; ${r.incomplete} with unlabelled searches left out` : ''}.`,
            );
          }}
          title="Your fully labelled trajectories in the shared label format (FILE#N ids)"
        >
          Export my labels
        </button>
        <span className="spacer" />
        <button
          type="button"
          onClick={() => void startQueue()}
          data-testid="start-queue"
          title="Open the next trajectory to label (Q)"
        >
          Label next <kbd>Q</kbd>
        </button>
        {queue.data && (
          <span className="muted small" data-testid="queue-progress">
            {annotator}: {queue.data.done} of {queue.data.total} labelled
            {queue.data.next ? ` · next: ${queue.data.next.why}` : ''}
          </span>
        )}
      </div>
      {importLabels.error && <p className="error-text">{importLabels.error.message}</p>}
      {report && (
        <div className="import-report" data-testid="labels-report" role="status">
          Imported {report.matched} of {report.labels} labels from {report.file} ({report.annotations}{' '}
          annotations).
          {report.issues.length > 0 && (
            <ul>
              {report.issues.slice(0, 50).map((i) => (
                <li key={`${i.line}:${i.field ?? ''}`}>
                  {i.file} line {i.line}
                  {i.field ? ` (${i.field})` : ''}: {i.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {cal.isLoading && <p className="muted">Measuring…</p>}
      {cal.error && <p className="error-text">{String(cal.error)}</p>}
      {data && data.annotators.length === 0 && (
        <p className="muted" data-testid="calibration-empty">
          No search labels yet. Label searches with 1 (necessary) and 2 (over-search) on a trajectory, 0 for
          the sufficiency point, or import a labels file.
        </p>
      )}
      {data?.annotators.map((c) => (
        <AnnotatorCard key={c.annotator} c={c} />
      ))}
      {data?.judges.map((c) => (
        <JudgeCard key={`${c.judge}\u0000${c.person}`} c={c} />
      ))}
      <RubricEditor />
      {data && data.pairs.length > 0 && <RaterPairs pairs={data.pairs} between={data.between} />}
    </div>
  );
}
