// Route search validators ship in the entry chunk (the /login budget, docs/decisions/004): they only
// keep non-empty text here; screens narrow `tab` and `status` with filterForTab / isRegistrationStatus.

export type EventsSearch = { tab?: string | undefined; q?: string | undefined };
export type RegistrationsSearch = {
  status?: string | undefined;
  ticket?: string | undefined;
  q?: string | undefined;
};

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

export const parseEventsSearch = (search: Record<string, unknown>): EventsSearch => ({
  tab: text(search.tab),
  q: text(search.q),
});

export const parseRegistrationsSearch = (search: Record<string, unknown>): RegistrationsSearch => ({
  status: text(search.status),
  ticket: text(search.ticket),
  q: text(search.q),
});
