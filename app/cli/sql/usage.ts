// The SQL commands' usage lines, apart from their code so `hopscope --help` loads no engine.
export const QUERY_USAGE = 'hopscope query FILE|DIR|RUN.parquet "SQL" [--format ID] [--json|--csv]';
export const INDEX_USAGE = 'hopscope index FILE|DIR --out RUN.parquet [--format ID] [--threads N]';
