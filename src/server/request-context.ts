import type DataLoader from "dataloader";
import type { Db } from "#server/db/client.ts";
import type { ReadCache, RememberingLoaders } from "#server/db/read-cache.ts";
import {
  type CommunityLoaders,
  createCommunityLoaders,
} from "#server/modules/communities/communities.loaders.ts";
import type { SeatKeeper } from "#server/modules/events/event-writes.service.ts";
import { Loaders } from "#server/modules/events/events.views.ts";
import type { PaymentsGate } from "#server/modules/events/ticket-types.service.ts";
import type { FileStorage } from "#server/modules/files/files.storage.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import type { OwnerSecondFactorRule } from "#server/modules/members/members.service.ts";
import {
  createDeliveryLoader,
  type DeliveryLoader,
} from "#server/modules/notifications/announcement-deliveries.service.ts";
import {
  createRegistrationPaymentsLoader,
  type RegistrationPayment,
} from "#server/modules/payments/registration-payments.service.ts";
import type { StripeGateway } from "#server/modules/payments/stripe-client.ts";
import { RegistrationLoaders } from "#server/modules/registrations/registrations.views.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";

/** `remember`: reads about one community kept for a moment by the process (decision 014). */
export type RequestLoaders = RememberingLoaders & {
  communities: CommunityLoaders;
  events: Loaders;
  registrations: RegistrationLoaders;
  /** Announcements' delivered and failed mails, one statement per history page. */
  deliveries: DeliveryLoader;
  /** Registrations' payments (the event dashboard's list), one statement per page. */
  registrationPayments: DataLoader<string, RegistrationPayment[]>;
};

/**
 * Everything a request's services need, built once per request by the composition root
 * (`app.ts`) for GraphQL and the HTTP routes alike. `clientIp` keys the limits on guest
 * operations; `authSecret` signs registrations' private links; `emit` appends domain events to the
 * log with the process's clock. `loaders` batch reads for this request and answer some from the
 * process's recent reads; a GraphQL mutation gets none (`null`), so each write reads fresh state.
 */
export type RequestContext = {
  db: Db;
  viewer: Viewer | null;
  clock: () => Date;
  clientIp: string;
  authSecret: string;
  storage: FileStorage;
  emit: Emit;
  /** What changing an event asks of its registrations, wired here so events need not know them. */
  seats: SeatKeeper;
  /** Whether a community can take payments, wired here so events need not know payments. */
  payments: PaymentsGate;
  /** Stripe, when the operator set its keys. */
  stripe: StripeGateway | null;
  /** REQUIRE_OWNER_SECOND_FACTOR's rule for owners (null when off), wired here so members need not know auth or payments. */
  ownerSecondFactor: OwnerSecondFactorRule | null;
  loaders: RequestLoaders | null;
};

/** The request headers a context is built from: a web `Headers`, or Node's, read in place. */
export type HeaderReader = { get(name: string): string | null };

/** What stays the same for every request of this process. */
export type ContextParts = {
  db: Db;
  clock: () => Date;
  authSecret: string;
  storage: FileStorage;
  emit: Emit;
  seats: SeatKeeper;
  payments: PaymentsGate;
  stripe: StripeGateway | null;
  ownerSecondFactor?: OwnerSecondFactorRule | null;
  viewerFor: (headers: HeaderReader) => Promise<Viewer | null>;
  /** Recent reads about communities, dropped by their domain events (see `RequestLoaders`). */
  reads: ReadCache;
};

/** The loaders are made on first use: a request that reads nothing through them pays nothing. */
function lazyLoaders(db: Db, reads: ReadCache, viewerId: string | null): () => RequestLoaders {
  let made: RequestLoaders | undefined;
  return () => {
    if (!made) {
      const communities = createCommunityLoaders(db, viewerId, reads);
      const events = new Loaders(db, viewerId, communities);
      made = {
        communities,
        events,
        registrations: new RegistrationLoaders(events),
        deliveries: createDeliveryLoader(db),
        registrationPayments: createRegistrationPaymentsLoader(db),
        remember: (key, communityId, load) => reads.remember(`${communityId}:${key}`, [communityId], load),
      };
    }
    return made;
  };
}

export function createRequestContextFactory(parts: ContextParts) {
  return async (headers: HeaderReader, clientIp: string): Promise<RequestContext> => {
    const viewer = await parts.viewerFor(headers);
    const loaders = lazyLoaders(parts.db, parts.reads, viewer?.id ?? null);
    let own: RequestLoaders | null | undefined;
    return {
      db: parts.db,
      viewer,
      clock: parts.clock,
      clientIp,
      authSecret: parts.authSecret,
      storage: parts.storage,
      emit: parts.emit,
      seats: parts.seats,
      payments: parts.payments,
      stripe: parts.stripe,
      ownerSecondFactor: parts.ownerSecondFactor ?? null,
      get loaders() {
        if (own === undefined) own = loaders();
        return own;
      },
      set loaders(value) {
        own = value;
      },
    };
  };
}

export type RequestContextFactory = ReturnType<typeof createRequestContextFactory>;
