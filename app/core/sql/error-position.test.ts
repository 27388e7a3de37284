import { describe, expect, it } from 'vitest';
import { duckdbErrorPosition, errorHeadline, positionAt } from './error-position';

// Messages as DuckDB-WASM 1.32 writes them (captured from the engine).
describe("DuckDB's error positions", () => {
  it('reads the caret under the LINE excerpt as line and column', () => {
    const sql = 'select foo\nfrom trajectories where id = 1 and\n bar > 1';
    const message =
      'Binder Error: Referenced column "bar" not found in FROM clause!\nCandidate bindings: "id"\n\nLINE 3:  bar > 1\n         ^';
    expect(duckdbErrorPosition(sql, message)).toEqual({ line: 3, column: 2 });
    expect(errorHeadline(message)).toBe(
      'Binder Error: Referenced column "bar" not found in FROM clause!\nCandidate bindings: "id"',
    );
  });

  it('finds the spot of a long line shown as a window cut with "..."', () => {
    const sql = `select ${'x, '.repeat(60)}nonexistent_col from trajectories`;
    const shown = `...${sql.slice(120, 200)}...`;
    const caret = 'LINE 1: '.length + 3 + (sql.indexOf('nonexistent_col') - 120);
    const message = `Binder Error: nope\n\nLINE 1: ${shown}\n${' '.repeat(caret)}^`;
    expect(duckdbErrorPosition(sql, message)).toEqual({
      line: 1,
      column: sql.indexOf('nonexistent_col') + 1,
    });
  });

  it('gives none when the message has no excerpt', () => {
    expect(duckdbErrorPosition('select 1', 'Permission Error: no')).toBeNull();
    expect(positionAt('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
