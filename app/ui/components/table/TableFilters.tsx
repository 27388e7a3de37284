import type { TableFacets } from '../../../core/table/facets';
import type { Filters } from '../../../core/table/query';
import { useUi } from '../../state/ui-store';
import { fileLabel } from './file-label';

const NONE: string[] = [];

type Choice<K extends keyof Filters> = { key: K; label: string; options: Array<[Filters[K], string]> };

/** Filters with a fixed set of values: label status and the triage columns. */
const FIXED: [
  Choice<'status'>,
  Choice<'judge'>,
  Choice<'recall'>,
  Choice<'answerInDocs'>,
  Choice<'nearMiss'>,
] = [
  {
    key: 'status',
    label: 'Annotation status',
    options: [
      ['', 'Any label status'],
      ['none', 'Not labelled'],
      ['partial', 'Step labels, no verdict'],
      ['done', 'Verdict given'],
    ],
  },
  {
    key: 'judge',
    label: 'Judge verdict',
    options: [
      ['', 'Judge: any'],
      ['correct', 'Judge: correct'],
      ['wrong', 'Judge: wrong'],
      ['none', 'Judge: none in log'],
    ],
  },
  {
    key: 'recall',
    label: 'Gold-passage recall',
    options: [
      ['', 'Recall: any'],
      ['all', 'Recall: all gold found'],
      ['some', 'Recall: some'],
      ['zero', 'Recall: none found'],
      ['none', 'Recall: no gold passages'],
    ],
  },
  {
    key: 'answerInDocs',
    label: 'Answer in docs',
    options: [
      ['', 'Answer in docs: any'],
      ['yes', 'Answer in docs: yes'],
      ['no', 'Answer in docs: no'],
      ['none', 'Answer in docs: no gold'],
    ],
  },
  {
    key: 'nearMiss',
    label: 'Near-miss',
    options: [
      ['', 'Near-miss: any'],
      ['yes', 'Near-miss: yes'],
      ['no', 'Near-miss: no'],
    ],
  },
];

/** The table's filter selects; each reads and writes the UI store's filters. */
export function TableFilters({ facets }: { facets: TableFacets | undefined }) {
  const filters = useUi((s) => s.filters);
  const setFilters = useUi((s) => s.setFilters);
  const strategies = facets?.strategies ?? NONE;
  const files = facets?.files ?? NONE;
  const flags = facets?.flags ?? NONE;
  const open: Array<['strategy' | 'file' | 'flag', string, string, string[]]> = [
    ['strategy', 'Strategy', 'All strategies', strategies],
    ['file', 'Source file', 'All files', files],
    ['flag', 'Flag', 'Any flags', flags],
  ];
  return (
    <>
      {open.map(([key, label, any, values]) => (
        <select
          key={key}
          value={filters[key]}
          onChange={(e) => setFilters({ [key]: e.target.value })}
          aria-label={label}
          title={filters[key] || any}
          className={filters[key] ? 'active' : ''}
        >
          <option value="">{any}</option>
          {/* A long file name keeps both ends, so two seeds of one run read apart. */}
          {values.map((s) => (
            <option key={s} value={s} title={s}>
              {fileLabel(s)}
            </option>
          ))}
        </select>
      ))}
      {FIXED.map((c) => (
        <select
          key={c.key}
          value={filters[c.key]}
          onChange={(e) => setFilters({ [c.key]: e.target.value } as Partial<Filters>)}
          aria-label={c.label}
          title={c.options.find(([v]) => v === filters[c.key])?.[1]}
          className={filters[c.key] ? 'active' : ''}
        >
          {c.options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </select>
      ))}
    </>
  );
}
