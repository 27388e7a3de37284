// The rows of `npm run bench -- sql-1m`, generated inside DuckDB by two INSERT … SELECT statements
// over range(): a training run of `rows` samples over `steps` steps, 1-4 searches a sample (2.5 on
// average), into the tables the app's DDL created. Text is bench/bench-rows.ts's (its words(i, n)
// depends on i mod 997 only, so a 997-entry pool of the same words is the same text): a 16-word
// question, 3-word answer and gold, 150 words of search text; queries are 6 of the same words. The numbers are
// random from setseed, with accuracy and reward rising over the steps as in a run that learns.
// Which columns hold what matters for the timings (string sizes for memory, distinct values for
// GROUP BY); the checks below fail the bench if the rows are not consistent with each other.

/** Words `(m*7 + k*13) % 997` for k < n, as bench-rows' words(m, n). */
const words = (n: number) =>
  `array_to_string(list_transform(range(${n}), k -> 'w' || ((m * 7 + k * 13) % 997)), ' ')`;

const POOL = `pool AS (SELECT m, ${words(16)} AS w16, ${words(3)} AS w3, ${words(150)} AS w150, ${words(6)} AS w6 FROM range(997) r(m))`;

export function fillSql(rows: number, steps: number, collection: string, seed = 0.37): string[] {
  const per = Math.ceil(rows / steps);
  const coll = collection.replace(/'/g, "''");
  return [
    `SELECT setseed(${seed})`,
    // u_*: one random draw each, taken once per row in `g`, so the columns below agree.
    `INSERT INTO trajectories BY NAME
WITH ${POOL},
g AS (
  SELECT i, i // ${per} AS step, random() AS u_acc, random() AS u_em, random() AS u_f1, random() AS u_s,
         random() AS u_o, random() AS u_fmt, random() AS u_len, random() AS u_doc
  FROM range(${rows}) r(i)),
h AS (
  SELECT *, (u_acc < 0.25 + 0.45 * step / ${steps})::INT AS hit, 1 + floor(u_s * 4)::INT AS n_search,
         u_fmt < 0.01 + 0.06 * (1 - step / ${steps}) AS bad_format
  FROM g)
SELECT 'verl-' || substr(md5(i::VARCHAR), 1, 16) AS id, 'run/' || step || '.jsonl' AS file,
       (i % ${per}) + 1 AS line, 'verl' AS format, 'nq' AS dataset, (i % ${per} // 5)::VARCHAR AS qid,
       'run' AS run, step, p.w16 AS question, p.w3 AS answer, q.w3 AS gold,
       (hit = 1 AND u_em < 0.8)::INT::DOUBLE AS em,
       CASE WHEN hit = 1 THEN 0.6 + 0.4 * u_f1 ELSE 0.3 * u_f1 END AS f1, hit::DOUBLE AS acc,
       (u_doc < 0.6)::INT::DOUBLE AS answer_in_docs,
       round(0.9 * hit + 0.1 * (NOT bad_format)::INT, 2) AS score,
       n_search AS searches, n_search AS queries, 2 * n_search + 1 AS steps,
       floor(u_o * n_search)::INT AS over_searches, (n_search = 1 AND hit = 0) AS under_search,
       CASE WHEN hit = 1 THEN floor(u_o * n_search)::INT END AS after_sufficiency, hit = 1 AS correct,
       3 * n_search AS docs, floor(u_o * n_search)::INT AS dup_docs, bad_format AS format_error,
       800 + floor(u_len * 1200)::INT AS response_chars,
       CASE WHEN bad_format THEN '{"format_reward":0}' ELSE '{"format_reward":1}' END AS reward_extras,
       CASE WHEN floor(u_o * n_search) > 0 THEN 'over-search' ELSE '' END AS flags,
       (floor(u_o * n_search) > 0)::INT AS flag_count, 'search-r1' AS strategy, false AS has_plan,
       false AS live, '${coll}' AS collection, 0 AS unsure, n_search AS diagnosed_searches,
       p.w150 AS search_text
FROM h JOIN pool p ON p.m = h.i % 997 JOIN pool q ON q.m = (h.i + 1) % 997`,
    // One row per search of each sample, read from its trajectory row: the last over_searches of
    // them redundant (the verdict its count was taken from), each for one of the three rules.
    `INSERT INTO searches BY NAME
WITH ${POOL}
SELECT x.id AS trajectory_id, x.k + 1 AS k, 2 * x.k + 2 AS step, p.w6 AS query, 3 AS docs,
       CASE WHEN red THEN x.k % 3 ELSE 3 END AS new_docs, x.k = 0 AND x.acc = 1 AS gold_hit,
       red AS redundant,
       CASE WHEN red THEN ['after-sufficiency', 'near-duplicate', 're-asks-retrieved'][1 + (x.line + x.k) % 3] END AS rule
FROM (SELECT t.id, t.line, t.acc, r.k, r.k + 1 > t.searches - t.over_searches AS red
      FROM trajectories t, range(4) r(k) WHERE r.k < t.searches) x
JOIN pool p ON p.m = (x.line + x.k) % 997`,
  ];
}

/** Statements that must each return 0 when the rows are what fillSql means them to be. */
export const CONSISTENCY_SQL: Record<string, string> = {
  'over_searches ≤ searches - 1': 'SELECT count(*) FROM trajectories WHERE over_searches >= searches',
  'a searches row per search': `SELECT abs((SELECT sum(searches) FROM trajectories) - (SELECT count(*) FROM searches))`,
  'redundant rows = over_searches': `SELECT abs((SELECT sum(over_searches) FROM trajectories) - (SELECT count(*) FROM searches WHERE redundant))`,
  'correct is acc': 'SELECT count(*) FROM trajectories WHERE correct <> (acc = 1)',
};
