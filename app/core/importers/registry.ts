// Every trajectory-log format Hopscope reads, in detection-tie order.
import { apexFormat } from './formats/apex';
import { exsearchFormat } from './formats/exsearch';
import { flashragFormat } from './formats/flashrag';
import { hopscopeFormat } from './formats/hopscope';
import { otlpFormat } from './formats/otlp';
import { phoenixFormat } from './formats/phoenix';
import { qagentFormat } from './formats/qagent';
import { taggedFormat } from './formats/tagged';
import { verlFormat } from './formats/verl';
import type { FormatImporter } from './types';

export const FORMATS: readonly FormatImporter[] = [
  hopscopeFormat,
  flashragFormat,
  exsearchFormat,
  qagentFormat,
  apexFormat,
  verlFormat,
  taggedFormat,
  otlpFormat,
  phoenixFormat,
];

export function formatById(id: string): FormatImporter | null {
  return FORMATS.find((f) => f.id === id) ?? null;
}
