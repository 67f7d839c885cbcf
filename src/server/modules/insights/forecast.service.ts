import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { invalidInput } from "#server/errors.ts";
import { getMembership, type MembersCtx } from "#server/modules/members/members.service.ts";
import { canSeeForecast, isForecastable } from "./forecast.policy.ts";
import {
  type AttendanceForecast,
  type CommunityHistory,
  DEFAULT_RISK,
  fitForecastModel,
  forecastAttendance,
  LEAD_BUCKETS,
  type LeadBucket,
  MAX_RISK,
  MIN_RISK,
  type Registrant,
  type Tally,
} from "./forecast-model.ts";

// The data behind the attendance forecast (docs/decisions/029-insights.md): for a set of events,
// three set-based reads, whatever the number of events or registrants. Insights reads other
// modules' tables by name and writes none (docs/ARCHITECTURE.md, the module table):
// `registration`, `event` and `ticket_type`.

/** The community's rates come from its latest ended events: today's habits, at a bounded cost. */
export const HISTORY_EVENTS = 200;

export type ForecastEvent = {
  id: string;
  communityId: string;
  status: string;
  endsAt: Date;
  capacity: number | null;
};

/** What the model needs of one event, before a risk is chosen. */
export type ForecastInputs = {
  history: CommunityHistory;
  registrants: Registrant[];
  waitlist: Registrant[];
  capacity: number | null;
};

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as Rows<T>).rows;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The risk an organizer may pick: 1% to 20%; omitted, 5%. */
export function parseRisk(risk: number | null | undefined): number {
  if (risk === null || risk === undefined) return DEFAULT_RISK;
  if (!Number.isFinite(risk) || risk < MIN_RISK - 1e-9 || risk > MAX_RISK + 1e-9) {
    throw invalidInput([
      { field: "risk", code: "RISK_OUT_OF_RANGE", message: "Pick a risk between 1% and 20%." },
    ]);
  }
  return risk;
}

/**
 * The model's inputs for each event the viewer may see forecasts of (`insights.view` in its
 * community) that has not ended and is not canceled; the others are absent from the map.
 */
export async function forecastInputs(
  ctx: MembersCtx & { clock: () => Date },
  events: readonly ForecastEvent[],
): Promise<Map<string, ForecastInputs>> {
  const viewer = ctx.viewer;
  if (!viewer) return new Map();
  const now = ctx.clock();
  const communities = [...new Set(events.map((e) => e.communityId))];
  const allowed = new Set<string>();
  for (const communityId of communities) {
    const membership = ctx.loaders
      ? await ctx.loaders.communities.viewerMembership.load(communityId)
      : await getMembership(ctx.db, viewer.id, communityId);
    if (canSeeForecast(membership)) allowed.add(communityId);
  }
  const wanted = events.filter((e) => allowed.has(e.communityId) && isForecastable(e, now));
  if (wanted.length === 0) return new Map();
  const wantedCommunities = [...new Set(wanted.map((e) => e.communityId))];

  const registrants = await rowsOf<{
    event_id: string;
    user_id: string;
    status: "going" | "held" | "waitlisted";
    seats: number;
    lead_days: number;
    paid: boolean;
  }>(
    ctx.db,
    sql`
      select r.event_id, r.user_id, r.status, r.quantity as seats,
        greatest(0, extract(epoch from (e.starts_at - r.queued_at)) / 86400)::float8 as lead_days,
        coalesce(t.price_minor, 0) > 0 as paid
      from registration r
      join event e on e.id = r.event_id
      left join ticket_type t on t.id = r.ticket_type_id
      where r.event_id in (${list(wanted.map((e) => e.id))})
        and r.status in ('going', 'held', 'waitlisted')
      order by r.event_id, r.queued_at, r.id`,
  );

  // Each registrant's own record in the community: registration_user_idx finds their rows.
  const people = [...new Set(registrants.map((r) => r.user_id))];
  const own =
    people.length === 0
      ? []
      : await rowsOf<{ user_id: string; community_id: string; going: number; checked_in: number }>(
          ctx.db,
          sql`
            select r.user_id, e.community_id, count(*)::int as going,
              count(r.checked_in_at)::int as checked_in
            from registration r
            join event e on e.id = r.event_id
            where r.user_id in (${list(people)})
              and e.community_id in (${list(wantedCommunities)})
              and e.status = 'published' and e.ends_at < ${now}
              and r.status = 'going'
            group by r.user_id, e.community_id`,
        );
  const ownTally = new Map(
    own.map((r) => [`${r.community_id}:${r.user_id}`, { going: r.going, checkedIn: r.checked_in } as Tally]),
  );

  // The community's rates by lead time and price, over its latest ended events: each community's
  // events come from event_community_status_starts_idx, their registrations from
  // registration_event_status_idx.
  const history = await rowsOf<{
    community_id: string;
    lead: LeadBucket;
    paid: boolean;
    going: number;
    checked_in: number;
  }>(
    ctx.db,
    sql`
      select recent.community_id,
        case
          when r.queued_at > recent.starts_at - interval '2 days' then 'last_minute'
          when r.queued_at > recent.starts_at - interval '14 days' then 'weeks'
          else 'early'
        end as lead,
        coalesce(t.price_minor, 0) > 0 as paid,
        sum(r.quantity)::int as going,
        coalesce(sum(r.quantity) filter (where r.checked_in_at is not null), 0)::int as checked_in
      from unnest(array[${list(wantedCommunities)}]::text[]) as c(id)
      cross join lateral (
        select e.id, e.community_id, e.starts_at from event e
        where e.community_id = c.id and e.status = 'published' and e.starts_at < ${now}
          and e.ends_at < ${now}
        order by e.starts_at desc
        limit ${HISTORY_EVENTS}
      ) recent
      join registration r on r.event_id = recent.id and r.status = 'going'
      left join ticket_type t on t.id = r.ticket_type_id
      group by 1, 2, 3`,
  );

  const byEvent = new Map<string, ForecastInputs>();
  for (const e of wanted) {
    byEvent.set(e.id, {
      history: history
        .filter((h) => h.community_id === e.communityId && LEAD_BUCKETS.includes(h.lead))
        .map((h) => ({ lead: h.lead, paid: h.paid, going: h.going, checkedIn: h.checked_in })),
      registrants: [],
      waitlist: [],
      capacity: e.capacity,
    });
  }
  const communityOf = new Map(wanted.map((e) => [e.id, e.communityId]));
  for (const r of registrants) {
    const inputs = byEvent.get(r.event_id);
    if (!inputs) continue;
    const registrant: Registrant = {
      history: ownTally.get(`${communityOf.get(r.event_id)}:${r.user_id}`) ?? null,
      leadDays: Number(r.lead_days),
      paid: r.paid,
      seats: r.seats,
    };
    (r.status === "waitlisted" ? inputs.waitlist : inputs.registrants).push(registrant);
  }
  return byEvent;
}

/** The forecast for the inputs read above, at the organizer's risk. */
export function forecastFrom(inputs: ForecastInputs, risk: number): AttendanceForecast {
  return forecastAttendance(fitForecastModel(inputs.history), inputs, risk);
}
