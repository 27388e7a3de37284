// Every strategy, in the order the run view lists them (baselines first).
import { apex } from './apex/apex';
import { direct } from './direct';
import { exsearch } from './exsearch/exsearch';
import { ircot } from './ircot';
import { qagent } from './qagent';
import { searchR1 } from './search-r1';
import { standardRag } from './standard-rag';
import type { AnyStrategyDef, StrategyId } from './types';
import { whenToSearch } from './when-to-search';

export const STRATEGIES: readonly AnyStrategyDef[] = [
  direct,
  standardRag,
  ircot,
  searchR1,
  qagent,
  exsearch,
  whenToSearch,
  apex,
];

export function isStrategyId(id: string): id is StrategyId {
  return STRATEGIES.some((d) => d.id === id);
}

/** The strategy with this id; throws on an unknown one. */
export function strategy(id: string): AnyStrategyDef {
  const def = STRATEGIES.find((d) => d.id === id);
  if (!def) throw new Error(`unknown strategy "${id}" (known: ${STRATEGIES.map((d) => d.id).join(', ')})`);
  return def;
}
