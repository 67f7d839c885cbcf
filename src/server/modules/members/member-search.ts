import { type SQL, sql } from "drizzle-orm";
import { likePattern } from "#server/db/like-pattern.ts";

/**
 * A search's page and total (docs/decisions/012-member-table-at-scale.md). The membership row holds
 * its person's name and e-mail in lower case (`search_text`), `membership_search_keys_idx` lists
 * the rows of one community holding a trigram, and every sort index carries `search_text`.
 *
 * Up to FEW_MATCHES matches are read through the trigram index, which also gives the total; when
 * there are no more, they are sorted for the page. With more, matches are common enough that
 * walking the community in the sort's index (filtering on the index alone) fills a page sooner
 * than sorting every match would, and the total shows as "1,000+".
 */
export const FEW_MATCHES = 1_000;

/** Whether `membership_search_keys_idx` can answer: a run of three ASCII letters or digits. */
export const usesSearchKeys = (search: string) => /[a-z0-9]{3}/i.test(search);

/** The search as conditions on `m` alone: the LIKE that decides, and the index's keys when usable. */
export function searchConditions(communityId: string, search: string): SQL[] {
  const found = [sql`m.search_text like lower(${likePattern(search)})`];
  if (usesSearchKeys(search))
    found.push(
      sql`member_search_keys(m.community_id, m.search_text) @> member_search_keys(${communityId}, ${search})`,
    );
  return found;
}

export type PageParts = {
  columns: SQL;
  /** Conditions on `m` (and on `u` when `byPerson`) without the search and without the cursor. */
  where: SQL[];
  /** The cursor's condition on a sort key and tie-break, null on the first page. */
  after: ((key: SQL, tie: SQL) => SQL) | null;
  /** The sort key and tie-break expressions, and the direction. */
  key: SQL;
  tie: SQL;
  direction: "asc" | "desc";
  /** Whether the key or the conditions read the person (`u`), as the sort by name does. */
  byPerson: boolean;
  limit: number;
};

/**
 * One page of a search, each row with `matched`: how many members match in all, up to
 * FEW_MATCHES + 1, when the trigram index could answer (null otherwise). Both branches name only
 * the page's ids with their sort key; the page's rows are then read in full.
 */
export function searchPage(communityId: string, search: string, parts: PageParts): SQL {
  const dir = sql.raw(parts.direction);
  const person = sql`join "user" u on u.id = m.user_id`;
  const from = sql`from membership m ${parts.byPerson ? person : sql``}`;
  const walk = (only: SQL) => {
    const where = [...parts.where, sql`m.search_text like lower(${likePattern(search)})`, only];
    if (parts.after) where.push(parts.after(parts.key, parts.tie));
    return sql`
      select m.id, ${parts.key} as sort_value, ${parts.tie} as tie ${from}
      where ${sql.join(where, sql` and `)}
      order by ${parts.key} ${dir}, ${parts.tie} ${dir} limit ${parts.limit}`;
  };
  const page = (ids: SQL, matched: SQL) => sql`
    select ${parts.columns}, ${matched} as matched
    from ${ids} as top join membership m on m.id = top.id ${person}
    order by ${parts.key} ${dir}, ${parts.tie} ${dir}`;
  if (!usesSearchKeys(search)) return page(sql`(${walk(sql`true`)})`, sql`null::int`);
  const found = sql.join([...parts.where, ...searchConditions(communityId, search)], sql` and `);
  const sorted = [sql`(select yes from few)`];
  if (parts.after) sorted.push(parts.after(sql`sort_value`, sql`tie`));
  // Only one branch runs: the other's one-time filter is false, so PostgreSQL never starts it.
  return sql`
    with hits as materialized (
      select m.id, ${parts.key} as sort_value, ${parts.tie} as tie ${from}
      where ${found} limit ${FEW_MATCHES + 1}),
    few as materialized (select count(*) <= ${FEW_MATCHES} as yes, count(*)::int as matched from hits)
    ${page(
      sql`(
      (select id from hits where ${sql.join(sorted, sql` and `)}
       order by sort_value ${dir}, tie ${dir} limit ${parts.limit})
      union all
      (select id from (${walk(sql`not (select yes from few)`)}) as walked))`,
      sql`(select matched from few)`,
    )}`;
}

/**
 * How many members a search matches, up to `cap` + 1 rows, through the keys' index when the search
 * has them; the count stops as soon as it has seen enough.
 */
export function searchCount(communityId: string, search: string, where: SQL[], cap: number): SQL {
  const conditions = sql.join([...where, ...searchConditions(communityId, search)], sql` and `);
  return sql`
    select count(*) as n from (select from membership m where ${conditions} limit ${cap + 1}) as matched`;
}
