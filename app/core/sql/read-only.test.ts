import { describe, expect, it } from 'vitest';
import { readOnlyIssue } from './read-only';

describe('readOnlyIssue', () => {
  it('lets every kind of read through', () => {
    for (const sql of [
      'select 1',
      '  WITH a AS (SELECT 1) SELECT * FROM a;',
      'values (1), (2)',
      'FROM trajectories',
      'describe trajectories',
      'SHOW TABLES',
      'explain select 1',
      'summarize searches',
      "select * from searches where query like '%delete from%' -- update later\n",
      'select "set" from (select 1 as "set")',
      '/* insert */ select 1 ;  -- a trailing comment',
    ])
      expect(readOnlyIssue(sql), sql).toBeNull();
  });

  it('refuses a write, an attach, a load or a setting, at the word', () => {
    expect(readOnlyIssue('delete from trajectories')).toMatchObject({ kind: 'write', line: 1, column: 1 });
    expect(readOnlyIssue("COPY trajectories TO 'x.csv'")).toMatchObject({ kind: 'write', column: 1 });
    expect(readOnlyIssue("select 1;\nattach 'x.db'")).toMatchObject({
      kind: 'statements',
      line: 2,
      column: 1,
    });
    expect(readOnlyIssue('with a as (select 1)\n  insert into t select * from a')).toMatchObject({
      kind: 'write',
      line: 2,
      column: 3,
    });
    expect(readOnlyIssue("explain analyze copy t to 'f'")).toMatchObject({ kind: 'write', column: 17 });
    for (const sql of ['install httpfs', 'load httpfs', 'SET enable_external_access=true', 'pragma version'])
      expect(readOnlyIssue(sql)?.kind, sql).toBe('write');
  });

  it('runs one statement only', () => {
    expect(readOnlyIssue('select 1; select 2')).toMatchObject({ kind: 'statements', line: 1, column: 11 });
  });

  it('reads escape strings, line comments and dollar quotes as DuckDB does', () => {
    // E'\'' is one quote to DuckDB: what follows is code, not a second string.
    expect(readOnlyIssue("SELECT E'\\'' ; DROP TABLE labels; --'")).toMatchObject({
      kind: 'statements',
      column: 16,
    });
    expect(readOnlyIssue("SELECT e'\\'' , 1 FROM t WHERE x = 'a' OR 1 IN (DELETE)")?.kind).toBe('write');
    // A line comment ends at a carriage return too.
    expect(readOnlyIssue('SELECT 1 --x\r; DROP TABLE trajectories')?.kind).toBe('statements');
    expect(readOnlyIssue('SELECT 1 --x\r DROP TABLE trajectories')?.kind).toBe('write');
    // $1 is a parameter, not a dollar quote's tag.
    expect(readOnlyIssue('SELECT $1$ ; DROP TABLE t; $1$')?.kind).toBe('statements');
    // Still reads: a backslash in a plain string is a character, a word ending in E is no prefix.
    for (const sql of [
      "SELECT '\\' AS x",
      "SELECT name'\\' FROM t",
      "SELECT E'a\\'b' AS x",
      'SELECT $q$ ; drop $q$',
    ])
      expect(readOnlyIssue(sql), sql).toBeNull();
  });

  it('names an unclosed literal and a statement that is no read', () => {
    expect(readOnlyIssue("select 'abc")).toMatchObject({ kind: 'syntax', column: 8 });
    expect(readOnlyIssue('selec 1')).toMatchObject({ kind: 'start', column: 1 });
    expect(readOnlyIssue('  ')).toMatchObject({ kind: 'syntax' });
  });
});
