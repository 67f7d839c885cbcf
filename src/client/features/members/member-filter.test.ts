import { describe, expect, it } from "vitest";
import { filterOf, membersCsvHref, searchOfSegment, sortOf } from "./member-filter.ts";
import { parseMembersSearch } from "./search-params.ts";

describe("the members page's URL", () => {
  it("keeps only values the table knows", () => {
    expect(
      parseMembersSearch({
        q: "  ",
        role: "EMPEROR",
        status: "PENDING",
        tag: ["volunteer", "", "volunteer", 3],
        joinedFrom: "yesterday",
        joinedTo: "2026-03-31",
        attended: "-1",
        checkIns: "2",
        sort: "height",
        dir: "desc",
      }),
    ).toEqual({
      status: "PENDING",
      tag: ["volunteer"],
      joinedTo: "2026-03-31",
      checkIns: 2,
      dir: "desc",
    });
  });

  it("includes both ends of a day range and survives being saved as a segment", () => {
    const search = parseMembersSearch({
      role: "ADMIN",
      tag: ["speaker"],
      joinedFrom: "2026-03-01",
      joinedTo: "2026-03-31",
      activeFrom: "2026-01-15",
      attended: 3,
    });
    const filter = filterOf(search);
    const local = (iso: string | null | undefined) => {
      const d = new Date(iso as string);
      return [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];
    };
    // From the first local midnight of the first day to the first of the day after the last.
    expect(local(filter.joinedAfter)).toEqual([2026, 3, 1, 0, 0]);
    expect(local(filter.joinedBefore)).toEqual([2026, 4, 1, 0, 0]);
    const saved = {
      ...filter,
      roles: ["ADMIN" as const],
      statuses: null,
      sources: null,
      tags: ["speaker"],
      joinedAfter: filter.joinedAfter ?? null,
      joinedBefore: filter.joinedBefore ?? null,
      lastActiveAfter: filter.lastActiveAfter ?? null,
      lastActiveBefore: null,
      eventsAttendedAtLeast: 3,
      checkInsAtLeast: null,
      plans: null,
      planStatuses: null,
      noShowLastTime: null,
    };
    expect(parseMembersSearch(searchOfSegment(saved))).toEqual(search);
  });

  it("sorts by a header's field and builds the CSV link with the same filter", () => {
    const search = parseMembersSearch({ q: "ada", tag: ["a b", "c"], sort: "eventsAttended", dir: "desc" });
    expect(sortOf(search)).toEqual({ field: "EVENTS_ATTENDED", direction: "DESC" });
    expect(membersCsvHref("c1", search)).toBe(
      "/api/communities/c1/members.csv?search=ada&tag=a+b&tag=c&sort=eventsAttended&direction=desc",
    );
    expect(membersCsvHref("c1", search, ["m1", "m2"])).toBe("/api/communities/c1/members.csv?id=m1&id=m2");
  });
});
