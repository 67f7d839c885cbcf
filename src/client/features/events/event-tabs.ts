import type { EventListFilter } from "#client/gql/graphql.ts";

export type EventsTab = "upcoming" | "past" | "drafts";

export const EVENTS_TABS: readonly { value: EventsTab; label: string; filter: EventListFilter }[] = [
  { value: "upcoming", label: "Upcoming", filter: "UPCOMING" },
  { value: "past", label: "Past", filter: "PAST" },
  { value: "drafts", label: "Drafts", filter: "DRAFTS" },
];

/** The tab a `?tab=` value names; anything else is Upcoming, the default. */
export function tabFromSearch(value: string | undefined): EventsTab {
  return EVENTS_TABS.find((item) => item.value === value)?.value ?? "upcoming";
}

export function filterForTab(tab: EventsTab): EventListFilter {
  return EVENTS_TABS.find((item) => item.value === tab)?.filter ?? "UPCOMING";
}
