// The user's correctness signal (zustand, persisted in localStorage): which judgment every reward
// and category that depends on a right answer uses, and the LLM judge's prompt (null: the default
// after Learning When to Search appendix B.4; a user may paste the paper's verbatim prompt).
import { create } from 'zustand';
import { CORRECTNESS_SIGNALS, type CorrectnessSignal } from '../../core/judge/correctness';

interface CorrectnessState {
  signal: CorrectnessSignal;
  /** Whether the user chose `signal` (else it is the default, EM, and a paper's own may apply). */
  chosen: boolean;
  setSignal(s: CorrectnessSignal): void;
  /** The next signal in order (a keyboard shortcut cycles through them). */
  cycleSignal(): void;
  judgePrompt: string | null;
  setJudgePrompt(p: string | null): void;
}

const KEY = 'hopscope.correctness';

function load(): Partial<Pick<CorrectnessState, 'signal' | 'judgePrompt'>> {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, unknown>;
    const signal = CORRECTNESS_SIGNALS.find((s) => s === saved.signal);
    return {
      ...(signal ? { signal } : {}),
      ...(typeof saved.judgePrompt === 'string' ? { judgePrompt: saved.judgePrompt } : {}),
    };
  } catch {
    return {};
  }
}

export const useCorrectnessState = create<CorrectnessState>((set, get) => {
  const saved = load();
  const persist = (patch: Partial<CorrectnessState>) => {
    set(patch);
    const { signal, chosen, judgePrompt } = get();
    // The signal is saved only once chosen, so a default EM is not read back as a choice.
    localStorage.setItem(KEY, JSON.stringify({ ...(chosen ? { signal } : {}), judgePrompt }));
  };
  return {
    signal: saved.signal ?? 'em',
    chosen: saved.signal !== undefined,
    setSignal: (signal) => persist({ signal, chosen: true }),
    cycleSignal: () => {
      const i = CORRECTNESS_SIGNALS.indexOf(get().signal);
      persist({ signal: CORRECTNESS_SIGNALS[(i + 1) % CORRECTNESS_SIGNALS.length] ?? 'em', chosen: true });
    },
    judgePrompt: saved.judgePrompt ?? null,
    setJudgePrompt: (judgePrompt) => persist({ judgePrompt }),
  };
});
