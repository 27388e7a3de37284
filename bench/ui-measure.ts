// Page-side measurements for `npm run bench -- ui`, passed to page.evaluate: each function is
// self-contained (it runs in the page, not in Node), so it may not use imports or closures.

/** Starts recording the longest gap between animation frames (the main thread's longest stall). */
export function startFrameGapMonitor(): void {
  const w = window as unknown as { __gap: { max: number; last: number; on: boolean } };
  w.__gap = { max: 0, last: performance.now(), on: true };
  const tick = (t: number) => {
    if (!w.__gap.on) return;
    w.__gap.max = Math.max(w.__gap.max, t - w.__gap.last);
    w.__gap.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

export function stopFrameGapMonitor(): number {
  const w = window as unknown as { __gap: { max: number; on: boolean } };
  w.__gap.on = false;
  return w.__gap.max;
}

/**
 * Runs a worker made from `src` on the file chosen in input `inputId`, posting it `{ file,
 * ...options }`; the worker answers `{ s }`, seconds. One page function for each floor below (a
 * function passed to page.evaluate cannot share code with another).
 */
export async function fileWorkerSeconds([inputId, src, options]: [
  string,
  string,
  Record<string, unknown>,
]): Promise<number> {
  const input = document.getElementById(inputId) as HTMLInputElement;
  const file = input.files![0]!;
  const url = URL.createObjectURL(new Blob([src], { type: 'text/javascript' }));
  const worker = new Worker(url);
  const out = await new Promise<{ s: number }>((res, rej) => {
    worker.onmessage = (e) => res(e.data as { s: number });
    worker.onerror = (e) => rej(new Error(e.message));
    worker.postMessage({ file, ...options });
  });
  worker.terminate();
  URL.revokeObjectURL(url);
  return out.s;
}

/**
 * The floor for an import, for fileWorkerSeconds: the file read as a stream, split into lines and
 * each line JSON.parsed (nothing built, validated or stored).
 */
export const PARSE_ONLY_WORKER = `onmessage = async (e) => {
    const t0 = performance.now();
    const reader = e.data.file.stream().pipeThrough(new TextDecoderStream()).getReader();
    let rest = '', n = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const lines = (rest + value).split('\\n');
      rest = lines.pop();
      for (const l of lines) if (l) { JSON.parse(l); n++; }
    }
    if (rest) { JSON.parse(rest); n++; }
    postMessage({ s: (performance.now() - t0) / 1000, n });
  };`;

/**
 * What storing alone costs, for fileWorkerSeconds with `{ sink }`: nothing built, validated or
 * derived; the file read and parsed as PARSE_ONLY_WORKER does, each record then written as it is,
 * 200 per transaction with the next batch parsed while one commits (as the import does). `idb`:
 * each parsed record put into an IndexedDB object store; `opfs`: each line's bytes written to a
 * file in the origin-private file system (a sync access handle, flushed every 200 records).
 */
export const STORE_ONLY_WORKER = `onmessage = async (e) => {
    const { file, sink } = e.data;
    const name = 'hopscope-bench-store-only';
    let db = null, fh = null, at = 0;
    const enc = new TextEncoder();
    if (sink === 'idb') {
      db = await new Promise((res, rej) => {
        const o = indexedDB.open(name, 1);
        o.onupgradeneeded = () => o.result.createObjectStore('records', { keyPath: 'n' });
        o.onsuccess = () => res(o.result);
        o.onerror = () => rej(o.error);
      });
    } else {
      const root = await navigator.storage.getDirectory();
      fh = await (await root.getFileHandle(name, { create: true })).createSyncAccessHandle();
    }
    let batch = [], committing = null, n = 0;
    const commit = async () => {
      const b = batch;
      batch = [];
      await committing;
      committing = new Promise((res, rej) => {
        const tx = db.transaction('records', 'readwrite');
        const store = tx.objectStore('records');
        for (const v of b) store.put(v);
        tx.oncomplete = res;
        tx.onerror = () => rej(tx.error);
        tx.onabort = () => rej(tx.error);
      });
    };
    const take = async (line) => {
      const value = JSON.parse(line);
      n++;
      if (fh) {
        at += fh.write(enc.encode(line), { at });
        if (n % 200 === 0) fh.flush();
        return;
      }
      batch.push({ n, value });
      if (batch.length >= 200) await commit();
    };
    const t0 = performance.now();
    const reader = file.stream().pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const lines = (rest + value).split('\\n');
      rest = lines.pop();
      for (const l of lines) if (l) await take(l);
    }
    if (rest) await take(rest);
    if (fh) {
      fh.flush();
      fh.close();
    } else {
      await commit();
      await committing;
    }
    const s = (performance.now() - t0) / 1000;
    if (db) {
      db.close();
      indexedDB.deleteDatabase(name);
    } else await (await navigator.storage.getDirectory()).removeEntry(name);
    postMessage({ s, n });
  };`;

/** Scrolls the table body `frames` frames, `px` pixels per frame; returns each frame's duration. */
export async function scrollFrameTimes([frames, px]: [number, number]): Promise<number[]> {
  const body = document.querySelector('.tbody') as HTMLElement;
  const times: number[] = [];
  await new Promise<void>((done) => {
    let last = -1;
    let dir = 1;
    const tick = (t: number) => {
      if (last >= 0) times.push(t - last);
      last = t;
      if (times.length >= frames) return done();
      if (body.scrollTop + body.clientHeight >= body.scrollHeight - 1) dir = -1;
      else if (body.scrollTop <= 0) dir = 1;
      body.scrollTop += dir * px;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  return times;
}

/**
 * Navigates to a trajectory and returns ms until its view is interactive: the timeline shows the
 * first step and a frame has been painted after it (input is handled from then on).
 */
export async function openTrajectoryMs([id, marker]: [string, string]): Promise<number> {
  const t0 = performance.now();
  location.hash = `#/t/${encodeURIComponent(id)}`;
  await new Promise<void>((done) => {
    const poll = () => {
      const q = document.querySelector('[data-testid="question"]');
      const step = document.querySelector('[data-testid="timeline"] [data-testid="step"]');
      if (q && step && q.textContent?.includes(marker)) requestAnimationFrame(() => done());
      else requestAnimationFrame(poll);
    };
    poll();
  });
  return performance.now() - t0;
}
