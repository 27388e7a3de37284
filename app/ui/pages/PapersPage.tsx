import { useEffect } from 'react';
import { PAPERS, type PaperDeparture, type PaperDifference, type PaperEntry } from '../../core/agents/papers';
import { isTyping } from '../keyboard';
import { navigate } from '../state/router';
import './papers.css';

/** A default value as text (objects such as APEX's confidence weights as compact JSON). */
function showValue(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}

/** One section per paper: what Hopscope implements, the strategies' defaults read from the code, and paper-vs-code differences. */
export function PapersPage({ paperId }: { paperId: string | null }) {
  const index = Math.max(
    0,
    PAPERS.findIndex((p) => p.id === paperId),
  );
  const current = PAPERS[index];

  useEffect(() => {
    if (paperId) document.getElementById(`paper-${paperId}`)?.scrollIntoView({ block: 'start' });
  }, [paperId]);

  useEffect(() => {
    const go = (i: number) => {
      const p = PAPERS[Math.min(PAPERS.length - 1, Math.max(0, i))];
      if (p) navigate({ page: 'papers', paperId: p.id }, { replace: true });
    };
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === 'j' || e.key === 'ArrowDown') go(index + 1);
      else if (e.key === 'k' || e.key === 'ArrowUp') go(index - 1);
      else if (/^[1-9]$/.test(e.key) && Number(e.key) <= PAPERS.length) go(Number(e.key) - 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index]);

  return (
    <div className="papers-page">
      <nav className="papers-toc card" aria-label="Papers">
        {PAPERS.map((p, i) => (
          <a key={p.id} href={`#/papers/${p.id}`} className={p === current && paperId ? 'active' : ''}>
            <kbd>{i + 1}</kbd> {p.strategies.map((s) => s.label).join(', ')}
          </a>
        ))}
        <p className="muted">j / k or 1–{PAPERS.length} move between papers</p>
      </nav>
      <div className="papers-list">
        {PAPERS.map((p) => (
          <PaperSection key={p.id} paper={p} selected={p === current && paperId !== null} />
        ))}
      </div>
    </div>
  );
}

function PaperSection({ paper, selected }: { paper: PaperEntry; selected: boolean }) {
  return (
    <section
      id={`paper-${paper.id}`}
      data-testid={`paper-${paper.id}`}
      className={`card paper${selected ? ' selected' : ''}`}
    >
      <h2>{paper.title}</h2>
      <p className="muted">{paper.citation}</p>
      <h3>What Hopscope implements</h3>
      <ul>
        {paper.implements.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
      <p>
        Run it on the <a href="#/run">Run page</a>; imported logs show its metrics and rewards in each
        trajectory (<kbd>m</kbd> / <kbd>r</kbd>).
      </p>
      {paper.strategies.map((s) => (
        <div key={s.id} className="paper-strategy">
          <h3>
            {s.label} <span className="muted">({s.id})</span> defaults
          </h3>
          <p className="muted">{s.paper}</p>
          <table className="paper-defaults" data-testid={`defaults-${s.id}`}>
            <tbody>
              {Object.entries(s.defaults as Record<string, unknown>).map(([k, v]) => (
                <tr key={k} data-param={k}>
                  <th scope="row">{k}</th>
                  <td>{showValue(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <h3>Paper vs public code</h3>
      {paper.differences.length === 0 ? (
        <p className="muted">None recorded (the citation says where no public code was found).</p>
      ) : (
        <ul className="paper-diffs">
          {paper.differences.map((d) => (
            <Difference key={d.topic} d={d} />
          ))}
        </ul>
      )}
      <h3>Hopscope vs the paper</h3>
      {paper.departures.length === 0 ? (
        <p className="muted">None recorded.</p>
      ) : (
        <ul className="paper-diffs" data-testid={`departures-${paper.id}`}>
          {paper.departures.map((d) => (
            <Departure key={d.topic} d={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Departure({ d }: { d: PaperDeparture }) {
  return (
    <li>
      <strong>{d.topic}</strong>
      <div>Paper: {d.paper}</div>
      <div>Hopscope: {d.hopscope}</div>
      <div>Why: {d.reason}</div>
    </li>
  );
}

function Difference({ d }: { d: PaperDifference }) {
  const other = d.follows === 'paper' ? 'the code' : 'the paper';
  return (
    <li>
      <strong>{d.topic}</strong>
      <div>Paper: {d.paper}</div>
      <div>Code: {d.code}</div>
      <div>
        Default follows <em>the {d.follows}</em>.{' '}
        {d.select
          ? `For ${other}: set ${d.select.strategy.label} parameter ${d.select.param} = ${showValue(d.select.value)} on the Run page.`
          : `Not selectable.`}
      </div>
    </li>
  );
}
