import type { EventTicketType, PublicEvent } from "#client/features/event-page/api/event-page-queries.ts";
import type { EventPageSlots } from "./slots.ts";

/** A published, free event with spots left and no questions; tests override what they need. */
export const boardGameNight: PublicEvent = {
  id: "ev1",
  title: "Board game night",
  description: "",
  startsAt: "2030-03-14T18:00:00.000Z",
  endsAt: "2030-03-14T21:00:00.000Z",
  timeZone: "Europe/Vienna",
  venueName: "Café Central",
  venueAddress: null,
  hasOnlineLink: false,
  onlineUrl: null,
  coverUrl: null,
  status: "PUBLISHED",
  visibility: "PUBLIC",
  capacity: 20,
  spotsLeft: 12,
  waitlistEnabled: true,
  waitlistOfferHours: 12,
  approvalRequired: false,
  requireVerifiedEmail: false,
  guestListVisible: true,
  goingCount: 8,
  waitlistCount: 0,
  viewerCanManage: false,
  cancelMessage: null,
  host: { id: "c1", name: "Vienna Gamers", slug: "vienna-gamers", logoUrl: null, brandColor: null },
  ticketTypes: [
    {
      id: "t1",
      name: "General",
      priceMinor: 0,
      memberPriceMinor: null,
      viewerPriceMinor: 0,
      currency: "EUR",
      quantity: null,
      remaining: null,
      maxPerOrder: 10,
      salesStartAt: null,
      salesEndAt: null,
    },
  ],
  questions: [],
  guests: [],
  viewerRegistration: null,
};

/** A ticket type of the event; tests set its price, window and limits. */
export const ticketFixture = (overrides: Partial<EventTicketType> = {}): EventTicketType => ({
  id: "t1",
  name: "General",
  priceMinor: 0,
  memberPriceMinor: null,
  viewerPriceMinor: 0,
  currency: "EUR",
  quantity: null,
  remaining: null,
  maxPerOrder: 10,
  salesStartAt: null,
  salesEndAt: null,
  ...overrides,
});

/** Slots that render nothing, for a signed-in or a signed-out visitor. */
export const emptySlots = (isSignedIn: boolean): EventPageSlots => ({
  isSignedIn,
  renderSignIn: () => null,
  renderTicket: () => null,
  renderCancel: () => null,
});
