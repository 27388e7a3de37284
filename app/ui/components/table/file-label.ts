// How the table names a source file where room is short (the file filter, the aggregates bar):
// shortened in its middle, so the seed or step at its end still tells two files apart; the full
// name goes in the element's title.
import { middleEllipsis } from '../../../core/text/middle-ellipsis';

/** Characters of a file name shown in the file filter and the aggregates bar. */
const FILE_LABEL_CHARS = 44;

export function fileLabel(file: string): string {
  return middleEllipsis(file, FILE_LABEL_CHARS);
}
