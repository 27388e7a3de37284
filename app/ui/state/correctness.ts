// The user's correctness signal (zustand, persisted in localStorage): which judgment every reward
// and category that depends on a right answer uses, and the LLM judge's prompt (null: the default
// after Learning When to Search appendix B.4; a user may paste the paper's verbatim prompt), and
// which of the Run page's models judges (its in-browser model or its server).
import { create } from 'zustand';
import { CORRECTNESS_SIGNALS, type CorrectnessSignal } from '../../core/judge/correctness';
import type { JudgeKind } from '../../services/judges/judge';

interface CorrectnessState {
  signal: CorrectnessSignal;
  /** Whether the user chose `signal` (else it is the default, EM, and a paper's own may apply). */
  chosen: boolean;
  setSignal(s: CorrectnessSignal): void;
  /** The next signal in order (a keyboard shortcut cycles through them). */
  cycleSignal(): void;
  judgePrompt: string | null;
  setJudgePrompt(p: string | null): void;
  /** Which of the Run page's models judges (null: the one it runs with). */
  judgeKind: JudgeKind | null;
  setJudgeKind(k: JudgeKind | null): void;
}

const KEY = 'hopscope.correctness';

export interface SavedCorrectness {
  signal?: CorrectnessSignal;
  chosen: boolean;
  judgePrompt?: string;
  judgeKind?: JudgeKind;
}

/**
 * The saved state (the localStorage text). Since the choice is recorded, `chosen: true` is written
 * with the signal the user picked. Older saves carry no flag and always held a signal, EM even when
 * only the judge prompt was edited: EM there is the old default, not a choice, so only another
 * signal (which the user must have picked) counts as chosen.
 */
export function readSavedCorrectness(text: string | null): SavedCorrectness {
  try {
    const saved = JSON.parse(text ?? '{}') as Record<string, unknown>;
    const signal = CORRECTNESS_SIGNALS.find((s) => s === saved.signal);
    const chosen =
      signal !== undefined && (saved.chosen === undefined ? signal !== 'em' : saved.chosen === true);
    return {
      ...(chosen ? { signal } : {}),
      chosen,
      ...(typeof saved.judgePrompt === 'string' ? { judgePrompt: saved.judgePrompt } : {}),
      ...(saved.judgeKind === 'browser' || saved.judgeKind === 'http' ? { judgeKind: saved.judgeKind } : {}),
    };
  } catch {
    return { chosen: false };
  }
}

/** The text saved for a state: the signal (flagged as chosen) only once the user picked one. */
export function savedCorrectnessText(
  s: Pick<CorrectnessState, 'signal' | 'chosen' | 'judgePrompt'> & { judgeKind?: JudgeKind | null },
): string {
  return JSON.stringify({
    ...(s.chosen ? { signal: s.signal, chosen: true } : {}),
    judgePrompt: s.judgePrompt,
    ...(s.judgeKind ? { judgeKind: s.judgeKind } : {}),
  });
}

function load(): SavedCorrectness {
  try {
    return readSavedCorrectness(localStorage.getItem(KEY));
  } catch {
    return { chosen: false };
  }
}

export const useCorrectnessState = create<CorrectnessState>((set, get) => {
  const saved = load();
  const persist = (patch: Partial<CorrectnessState>) => {
    set(patch);
    // The signal is saved only once chosen, so a default EM is not read back as a choice.
    localStorage.setItem(KEY, savedCorrectnessText(get()));
  };
  return {
    signal: saved.signal ?? 'em',
    chosen: saved.chosen,
    setSignal: (signal) => persist({ signal, chosen: true }),
    cycleSignal: () => {
      const i = CORRECTNESS_SIGNALS.indexOf(get().signal);
      persist({ signal: CORRECTNESS_SIGNALS[(i + 1) % CORRECTNESS_SIGNALS.length] ?? 'em', chosen: true });
    },
    judgePrompt: saved.judgePrompt ?? null,
    setJudgePrompt: (judgePrompt) => persist({ judgePrompt }),
    judgeKind: saved.judgeKind ?? null,
    setJudgeKind: (judgeKind) => persist({ judgeKind }),
  };
});
