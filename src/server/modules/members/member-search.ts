import { type SQL, sql } from "drizzle-orm";
import { likePattern } from "./member-filter.ts";

/**
 * A search's page and count (docs/decisions/012-member-table-at-scale.md). The trigram indexes find
 * matching people across every community; each is then probed for a membership here. That beats
 * walking the community in sort order while few people match; when many do, matches are common
 * enough that the walk in sort order fills a page sooner than sorting every match would.
 */
export const FEW_PEOPLE = 1_000;

/** Whether `user_name_trgm_idx` / `user_email_trgm_idx` can answer: a run of three letters or digits. */
export const usesTrigrams = (search: string) => /[\p{L}\p{N}]{3}/u.test(search);

const matches = (alias: string, search: string) => {
  const pattern = likePattern(search);
  const u = sql.raw(alias);
  return sql`(${u}.name ilike ${pattern} or ${u}.email ilike ${pattern})`;
};

/**
 * Everyone matching, as a CTE PostgreSQL plans on its own: with the LIMIT of the statement in view
 * the planner bets on a sequential or primary-key scan meeting matches early (seconds at two
 * million people); planned alone it reads the trigram indexes. A CTE is still read lazily, so the
 * LIMIT above stops the heap scan as soon as it has enough.
 */
const matchingPeople = (search: string) =>
  sql`matched as materialized (select id from "user" p where ${matches("p", search)})`;

export type PageParts = {
  columns: SQL;
  /** Conditions on `m` and `u` without the search; the cursor's condition included. */
  where: SQL[];
  orderBy: SQL;
  /** The same order over the selected columns `sort_value` and `tie`. */
  outerOrderBy: SQL;
  limit: number;
};

/** One page of a search: people first when few match, else the walk in sort order. */
export function searchPage(communityId: string, search: string, parts: PageParts): SQL {
  const where = sql.join(parts.where, sql` and `);
  const walk = sql`
    select ${parts.columns} from membership m join "user" u on u.id = m.user_id
    where ${where} and ${matches("u", search)}
    order by ${parts.orderBy} limit ${parts.limit}`;
  if (!usesTrigrams(search)) return walk;
  // Only one branch runs: the other's one-time filter is false, so PostgreSQL never starts it.
  return sql`
    with ${matchingPeople(search)},
    people as (select id from matched limit ${FEW_PEOPLE + 1}),
    few as materialized (select count(*) <= ${FEW_PEOPLE} as yes from people)
    select * from (
      (select ${parts.columns} from people
        join membership m on m.community_id = ${communityId} and m.user_id = people.id
        join "user" u on u.id = m.user_id
       where ${where} and (select yes from few)
       order by ${parts.orderBy} limit ${parts.limit})
      union all
      (select ${parts.columns} from membership m join "user" u on u.id = m.user_id
       where ${where} and ${matches("u", search)} and not (select yes from few)
       order by ${parts.orderBy} limit ${parts.limit})
    ) as found
    order by ${parts.outerOrderBy}`;
}

/**
 * How many members a search matches, up to `cap` + 1 rows: matching people are probed one by one
 * for a membership, so the count stops as soon as it has seen enough. The inner LIMIT (a person has
 * one membership per community anyway) keeps the probe a nested loop: flattened into a join, the
 * planner may merge it with the community's whole index instead.
 */
export function searchCount(communityId: string, search: string, where: SQL[], cap: number): SQL {
  const conditions = sql.join(where, sql` and `);
  if (!usesTrigrams(search))
    return sql`
      select count(*) as n from (
        select from membership m join "user" u on u.id = m.user_id
        where ${conditions} and ${matches("u", search)} limit ${cap + 1}) as matched`;
  return sql`
    with ${matchingPeople(search)}
    select count(*) as n from (
      select from matched cross join lateral (
        select from membership m where m.community_id = ${communityId} and m.user_id = matched.id and ${conditions}
        limit 1) as m
      limit ${cap + 1}) as counted`;
}
