// A SQL query in the table's link: `#/?sql=<query>` beside the table view's own parameters
// (core/table/view-url), so a link reproduces the query and opening it runs it. The view's part
// and the query are split and joined here, so the view's decoder never sees `sql`.

export const SQL_PARAM = 'sql';

/** The table link's query string split into the view's parameters and the SQL (null: none). */
export function splitSql(query: string): { view: string; sql: string | null } {
  const p = new URLSearchParams(query.replace(/^\?/, ''));
  const sql = p.get(SQL_PARAM);
  if (sql === null) return { view: query.replace(/^\?/, ''), sql: null };
  p.delete(SQL_PARAM);
  return { view: p.toString(), sql };
}

/** The view's parameters with the SQL appended (left out when null or blank). */
export function joinSql(view: string, sql: string | null): string {
  if (sql === null || sql.trim() === '') return view;
  const q = new URLSearchParams({ [SQL_PARAM]: sql }).toString();
  return view ? `${view}&${q}` : q;
}

/** The table link (`#/?…`) of a view and a query. */
export function tableHash(view: string, sql: string | null): string {
  const q = joinSql(view, sql);
  return q ? `#/?${q}` : '#/';
}
