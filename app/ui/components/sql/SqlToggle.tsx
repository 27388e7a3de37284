// The table toolbar's "SQL" toggle: opens the query box (SqlPanel); closing it drops the query from
// the link.
import { setSqlInUrl, useSqlBox, useSqlInUrl } from '../../state/sql-url';

export function SqlToggle() {
  const sql = useSqlInUrl();
  const open = useSqlBox((s) => s.open) || sql !== null;
  const setOpen = useSqlBox((s) => s.setOpen);
  return (
    <button
      type="button"
      className={`small${open ? ' active' : ''}`}
      aria-pressed={open}
      data-testid="sql-toggle"
      title="Ask the stored rows anything in SQL (read-only DuckDB; docs/reference/sql.md)"
      onClick={() => {
        setOpen(!open);
        if (open) setSqlInUrl(null);
      }}
    >
      SQL
    </button>
  );
}
