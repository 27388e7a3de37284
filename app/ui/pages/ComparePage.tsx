import { useIsFetching } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { alignRuns } from '../../core/compare/align';
import { SIDE_BY_SIDE_MAX } from '../../core/compare/many-runs';
import { questionKey } from '../../core/compare/same-question';
import type { Alignment } from '../../core/compare/types';
import { stepNumber } from '../../core/schema/step-number';
import { AlignedRowView } from '../components/compare/AlignedRowView';
import { CompareTop } from '../components/compare/CompareTop';
import { DivergenceBanner } from '../components/compare/DivergenceBanner';
import { RunHeader } from '../components/compare/RunHeader';
import { RunList } from '../components/compare/RunList';
import { useComparison } from '../data/runs/compare';
import { isTyping } from '../keyboard';
import { leaveCompare } from '../state/compare-selection';
import { navigate } from '../state/router';
import { useUi } from '../state/ui-store';
import './compare.css';

/** Above this many aligned rows only the rows in view are rendered. */
const VIRTUALIZE_OVER = 200;

export function ComparePage({ ids }: { ids: string[] }) {
  const q = useComparison(ids);
  const demoLoading = useIsFetching({ queryKey: ['demo'] }) > 0;
  const back = (
    <button type="button" className="link" onClick={leaveCompare}>
      Back
    </button>
  );
  if (ids.length < 2) return <div className="empty">Pick at least two runs to compare. {back}</div>;
  if (q.isLoading || (!q.data && demoLoading)) return <div className="empty">Loading runs…</div>;
  if (q.error)
    return (
      <div className="empty error-text">
        Could not compare these runs: {String(q.error)} {back}
      </div>
    );
  const c = q.data;
  if (!c?.alignment)
    return (
      <div className="empty">
        {c && c.missing.length > 0 ? (
          <>
            No stored trajectory has the id{c.missing.length > 1 ? 's' : ''}{' '}
            {c.missing.map((id) => (
              <code key={id}>{id} </code>
            ))}
            — at least two stored runs are needed to compare.{' '}
          </>
        ) : (
          'At least two stored runs are needed to compare. '
        )}
        {back}
      </div>
    );
  // Side by side, a run is a column: more than a few do not fit a window, so they are listed.
  if (c.alignment.runs.length > SIDE_BY_SIDE_MAX)
    return (
      <ManyRuns
        key={ids.join('\u0000')}
        alignment={c.alignment}
        missing={c.missing}
        mixed={c.mixedQuestions}
      />
    );
  return (
    <AlignedTrajectories
      key={ids.join('\u0000')}
      alignment={c.alignment}
      missing={c.missing}
      mixed={c.mixedQuestions}
    />
  );
}

/** More runs than fit side by side: the list of runs, and the 2–4 picked from it side by side. */
function ManyRuns({
  alignment,
  missing,
  mixed,
}: {
  alignment: Alignment;
  missing: string[];
  mixed: boolean;
}) {
  const { runs } = alignment;
  // The run the list was opened from (the first id) starts picked: it is the usual baseline.
  const [picked, setPicked] = useState<number[]>([0]);
  const [sideBySide, setSideBySide] = useState(false);
  const pickedAlignment = useMemo(
    () =>
      picked.length >= 2 ? alignRuns(picked.flatMap((i) => (runs[i] ? [runs[i].trajectory] : []))) : null,
    [picked, runs],
  );
  const pickedMixed = useMemo(
    () => new Set(picked.map((i) => questionKey(runs[i]?.trajectory.question ?? ''))).size > 1,
    [picked, runs],
  );
  const toggle = useCallback(
    (i: number) =>
      setPicked((p) =>
        p.includes(i) ? p.filter((x) => x !== i) : p.length < SIDE_BY_SIDE_MAX ? [...p, i] : p,
      ),
    [],
  );

  useEffect(() => {
    if (sideBySide) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || isTyping(e)) return;
      const ui = useUi.getState();
      if (ui.helpOpen || ui.importOpen) return;
      e.preventDefault();
      leaveCompare();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [sideBySide]);

  if (sideBySide && pickedAlignment)
    return (
      <AlignedTrajectories
        key={picked.join(',')}
        alignment={pickedAlignment}
        missing={[]}
        mixed={pickedMixed}
        listed={picked}
        onBack={() => setSideBySide(false)}
        backLabel={`All ${runs.length} runs`}
      />
    );
  const first = runs[0]?.trajectory;
  return (
    <div className="compare">
      <CompareTop
        onBack={leaveCompare}
        backLabel="Back"
        summary={`${runs.length} runs · side by side, up to ${SIDE_BY_SIDE_MAX} at once: pick them below · Esc goes back`}
        question={first?.question ?? ''}
        mixedNote={mixed ? 'These runs ask different questions.' : undefined}
        missing={missing}
      />
      <RunList
        runs={runs}
        picked={picked}
        onToggle={toggle}
        onCompare={() => setSideBySide(true)}
        onOpen={(i) => {
          const t = runs[i]?.trajectory;
          if (t) navigate({ page: 'trajectory', id: t.id, step: null });
        }}
      />
    </div>
  );
}

/** The runs aligned step by step (core/compare): a row per aligned step, a cursor, the divergence. */
function AlignedTrajectories({
  alignment,
  missing,
  mixed,
  listed,
  onBack = leaveCompare,
  backLabel = 'Back',
}: {
  alignment: Alignment;
  missing: string[];
  mixed: boolean;
  /** Each column's number in the list of runs it was picked from (0-based), when picked from one. */
  listed?: readonly number[];
  /** Where Back and Esc go: the page the compare view was opened from, or the list of runs. */
  onBack?: () => void;
  backLabel?: string;
}) {
  const { rows, runs, divergence } = alignment;
  const [current, setCurrent] = useState(divergence?.row ?? 0);
  const [side, setSide] = useState(0);
  const scrollRef = useRef<HTMLDivElement>(null);
  const headsRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALIZE_OVER;
  const virt = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 180,
    overscan: 6,
  });

  const goTo = useCallback(
    (i: number) => {
      const next = Math.max(0, Math.min(rows.length - 1, i));
      setCurrent(next);
      // A virtualized row far away is not in the page yet: bring it in first.
      if (virtual) virt.scrollToIndex(next, { align: 'auto' });
    },
    [rows.length, virtual, virt],
  );
  useEffect(() => {
    // Once the row is rendered (and measured), show all of it.
    const id = requestAnimationFrame(() =>
      scrollRef.current?.querySelector(`[data-row="${current}"]`)?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(id);
  }, [current]);
  useEffect(() => {
    if (divergence) goTo(divergence.row);
    // Only on open: later moves are the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const openStep = useCallback(
    (row: number, s: number) => {
      const run = runs[s];
      const step = rows[row]?.sides[s]?.steps[0];
      if (run)
        navigate({ page: 'trajectory', id: run.trajectory.id, step: step ? String(stepNumber(step)) : null });
    },
    [rows, runs],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e) || e.ctrlKey || e.metaKey || e.altKey) return;
      const ui = useUi.getState();
      if (ui.helpOpen || ui.importOpen) return;
      const k = e.key;
      if (k === 'j' || k === 'ArrowDown') goTo(current + 1);
      else if (k === 'k' || k === 'ArrowUp') goTo(current - 1);
      else if (k === 'Home' || k === 'End') goTo(k === 'Home' ? 0 : rows.length - 1);
      else if (k === 'd' && divergence) goTo(divergence.row);
      else if (k === 'Enter') {
        // Enter on a focused button or link is that control's own action.
        if ((e.target as HTMLElement | null)?.closest?.('button, a')) return;
        openStep(current, side);
      } else if (k === 'Escape') onBack();
      else if (/^[1-9]$/.test(k) && Number(k) <= runs.length) setSide(Number(k) - 1);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, side, rows.length, runs.length, divergence, goTo, openStep, onBack]);

  const onSelect = useCallback((i: number, s: number) => {
    setCurrent(i);
    setSide(s);
  }, []);

  const cols = { '--cmp-cols': `150px repeat(${runs.length}, minmax(240px, 1fr))` } as CSSProperties;
  const first = runs[0]?.trajectory;
  const divRow = divergence ? rows[divergence.row] : undefined;
  const renderRow = (i: number) => {
    const row = rows[i];
    return row ? (
      <AlignedRowView
        row={row}
        index={i}
        alignment={alignment}
        current={i === current}
        focusedSide={side}
        onSelect={onSelect}
        onJump={goTo}
      />
    ) : null;
  };

  return (
    <div className="compare" style={cols}>
      <CompareTop
        onBack={onBack}
        backLabel={backLabel}
        summary={
          <>
            {runs.length} runs · {rows.length} aligned rows · documents matched by{' '}
            {alignment.docIdentity === 'id' ? 'retriever id' : 'content (title + text)'} · j/k move, d
            divergence, 1–{Math.min(9, runs.length)} pick a run, Enter opens its step
          </>
        }
        question={first?.question ?? ''}
        mixedNote={
          mixed ? 'These runs ask different questions; rows are aligned by position only.' : undefined
        }
        missing={missing}
      >
        <DivergenceBanner divergence={divergence} row={divRow} onJump={goTo} />
      </CompareTop>
      <div className="cmp-heads" ref={headsRef}>
        <div className="cmp-corner muted small">Runs</div>
        {runs.map((r, i) => (
          <RunHeader
            key={r.trajectory.id}
            run={r}
            side={i}
            listed={listed?.[i]}
            focused={i === side}
            onFocus={() => setSide(i)}
            onJump={goTo}
            onOpen={() => navigate({ page: 'trajectory', id: r.trajectory.id, step: null })}
          />
        ))}
      </div>
      <div
        className="cmp-scroll"
        ref={scrollRef}
        // The heads stay put above the rows; they follow the rows sideways when runs overflow.
        onScroll={(e) => {
          if (headsRef.current) headsRef.current.scrollLeft = e.currentTarget.scrollLeft;
        }}
      >
        <div className="cmp-rows" role="list" aria-label="Aligned rows">
          {virtual ? (
            <div style={{ height: virt.getTotalSize(), position: 'relative' }}>
              {virt.getVirtualItems().map((vi) => (
                <div
                  key={vi.key}
                  data-index={vi.index}
                  ref={virt.measureElement}
                  className="cmp-vrow"
                  style={{ transform: `translateY(${vi.start}px)` }}
                >
                  {renderRow(vi.index)}
                </div>
              ))}
            </div>
          ) : (
            rows.map((_, i) => <div key={rows[i]?.key ?? i}>{renderRow(i)}</div>)
          )}
        </div>
      </div>
    </div>
  );
}
