import type DataLoader from "dataloader";
import type { Db } from "#server/db/client.ts";
import { createKeyJoiner, type ReadCache, type RememberingLoaders } from "#server/db/read-cache.ts";
import type { AgentParts } from "#server/modules/agents/agent-engine.types.ts";
import {
  type CommunityLoaders,
  createCommunityLoaders,
} from "#server/modules/communities/communities.loaders.ts";
import type { SeatKeeper } from "#server/modules/events/event-writes.service.ts";
import { Loaders } from "#server/modules/events/events.views.ts";
import type { PaymentsGate } from "#server/modules/events/ticket-types.service.ts";
import type { FileStorage } from "#server/modules/files/files.storage.ts";
import type { Emit } from "#server/modules/log/log.events.ts";
import type { OwnerSecondFactorRule, RequiredMemberships } from "#server/modules/members/members.service.ts";
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
  memberships: RequiredMemberships;
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
  /** What agents' dry runs, approvals and undo need beyond the request (the model, webhook limits). */
  agents: AgentParts;
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
  /** Absent: no language model, the app's default webhook limits and no public address for links. */
  agents?: AgentParts;
  viewerFor: (headers: HeaderReader) => Promise<Viewer | null>;
  /** Recent reads about communities, dropped by their domain events (see `RequestLoaders`). */
  reads: ReadCache;
};

const communityKey = createKeyJoiner(":");

/** Agents' parts without a language model, with the app's default webhook limits. */
export const defaultAgentParts = (appUrl: string): AgentParts => ({
  appUrl,
  model: null,
  webhooks: { timeoutMs: 10_000, maxResponseBytes: 64 * 1024, allowLoopback: false },
  log: () => undefined,
});

const DEFAULT_AGENT_PARTS = defaultAgentParts("http://localhost");

/**
 * The loaders of one request, made when it first asks for them. The ones few requests use
 * (registrations, announcements' deliveries, registrations' payments) wait for their first use
 * too: most requests never touch them, and each brings its own maps and closures.
 */
class LoaderSet implements RequestLoaders {
  readonly communities: CommunityLoaders;
  readonly memberships: RequiredMemberships = new Map();
  readonly events: Loaders;
  readonly #db: Db;
  readonly #reads: ReadCache;
  #registrations: RegistrationLoaders | undefined;
  #deliveries: DeliveryLoader | undefined;
  #registrationPayments: DataLoader<string, RegistrationPayment[]> | undefined;

  constructor(db: Db, reads: ReadCache, viewerId: string | null) {
    this.#db = db;
    this.#reads = reads;
    this.communities = createCommunityLoaders(db, viewerId, reads);
    this.events = new Loaders(db, viewerId, this.communities);
  }

  get registrations(): RegistrationLoaders {
    this.#registrations ??= new RegistrationLoaders(this.events);
    return this.#registrations;
  }

  get deliveries(): DeliveryLoader {
    this.#deliveries ??= createDeliveryLoader(this.#db);
    return this.#deliveries;
  }

  get registrationPayments(): DataLoader<string, RegistrationPayment[]> {
    this.#registrationPayments ??= createRegistrationPaymentsLoader(this.#db);
    return this.#registrationPayments;
  }

  remember<T>(key: string, communityId: string, load: () => Promise<T>): Promise<T> {
    return this.#reads.remember(communityKey(communityId, key), [communityId], load);
  }
}

/**
 * The loaders are made on first use: a request that reads nothing through them pays nothing. A
 * class rather than an object literal with `get loaders()`: a literal's accessors are new closures
 * for every request, and V8 keeps accessors in the object's hidden class, so each request got a
 * hidden class of its own. Those live in the old generation, so everything a request's loaders
 * reached survived every young-generation collection until the next full one: the overview's
 * 10 ms scavenges and most of its p99 (decision 010).
 */
class Context implements RequestContext {
  readonly db: Db;
  readonly viewer: Viewer | null;
  readonly clock: () => Date;
  readonly clientIp: string;
  readonly authSecret: string;
  readonly storage: FileStorage;
  readonly emit: Emit;
  readonly seats: SeatKeeper;
  readonly payments: PaymentsGate;
  readonly stripe: StripeGateway | null;
  readonly ownerSecondFactor: OwnerSecondFactorRule | null;
  readonly agents: AgentParts;
  readonly #reads: ReadCache;
  #loaders: RequestLoaders | null | undefined;

  constructor(parts: ContextParts, viewer: Viewer | null, clientIp: string) {
    this.db = parts.db;
    this.viewer = viewer;
    this.clock = parts.clock;
    this.clientIp = clientIp;
    this.authSecret = parts.authSecret;
    this.storage = parts.storage;
    this.emit = parts.emit;
    this.seats = parts.seats;
    this.payments = parts.payments;
    this.stripe = parts.stripe;
    this.ownerSecondFactor = parts.ownerSecondFactor ?? null;
    this.agents = parts.agents ?? DEFAULT_AGENT_PARTS;
    this.#reads = parts.reads;
  }

  get loaders(): RequestLoaders | null {
    if (this.#loaders === undefined)
      this.#loaders = new LoaderSet(this.db, this.#reads, this.viewer?.id ?? null);
    return this.#loaders;
  }

  set loaders(value: RequestLoaders | null) {
    this.#loaders = value;
  }
}

export function createRequestContextFactory(parts: ContextParts) {
  return async (headers: HeaderReader, clientIp: string): Promise<RequestContext> =>
    new Context(parts, await parts.viewerFor(headers), clientIp);
}

export type RequestContextFactory = ReturnType<typeof createRequestContextFactory>;
