import { describe, expect, it } from 'vitest';
import { caretLines } from './SqlErrorView';
import { trajectoryColumn } from './SqlResultTable';

describe('the SQL box parts', () => {
  it('puts the caret under the column of the line named', () => {
    expect(caretLines('SELECT id\nFROM t\nWHERE\tnope = 1', 3, 7)).toEqual(['WHERE nope = 1', '      ^']);
    expect(caretLines('SELECT 1', 4, 1)).toEqual(['', '^']);
  });

  it('opens rows by id, else by trajectory_id', () => {
    expect(trajectoryColumn([{ name: 'n' }, { name: 'trajectory_id' }, { name: 'id' }])).toBe(2);
    expect(trajectoryColumn([{ name: 'trajectory_id' }])).toBe(0);
    expect(trajectoryColumn([{ name: 'ids' }])).toBe(-1);
  });
});
