// Pure, so Playwright's journeys can build their events from it too.

/** A wall-clock time `days` ahead, as the event input wants it (YYYY-MM-DDTHH:mm). */
export function wallInDays(days: number, time = "18:00"): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return `${date.toISOString().slice(0, 10)}T${time}`;
}

/** GraphQL's EventInput for a public evening meetup `days` ahead; tests override what they need. */
export function sampleEventInput(days: number, overrides: Record<string, unknown> = {}) {
  return {
    title: "Spring meetup",
    description: "Talks, then **pizza**.",
    startsAtLocal: wallInDays(days, "18:00"),
    endsAtLocal: wallInDays(days, "21:00"),
    timeZone: "Europe/Berlin",
    venueName: "Hall 1",
    venueAddress: "Main street 1, Berlin",
    onlineUrl: null,
    capacity: null,
    waitlistEnabled: true,
    approvalRequired: false,
    visibility: "PUBLIC",
    ticketTypes: [{ name: "General" }],
    questions: [],
    ...overrides,
  };
}
