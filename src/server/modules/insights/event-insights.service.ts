import type { Db } from "#server/db/client.ts";
import { requireManagedEvent } from "#server/modules/events/events.service.ts";
import {
  CHECK_IN_SLOT_MS,
  checkInsPerSlot,
  registrationsByOrigin,
} from "#server/modules/registrations/registration-figures.service.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";
import { mergeByOrigin, type OriginParts } from "#shared/origins.ts";
import { toWallTime } from "#shared/time.ts";
import { eventViewsByDay } from "./event-views.service.ts";

// One event's numbers on its dashboard: views of its page, registrations, the share of views that
// became registrations, where they came from, and how people came through the door on the day.

export type EventSource = OriginParts & {
  registrations: number;
  going: number;
};

/** One quarter hour of the check-in curve. */
export type CheckInPoint = {
  /** When the quarter hour starts. */
  at: Date;
  /** The same, as the wall time in the event's time zone: "YYYY-MM-DDTHH:mm". */
  localTime: string;
  checkIns: number;
  /** Check-ins up to the end of this quarter hour. */
  total: number;
};

export type EventInsights = {
  eventId: string;
  timeZone: string;
  pageViews: { total: number; days: { day: string; views: number }[] };
  /** Registrations that are not a held order: going, waitlisted, pending, declined or canceled. */
  registrations: number;
  going: number;
  /** Registrations per page view; null before the page has been viewed. */
  conversion: number | null;
  sources: EventSource[];
  checkIns: CheckInPoint[];
};

/**
 * Past this many quarter hours between the first and the last check-in (three days), the curve
 * keeps only the quarter hours with check-ins instead of every one in between.
 */
const MAX_FILLED_SLOTS = 3 * 96;

/** For viewers with `insights.view` in the event's community; FORBIDDEN to its other members. */
export async function eventInsights(ctx: { db: Db; viewer: Viewer | null }, eventId: string) {
  const { row } = await requireManagedEvent(ctx.db, ctx.viewer, eventId, false, "insights.view");
  const [days, origins, slots] = await Promise.all([
    eventViewsByDay(ctx.db, row.id),
    registrationsByOrigin(ctx.db, row.id),
    checkInsPerSlot(ctx.db, row.id),
  ]);
  const views = days.reduce((sum, d) => sum + d.views, 0);
  const sources = sourcesOf(origins);
  const registrations = sources.reduce((sum, s) => sum + s.registrations, 0);
  return {
    eventId: row.id,
    timeZone: row.timeZone,
    pageViews: { total: views, days },
    registrations,
    going: sources.reduce((sum, s) => sum + s.going, 0),
    conversion: views > 0 ? registrations / views : null,
    sources,
    checkIns: checkInCurve(slots, row.timeZone),
  } satisfies EventInsights;
}

function sourcesOf(rows: { origin: string | null; registrations: number; going: number }[]): EventSource[] {
  return mergeByOrigin(rows, ["registrations", "going"]).sort(
    (a, b) => b.registrations - a.registrations || a.origin.localeCompare(b.origin),
  );
}

function checkInCurve(slots: { slot: number; checkIns: number }[], timeZone: string): CheckInPoint[] {
  const first = slots[0];
  const last = slots.at(-1);
  if (!first || !last) return [];
  const bySlot = new Map(slots.map((s) => [s.slot, s.checkIns]));
  const steps =
    last.slot - first.slot < MAX_FILLED_SLOTS
      ? Array.from({ length: last.slot - first.slot + 1 }, (_, i) => first.slot + i)
      : slots.map((s) => s.slot);
  let total = 0;
  return steps.map((slot) => {
    const checkIns = bySlot.get(slot) ?? 0;
    total += checkIns;
    const at = new Date(slot * CHECK_IN_SLOT_MS);
    return { at, localTime: toWallTime(at, timeZone), checkIns, total };
  });
}
