import { describe, expect, it } from "vitest";
import type { LogEntry } from "#server/modules/log/log.events.ts";
import { cronOccurrences, isValidCron } from "./agent-scanner.ts";
import { factsFromEntry, triggerAccepts, triggerKindOf } from "./agent-triggers.ts";

const entry = (type: string, payload: Record<string, unknown>, subjectId: string | null = "u1") =>
  ({
    type,
    payload,
    communityId: "c1",
    actorId: null,
    subjectId,
    position: 42,
    txId: 7,
    occurredAt: new Date("2030-03-01T10:00:00Z"),
  }) as unknown as LogEntry;

describe("log triggers", () => {
  it("name the trigger each entry fires, and none for a check-in taken back", () => {
    expect(triggerKindOf(entry("member.joined", { userId: "u1" }))).toBe("member_joined");
    expect(triggerKindOf(entry("member.requested", {}))).toBe("join_requested");
    expect(triggerKindOf(entry("registration.checked_in", { checkedIn: true }))).toBe("checked_in");
    expect(triggerKindOf(entry("registration.checked_in", { checkedIn: false }))).toBeNull();
    expect(triggerKindOf(entry("member.tagged", {}))).toBeNull();
  });

  it("take the person, event and registration from the entry, keyed by its position", () => {
    const facts = factsFromEntry(
      "registration_status_changed",
      entry("registration.status_changed", {
        registrationId: "r1",
        eventId: "e1",
        from: "going",
        to: "canceled",
      }),
    );
    expect(facts).toMatchObject({
      key: "log:42",
      subjectUserId: "u1",
      eventId: "e1",
      registrationId: "r1",
      membershipId: null,
      occurredAt: "2030-03-01T10:00:00.000Z",
    });
  });

  it("accept a status change only to the statuses the trigger names", () => {
    const canceled = entry("registration.status_changed", { to: "canceled" });
    expect(
      triggerAccepts(
        { kind: "registration_status_changed", to: ["canceled"] },
        "registration_status_changed",
        canceled,
      ),
    ).toBe(true);
    expect(
      triggerAccepts(
        { kind: "registration_status_changed", to: ["going"] },
        "registration_status_changed",
        canceled,
      ),
    ).toBe(false);
    expect(
      triggerAccepts(
        { kind: "registration_status_changed", to: [] },
        "registration_status_changed",
        canceled,
      ),
    ).toBe(true);
    expect(triggerAccepts({ kind: "member_joined" }, "registration_status_changed", canceled)).toBe(false);
  });
});

describe("schedules", () => {
  it("fall at the community's wall-clock time on both sides of a daylight-saving change", () => {
    // 09:00 in Berlin is 08:00 UTC before the last Sunday of March and 07:00 UTC after it.
    const found = cronOccurrences(
      "0 9 * * *",
      "Europe/Berlin",
      new Date("2030-03-29T00:00:00Z"),
      new Date("2030-04-01T00:00:00Z"),
    );
    expect(found.map((d) => d.toISOString())).toEqual([
      "2030-03-29T08:00:00.000Z",
      "2030-03-30T08:00:00.000Z",
      "2030-03-31T07:00:00.000Z",
    ]);
  });

  it("accept five-field expressions only", () => {
    expect(isValidCron("0 9 * * 1")).toBe(true);
    expect(isValidCron("0 0 9 * * 1")).toBe(false);
    expect(isValidCron("every monday")).toBe(false);
  });
});
