// The one argument parser every subcommand uses: positional arguments, switches (`--json`), flags
// that take the next argument as their value (`--out PATH`), and flags that may repeat
// (`--questions QFILE`, each value kept in order). A value-taking flag followed by nothing, or by
// another option, is a usage error naming the flag: `--out --json` would otherwise write to a
// file called "--json" and drop the switch.

export interface FlagSpec {
  /** Flags that take a value; given twice, the last value counts. */
  values?: readonly string[];
  /** Flags that take a value and may be given more than once. */
  lists?: readonly string[];
  /** Flags without a value. */
  switches?: readonly string[];
}

export interface ParsedFlags {
  positional: string[];
  /** By flag name without its dashes (`out`), for `values`. */
  values: Record<string, string>;
  /** By flag name without its dashes, for `lists`: every value in the order given (none: []). */
  lists: Record<string, string[]>;
  /** The switches given, by name without their dashes. */
  switches: Set<string>;
}

const isOption = (a: string) => a.startsWith('--');

/** `argv` read against `spec`, or a usage error naming the option at fault. */
export function parseFlags(argv: readonly string[], spec: FlagSpec): ParsedFlags | string {
  const values = new Set(spec.values);
  const lists = new Set(spec.lists);
  const switches = new Set(spec.switches);
  const out: ParsedFlags = { positional: [], values: {}, lists: {}, switches: new Set() };
  for (const l of lists) out.lists[l.slice(2)] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? '';
    if (switches.has(a)) out.switches.add(a.slice(2));
    else if (values.has(a) || lists.has(a)) {
      const v = argv[++i];
      if (v === undefined) return `${a} needs a value`;
      if (isOption(v)) return `${a} needs a value, not the option ${v}`;
      if (lists.has(a)) out.lists[a.slice(2)]?.push(v);
      else out.values[a.slice(2)] = v;
    } else if (isOption(a)) return `unknown option ${a}`;
    else out.positional.push(a);
  }
  return out;
}
