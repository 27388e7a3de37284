// The HTML report's viewer: read-only, no IndexedDB, no workers, no network. Its data sits in the
// page itself (core/report/payload.ts); `npm run cli -- report` and Export → HTML report fill it.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CHUNK_TYPE, decodeHead } from '../core/report/payload';
import '../ui/styles.css';
import './report.css';
import { ReportApp } from './ReportApp';
import { ReportSource } from './source';

const root = document.getElementById('root');
if (!root) throw new Error('report.html has no #root');
const reactRoot = createRoot(root);

function fail(message: string): void {
  const p = document.createElement('p');
  p.className = 'empty error-text';
  p.textContent = message;
  root!.replaceChildren(p);
}

const encoded = document.getElementById('hopscope-report-data')?.textContent?.trim() ?? '';
if (!encoded)
  fail(
    'This report holds no data. Make one with `npm run cli -- report FILE… --out report.html` or Export → HTML report.',
  );
else
  decodeHead(encoded).then(
    (head) => {
      document.title = head.title;
      const chunks = [...document.querySelectorAll(`script[type="${CHUNK_TYPE}"]`)].map(
        (e) => e.textContent ?? '',
      );
      const source = new ReportSource(
        head.rows.map((r) => r.id),
        chunks,
      );
      reactRoot.render(
        <StrictMode>
          <ReportApp head={head} source={source} />
        </StrictMode>,
      );
    },
    (e: unknown) => fail(`This report's data cannot be read: ${e instanceof Error ? e.message : String(e)}`),
  );
