// The CREATE TABLE statements of the schema, so an engine's column types are the schema's, not
// guessed from the first rows (an empty `labels` table still has its columns).
import { TABLE_COLUMNS, type TableName } from './schema';

export function createTableSql(table: TableName): string {
  const cols = TABLE_COLUMNS[table].map((c) => `${c.name} ${c.type}`).join(', ');
  return `CREATE TABLE ${table} (${cols})`;
}
