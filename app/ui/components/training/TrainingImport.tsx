import { type DragEvent, useRef, useState } from 'react';
import {
  type RunImportProgress,
  shareRead,
  timeLeftMs,
  timeLeftText,
} from '../../../core/training/import-progress';
import { folderFollowSupported, followFolder } from '../../../services/training-follow';
import { isAbort } from '../../../core/abort';
import { importTrainingRun, type TrainingImportResult } from '../../data/training-import';

/** The run name a picked folder suggests: its own name (`webkitRelativePath`'s first part). */
function folderOf(files: readonly File[]): string {
  const rel = (files[0] as (File & { webkitRelativePath?: string }) | undefined)?.webkitRelativePath ?? '';
  return rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '';
}

/** A dropped item's handle, where the browser gives one (Chromium: a dropped folder can be followed). */
type HandleItem = DataTransferItem & { getAsFileSystemHandle?: () => Promise<FileSystemHandle | null> };

/**
 * Importing a training run: follow its dump folder (new step files import as they appear), or
 * import a folder or step files once. Dropping a folder follows it where the browser can.
 */
export function TrainingImport() {
  const [run, setRun] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [bytes, setBytes] = useState<RunImportProgress | null>(null);
  const [result, setResult] = useState<TrainingImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);
  // The running import's Cancel (a run of 2,000 step files takes a while: the user may stop it).
  const stopper = useRef<AbortController | null>(null);
  const [over, setOver] = useState(false);
  const folderInput = useRef<HTMLInputElement>(null);
  const canFollow = folderFollowSupported();

  const importFiles = async (files: File[], name: string) => {
    setError(null);
    setResult(null);
    setCancelled(null);
    const started = performance.now();
    const stop = new AbortController();
    stopper.current = stop;
    try {
      setResult(
        await importTrainingRun(
          files,
          name,
          (file, k, n) => setBusy(`Importing ${file} (${k} of ${n})…`),
          (done, total) => setBytes({ done, total, elapsedMs: performance.now() - started }),
          stop.signal,
        ),
      );
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      if (isAbort(e, stop.signal)) setCancelled(message);
      else setError(message);
    } finally {
      stopper.current = null;
      setBusy(null);
      setBytes(null);
    }
  };

  const follow = async (handle: FileSystemDirectoryHandle) => {
    setError(null);
    try {
      await followFolder(handle, run.trim() || handle.name);
    } catch (e) {
      setError(`Could not follow ${handle.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  const pickFolder = async () => {
    try {
      const handle = await window.showDirectoryPicker!({ id: 'hopscope-training', mode: 'read' });
      await follow(handle);
    } catch (e) {
      // Closing the picker is not an error.
      if (!(e instanceof DOMException && e.name === 'AbortError')) setError(String(e));
    }
  };

  const onDrop = async (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const items = [...e.dataTransfer.items] as HandleItem[];
    // Handles must be asked for before the event returns: collect the promises first.
    const handles = canFollow ? items.map((i) => i.getAsFileSystemHandle?.() ?? Promise.resolve(null)) : [];
    const files = [...e.dataTransfer.files];
    for (const h of await Promise.all(handles))
      if (h && h.kind === 'directory') return follow(h as FileSystemDirectoryHandle);
    if (files.length) await importFiles(files, run.trim() || 'run');
  };

  return (
    <section
      className={`training-import${over ? ' over' : ''}`}
      data-testid="training-import"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => void onDrop(e)}
      aria-label="Import a training run"
    >
      <div className="training-import-row">
        <label>
          Run name{' '}
          <input
            value={run}
            onChange={(e) => setRun(e.target.value)}
            placeholder="the folder's name"
            data-testid="training-run-name"
          />
        </label>
        {canFollow ? (
          <button type="button" onClick={() => void pickFolder()} data-testid="training-follow-folder">
            Follow a dump folder…
          </button>
        ) : (
          <span className="muted" data-testid="training-no-follow">
            This browser cannot watch a folder (no File System Access API): import the step files below, and
            pick the folder again to add new steps.
          </span>
        )}
        <button type="button" onClick={() => folderInput.current?.click()}>
          Import a folder once…
        </button>
        <input
          ref={folderInput}
          type="file"
          hidden
          multiple
          {...{ webkitdirectory: '' }}
          data-testid="training-folder-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length) void importFiles(files, run.trim() || folderOf(files) || 'run');
          }}
        />
        <label className="training-files">
          or step files{' '}
          <input
            type="file"
            multiple
            accept=".jsonl,.json,.ndjson"
            data-testid="training-files-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length) void importFiles(files, run.trim() || 'run');
            }}
          />
        </label>
      </div>
      <p className="muted small">
        A folder of rollout dumps, one file per step (veRL&apos;s <code>rollout_data_dir</code>:{' '}
        <code>{'{step}'}.jsonl</code>). Drop it here{canFollow ? ' to follow it' : ''}.
      </p>
      {busy && (
        <p role="status" data-testid="training-import-busy">
          {busy}
          {bytes && <RunProgress progress={bytes} />}{' '}
          <button type="button" onClick={() => stopper.current?.abort()} data-testid="training-import-cancel">
            Cancel
          </button>
        </p>
      )}
      {cancelled && (
        <p role="status" data-testid="training-import-cancelled">
          {cancelled}
        </p>
      )}
      {error && <p className="error-text">{error}</p>}
      {result && <ImportResult result={result} />}
    </section>
  );
}

/** The share of the run read and the time left at the rate so far (core/training/import-progress). */
function RunProgress({ progress }: { progress: RunImportProgress }) {
  const share = shareRead(progress);
  const left = timeLeftText(timeLeftMs(progress));
  return (
    <span className="training-import-progress">
      {' '}
      <progress value={share} max={1} aria-label="Share of the run imported" />{' '}
      <span data-testid="training-import-share">{Math.floor(share * 100)}%</span>
      {left && <span data-testid="training-import-eta"> · {left}</span>}
    </span>
  );
}

function ImportResult({ result }: { result: TrainingImportResult }) {
  return (
    <div role="status" data-testid="training-import-result">
      {result.files} file{result.files === 1 ? '' : 's'} read as run <b>{result.run}</b>: {result.imported}{' '}
      sample{result.imported === 1 ? '' : 's'} imported
      {result.issues > 0 && `, ${result.issues} line${result.issues === 1 ? '' : 's'} reported`}.
      {result.problems.length > 0 && (
        <details className="training-import-problems">
          <summary>What was not imported</summary>
          <ul>
            {result.problems.slice(0, 20).map((p, k) => (
              <li key={k}>{p}</li>
            ))}
            {result.problems.length > 20 && (
              <li className="muted">
                and {result.problems.length - 20} more (the Import dialog&apos;s Earlier imports list every
                file&apos;s)
              </li>
            )}
          </ul>
        </details>
      )}
      {result.warnings.length > 0 && (
        <details className="training-import-problems" data-testid="training-import-warnings">
          <summary>Warnings (imported)</summary>
          <ul>
            {result.warnings.map((w, k) => (
              <li key={k}>{w}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
