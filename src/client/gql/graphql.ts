/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type AgentApprovalDecision =
  | 'APPROVE'
  | 'REJECT';

export type AgentApprovalMode =
  | 'ACT'
  | 'PROPOSE';

export type AgentRunFilter = {
  from?: string | null | undefined;
  /** Matches the subject's name or email, the event's title, the agent's name or a step's summary. */
  search?: string | null | undefined;
  statuses?: Array<AgentRunStatus> | null | undefined;
  to?: string | null | undefined;
};

export type AgentRunStatus =
  | 'AWAITING_APPROVAL'
  | 'FAILED'
  | 'QUEUED'
  | 'RUNNING'
  | 'SKIPPED'
  | 'STOPPED_BY_LIMIT'
  | 'SUCCEEDED';

export type AgentStatus =
  | 'OFF'
  | 'ON'
  | 'PAUSED';

export type AgentStepStatus =
  | 'DONE'
  | 'FAILED'
  | 'PENDING'
  | 'PROPOSED'
  | 'REJECTED'
  | 'SKIPPED'
  | 'UNDONE';

/** Exactly one of these. */
export type AnnouncementAudienceInput = {
  all?: boolean | null | undefined;
  filter?: MemberFilter | null | undefined;
  membershipIds?: Array<string | number> | null | undefined;
  /** With filter (or alone, for every member): only those whose name or e-mail contains it, any case, as the member table's search. */
  search?: string | null | undefined;
  segmentId?: string | number | null | undefined;
};

export type AnswerInput = {
  questionId: string | number;
  values: Array<string>;
};

/** All three fields at once; an empty one is unset. */
export type BillingDetailsInput = {
  address: string;
  legalName: string;
  taxNote: string;
};

/** What a role allows in a community (src/shared/capabilities.ts). */
export type Capability =
  | 'AGENTS_MANAGE'
  | 'CHECKIN'
  | 'COMMUNITY_DELETE'
  | 'COMMUNITY_EDIT'
  | 'COMMUNITY_TRANSFER'
  | 'COMMUNITY_VIEW'
  | 'EVENTS_MANAGE'
  | 'INSIGHTS_REVENUE'
  | 'INSIGHTS_VIEW'
  | 'MEMBERS_MANAGE'
  | 'MEMBERS_MANAGE_ADMINS'
  | 'MEMBERS_VIEW'
  | 'PAYMENTS_CONNECT'
  | 'PAYMENTS_MANAGE'
  | 'REGISTRATIONS_MANAGE';

/** A signed-out buyer, as the one-step guest form takes them */
export type CheckoutGuestInput = {
  email: string;
  name: string;
};

export type CommunityRole =
  | 'ADMIN'
  | 'MEMBER'
  | 'ORGANIZER'
  | 'OWNER';

export type CommunityVisibility =
  | 'PRIVATE'
  | 'PUBLIC';

export type CreateAgentInput = {
  communityId: string | number;
  /** An AgentDefinition. */
  definition: unknown;
  name: string;
  /** The template's key, when started from one. */
  template?: string | null | undefined;
};

export type CreateCommunityInput = {
  currency: string;
  description?: string | null | undefined;
  joinPolicy: JoinPolicy;
  name: string;
  slug: string;
  timeZone: string;
  visibility: CommunityVisibility;
};

export type DecideAgentApprovalsInput = {
  communityId: string | number;
  decision: AgentApprovalDecision;
  ids: Array<string | number>;
};

export type DryRunAgentInput = {
  /** The definition being edited, unsaved; absent: the agent's own. */
  definition?: unknown;
  from: string;
  id: string | number;
  to: string;
};

export type EventInput = {
  approvalRequired: boolean;
  /** null = unlimited; >= 1 */
  capacity?: number | null | undefined;
  /** Path in community-assets; empty removes */
  coverPath?: string | null | undefined;
  description?: string | null | undefined;
  endsAtLocal: string;
  /** Visitors see who is going (never on members-only events); omitted: on when created, unchanged when updated */
  guestListVisible?: boolean | null | undefined;
  /** http(s) only */
  onlineUrl?: string | null | undefined;
  questions: Array<QuestionInput>;
  /** Omitted: on for members-only events and events needing approval */
  requireVerifiedEmail?: boolean | null | undefined;
  /** Wall time YYYY-MM-DDTHH:mm in timeZone */
  startsAtLocal: string;
  ticketTypes: Array<TicketTypeInput>;
  timeZone: string;
  title: string;
  venueAddress?: string | null | undefined;
  venueName?: string | null | undefined;
  visibility: EventVisibility;
  waitlistEnabled: boolean;
  /** 1 to 168; omitted: 12 */
  waitlistOfferHours?: number | null | undefined;
};

export type EventListFilter =
  | 'DRAFTS'
  | 'PAST'
  | 'UPCOMING';

export type EventStatus =
  | 'CANCELED'
  | 'DRAFT'
  | 'PUBLISHED';

export type EventVisibility =
  | 'MEMBERS'
  | 'PUBLIC'
  | 'UNLISTED';

export type ForecastMethod =
  /** The exact distribution of the sum of everyone's chances */
  | 'EXACT'
  /** A normal approximation, for events of thousands */
  | 'NORMAL';

export type GuestRegisterInput = {
  /** As RegisterInput.announcements */
  announcements?: boolean | null | undefined;
  answers: Array<AnswerInput>;
  email: string;
  name: string;
  /** As RegisterInput.origin */
  origin?: string | null | undefined;
  /** As RegisterInput.quantity */
  quantity?: number | null | undefined;
  ticketTypeId?: string | number | null | undefined;
};

export type InsightsGranularity =
  | 'DAY'
  | 'MONTH'
  | 'WEEK';

/** Exactly one of `preset` or `from` and `to` (the community's days, YYYY-MM-DD, both included). */
export type InsightsPeriodInput = {
  from?: string | null | undefined;
  preset?: InsightsPreset | null | undefined;
  to?: string | null | undefined;
};

export type InsightsPreset =
  | 'ALL_TIME'
  | 'LAST_7_DAYS'
  | 'LAST_12_MONTHS'
  | 'LAST_30_DAYS'
  | 'LAST_90_DAYS';

export type InvitationStatus =
  | 'ACCEPTED'
  | 'EXPIRED'
  | 'PENDING'
  | 'REVOKED';

export type InviteResult =
  | 'ALREADY_MEMBER'
  | 'BANNED'
  | 'INVALID'
  | 'INVITED';

export type JoinPolicy =
  | 'APPROVAL'
  | 'INVITE'
  | 'OPEN';

/** How money recorded by hand was paid. */
export type ManualPaymentMethod =
  | 'BANK_TRANSFER'
  | 'CASH'
  | 'OTHER';

export type MemberFilter = {
  checkInsAtLeast?: number | null | undefined;
  eventsAttendedAtLeast?: number | null | undefined;
  joinedAfter?: string | null | undefined;
  joinedBefore?: string | null | undefined;
  lastActiveAfter?: string | null | undefined;
  lastActiveBefore?: string | null | undefined;
  /** Not checked in at their latest ended event where they held a going place (events that checked people in) */
  noShowLastTime?: boolean | null | undefined;
  planStatuses?: Array<PlanStatus> | null | undefined;
  /** Members holding (or asking for) one of these plans. */
  plans?: Array<string | number> | null | undefined;
  roles?: Array<CommunityRole> | null | undefined;
  sources?: Array<MembershipSource> | null | undefined;
  statuses?: Array<MembershipStatus> | null | undefined;
  /** Members carrying every one of these tags. */
  tags?: Array<string> | null | undefined;
};

export type MemberImportInput = {
  /** 0-based column of the email addresses */
  emailColumn: number;
  /** The file's path in the member-imports bucket */
  filePath: string;
  mode: MemberImportMode;
  nameColumn?: number | null | undefined;
  role: CommunityRole;
  /** Tags for everyone imported */
  tags?: Array<string> | null | undefined;
  /** Tags per row, separated by ; or , */
  tagsColumn?: number | null | undefined;
};

export type MemberImportMode =
  /** Make each person a member without a mail */
  | 'ADD'
  /** Send each person an invitation by email */
  | 'INVITE';

export type MemberImportRejectReason =
  | 'BANNED'
  | 'DUPLICATE_IN_FILE'
  | 'INVALID_EMAIL'
  | 'MISSING_EMAIL';

export type MemberImportStatus =
  | 'DONE'
  | 'FAILED'
  | 'QUEUED'
  | 'RUNNING';

export type MemberSort = {
  direction: SortDirection;
  field: MemberSortField;
};

export type MemberSortField =
  | 'CHECK_INS'
  | 'EVENTS_ATTENDED'
  | 'JOINED'
  | 'LAST_ACTIVE'
  | 'NAME';

export type MembershipPlanInput = {
  approvalRequired: boolean;
  description?: string | null | undefined;
  interval: PlanInterval;
  memberPrices: boolean;
  membersOnlyEvents: boolean;
  name: string;
  /** Minor units of the community's currency; ignored for FREE */
  priceMinor?: number | null | undefined;
};

export type MembershipSource =
  | 'CREATED'
  | 'EVENT'
  | 'IMPORTED'
  | 'INVITED'
  | 'JOINED';

export type MembershipStatus =
  | 'ACTIVE'
  | 'BANNED'
  | 'PENDING'
  /** Known to the community through its events only: one of its people, not a member */
  | 'PERSON';

export type MessageRegistrantsInput = {
  body: string;
  status?: RegistrationStatus | null | undefined;
  subject: string;
  ticketTypeId?: string | number | null | undefined;
};

export type PaymentAccountMode =
  /** The community's own Stripe account. */
  | 'CONNECTED_ACCOUNT'
  /** The server's operator's Stripe account, for every community (STRIPE_CONNECT=off). */
  | 'OPERATOR_ACCOUNT';

/** How far the community is with taking payments. */
export type PaymentConnectionStatus =
  /** Payments can be taken; Stripe holds payouts until it enables them. */
  | 'CHARGES_ENABLED'
  /** The server's operator set no Stripe keys. */
  | 'NOT_CONFIGURED'
  /** No Stripe account yet. */
  | 'NOT_CONNECTED'
  /** Stripe still needs details, or is reviewing them: no payments yet. */
  | 'ONBOARDING_INCOMPLETE'
  /** Payments are taken and paid out. */
  | 'PAYOUTS_ENABLED';

export type PaymentFilter = {
  /** From this instant on. */
  createdAfter?: string | null | undefined;
  /** Before this instant. */
  createdBefore?: string | null | undefined;
  eventId?: string | number | null | undefined;
  methods?: Array<PaymentMethod> | null | undefined;
  /** One member's payments. */
  payerUserId?: string | number | null | undefined;
  /** Membership payments for this plan. */
  planId?: string | number | null | undefined;
  purposes?: Array<PaymentPurpose> | null | undefined;
  statuses?: Array<PaymentStatus> | null | undefined;
};

export type PaymentMethod =
  | 'BANK_TRANSFER'
  | 'CASH'
  | 'OTHER'
  | 'STRIPE';

export type PaymentPurpose =
  | 'MEMBERSHIP'
  | 'OTHER'
  | 'TICKET';

export type PaymentStatus =
  | 'FAILED'
  | 'PARTIALLY_REFUNDED'
  | 'PENDING'
  | 'REFUNDED'
  | 'SUCCEEDED';

/** How often a membership plan is paid. */
export type PlanInterval =
  | 'FREE'
  | 'MONTH'
  /** Paid once, kept for good */
  | 'ONCE'
  | 'YEAR';

/** Where a member stands with their membership plan. */
export type PlanStatus =
  | 'ACTIVE'
  /** Approved; the plan starts once paid */
  | 'AWAITING_PAYMENT'
  /** Canceled: benefits go on until the paid period ends */
  | 'CANCELING'
  /** The plan is over; its benefits stopped */
  | 'ENDED'
  /** A renewal failed; benefits go on while the payment is retried */
  | 'PAST_DUE'
  /** Asked to join with the plan; an admin decides first */
  | 'REQUESTED';

export type PromoCodeInput = {
  /** Minor units of the community's currency off each ticket */
  amountOffMinor?: number | null | undefined;
  /** 3 to 40 letters, digits, dashes or underscores */
  code: string;
  expiresAt?: string | null | undefined;
  /** Null: no limit */
  maxUses?: number | null | undefined;
  /** 1 to 100; or amountOffMinor */
  percentOff?: number | null | undefined;
  startsAt?: string | null | undefined;
  /** Only this ticket type of the code's event */
  ticketTypeId?: string | number | null | undefined;
};

/** Whether a promo code applies to new orders now, and if not, why. */
export type PromoCodeStatus =
  | 'ACTIVE'
  | 'EXPIRED'
  /** Deactivated by an organizer. */
  | 'INACTIVE'
  /** Its start is still ahead. */
  | 'SCHEDULED'
  /** Its usage limit is reached. */
  | 'USED_UP';

export type QuestionInput = {
  id?: string | number | null | undefined;
  kind: QuestionKind;
  label: string;
  options?: Array<string> | null | undefined;
  required: boolean;
};

export type QuestionKind =
  | 'CHECKBOX'
  | 'LONG_TEXT'
  | 'MULTIPLE_CHOICE'
  | 'SHORT_TEXT'
  | 'SINGLE_CHOICE';

export type RecordPaymentInput = {
  amountMinor: number;
  currency: string;
  eventId?: string | number | null | undefined;
  /** What receiving it cost (a transfer's bank charge); net is amount less fee. */
  feeMinor?: number | null | undefined;
  method: ManualPaymentMethod;
  note?: string | null | undefined;
  /** When it was received, when not now; not in the future, at most ten years back. */
  paidAt?: string | null | undefined;
  /** When it is a member's address, the payment is linked to that member. */
  payerEmail?: string | null | undefined;
  payerName?: string | null | undefined;
  /** A member of the community who paid. */
  payerUserId?: string | number | null | undefined;
  purpose: PaymentPurpose;
  /** The registration this pays for (a ticket). */
  registrationId?: string | number | null | undefined;
};

export type RegisterInput = {
  /** The registrant agrees to receive the community's announcements (unticked by default); members keep their own choice */
  announcements?: boolean | null | undefined;
  answers: Array<AnswerInput>;
  /** Where the registrant came from: community_page, event_page, or link:<ref> (a shared link's ref or utm_source). Anything else is ignored. */
  origin?: string | null | undefined;
  /** Tickets wanted when asking for a paid ticket (approval or waitlist); 1 by default */
  quantity?: number | null | undefined;
  ticketTypeId?: string | number | null | undefined;
};

export type RegistrationStatus =
  | 'CANCELED'
  | 'DECLINED'
  | 'GOING'
  /** Seats kept while the buyer pays; going once paid. */
  | 'HELD'
  | 'PENDING'
  | 'WAITLISTED';

export type RegistrationTimeFilter =
  | 'PAST'
  | 'UPCOMING';

export type RoleChangeSkipReason =
  /** The owner, or an admin when the viewer is not the owner. */
  | 'FORBIDDEN'
  /** Pending or banned: no role to change. */
  | 'NOT_ACTIVE'
  /** The viewer's own membership. */
  | 'SELF'
  /** Already holds that role. */
  | 'UNCHANGED';

export type SendAnnouncementInput = {
  audience: AnnouncementAudienceInput;
  /** Markdown. */
  body: string;
  /** The draft this sends; it is gone once sent. */
  draftId?: string | number | null | undefined;
  subject: string;
};

export type SortDirection =
  | 'ASC'
  | 'DESC';

export type StartCheckoutInput = {
  /** As RegisterInput.announcements */
  announcements?: boolean | null | undefined;
  answers: Array<AnswerInput>;
  guest?: CheckoutGuestInput | null | undefined;
  /** As RegisterInput.origin */
  origin?: string | null | undefined;
  promoCode?: string | null | undefined;
  quantity: number;
  ticketTypeId: string | number;
};

export type TicketOrderStatus =
  /** Not paid in time, or given up: the seats went back */
  | 'EXPIRED'
  /** Seats held while the buyer pays */
  | 'OPEN'
  /** Paid: the seats are the buyer's and the ticket is mailed */
  | 'PAID';

export type TicketTypeInput = {
  id?: string | number | null | undefined;
  /** 1 to 50; omitted: 10 */
  maxPerOrder?: number | null | undefined;
  /** For active members, at most the price */
  memberPriceMinor?: number | null | undefined;
  name: string;
  /** Minor units of the community's currency; omitted: free */
  priceMinor?: number | null | undefined;
  quantity?: number | null | undefined;
  /** Wall time YYYY-MM-DDTHH:mm in the event's zone */
  salesEndLocal?: string | null | undefined;
  /** Wall time YYYY-MM-DDTHH:mm in the event's zone */
  salesStartLocal?: string | null | undefined;
};

export type UndoAgentActionsSinceInput = {
  agentId?: string | number | null | undefined;
  communityId: string | number;
  since: string;
};

export type UpdateAgentInput = {
  definition?: unknown;
  id: string | number;
  name?: string | null | undefined;
};

export type UpdateAgentSettingsInput = {
  communityId: string | number;
  modelBudgetMicros: number;
};

export type UpdateCommunityInput = {
  /** #rrggbb; empty or null removes it */
  brandColor?: string | null | undefined;
  /** Path in community-assets; empty removes the cover */
  coverPath?: string | null | undefined;
  currency?: string | null | undefined;
  description?: string | null | undefined;
  joinPolicy?: JoinPolicy | null | undefined;
  /** The whole list in order; omitted leaves the questions as they are */
  joinQuestions?: Array<QuestionInput> | null | undefined;
  /** Path in community-assets; empty removes the logo */
  logoPath?: string | null | undefined;
  /** Whether active members may see who else is a member (names only) */
  memberDirectory?: boolean | null | undefined;
  name?: string | null | undefined;
  slug?: string | null | undefined;
  timeZone?: string | null | undefined;
  visibility?: CommunityVisibility | null | undefined;
};

export type AgentRunsQueryVariables = Exact<{
  agentId?: string | number | null | undefined;
  communityId?: string | number | null | undefined;
  filter?: AgentRunFilter | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type AgentRunsQuery = { agentRuns: { totalCount: number, endCursor: string | null, hasNextPage: boolean, nodes: Array<{ id: string, status: AgentRunStatus, triggerSummary: string, messagesSent: number, createdAt: string, finishedAt: string | null, durationMs: number | null, undoneAt: string | null, undoable: boolean, error: string | null, subject: { id: string, name: string } | null, event: { id: string, title: string } | null, agent: { id: string, name: string } }> } };

export type AgentRunQueryVariables = Exact<{
  id: string | number;
}>;


export type AgentRunQuery = { agentRun: { id: string, status: AgentRunStatus, trigger: unknown, triggerSummary: string, error: string | null, attempts: number, messagesSent: number, modelTokens: number, modelCostMicros: number, createdAt: string, startedAt: string | null, finishedAt: string | null, durationMs: number | null, undoneAt: string | null, undoable: boolean, subject: { id: string, name: string } | null, event: { id: string, title: string } | null, agent: { id: string, name: string }, steps: Array<{ id: string, index: number, kind: string, summary: string, reason: string | null, input: unknown, output: unknown, status: AgentStepStatus, reversible: boolean, error: string | null, attempts: number, startedAt: string | null, finishedAt: string | null, undoneAt: string | null }> } | null };

export type UndoAgentRunMutationVariables = Exact<{
  id: string | number;
}>;


export type UndoAgentRunMutation = { undoAgentRun: { id: string, undoneAt: string | null, undoable: boolean } };

export type UndoAgentActionsSinceMutationVariables = Exact<{
  input: UndoAgentActionsSinceInput;
}>;


export type UndoAgentActionsSinceMutation = { undoAgentActionsSince: { runs: number, undoneSteps: number, irreversibleSteps: number, runsInProgress: number } };

export type AgentApprovalsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type AgentApprovalsQuery = { agentApprovals: Array<{ id: string, reason: string, status: string, createdAt: string, agent: { id: string, name: string }, run: { id: string, triggerSummary: string, subject: { id: string, name: string } | null, event: { id: string, title: string } | null }, step: { id: string, kind: string, summary: string } }> };

export type DecideAgentApprovalsMutationVariables = Exact<{
  input: DecideAgentApprovalsInput;
}>;


export type DecideAgentApprovalsMutation = { decideAgentApprovals: Array<{ id: string, status: string }> };

export type DryRunAgentMutationVariables = Exact<{
  input: DryRunAgentInput;
}>;


export type DryRunAgentMutation = { dryRunAgent: { id: string, from: string, to: string, createdAt: string, runs: unknown, totals: { triggers: number, acting: number, messages: number, tagChanges: number, decisions: number, stoppedByLimit: number } } };

export type AgentRunReplayQueryVariables = Exact<{
  id: string | number;
}>;


export type AgentRunReplayQuery = { agentRun: { id: string, replay: unknown } | null };

export type AgentSummaryFragment = { id: string, communityId: string, name: string, template: string | null, description: string, status: AgentStatus, pausedReason: string | null, approvalMode: AgentApprovalMode, lastRunAt: string | null, runCount: number, pendingApprovalCount: number, messagesToday: number, enabledAt: string | null };

export type AgentsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type AgentsQuery = { agents: Array<{ id: string, communityId: string, name: string, template: string | null, description: string, status: AgentStatus, pausedReason: string | null, approvalMode: AgentApprovalMode, lastRunAt: string | null, runCount: number, pendingApprovalCount: number, messagesToday: number, enabledAt: string | null }> };

export type AgentQueryVariables = Exact<{
  id: string | number;
}>;


export type AgentQuery = { agent: { definition: unknown, webhookSecret: string | null, updatedAt: string, id: string, communityId: string, name: string, template: string | null, description: string, status: AgentStatus, pausedReason: string | null, approvalMode: AgentApprovalMode, lastRunAt: string | null, runCount: number, pendingApprovalCount: number, messagesToday: number, enabledAt: string | null } | null };

export type AgentTemplatesQueryVariables = Exact<{ [key: string]: never; }>;


export type AgentTemplatesQuery = { agentTemplates: Array<{ key: string, name: string, summary: string, definition: unknown, usesModel: boolean }> };

export type AgentSettingsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type AgentSettingsQuery = { agentSettings: { modelConfigured: boolean, modelBudgetMicros: number, modelSpentMicros: number } };

export type AgentNoticesQueryVariables = Exact<{
  communityId: string | number;
}>;


export type AgentNoticesQuery = { agentNotices: Array<{ id: string, message: string, createdAt: string, read: boolean, agent: { id: string, name: string } | null }> };

export type AgentSegmentsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type AgentSegmentsQuery = { memberSegments: Array<{ id: string, name: string }> };

export type CreateAgentMutationVariables = Exact<{
  input: CreateAgentInput;
}>;


export type CreateAgentMutation = { createAgent: { definition: unknown, webhookSecret: string | null, id: string, communityId: string, name: string, template: string | null, description: string, status: AgentStatus, pausedReason: string | null, approvalMode: AgentApprovalMode, lastRunAt: string | null, runCount: number, pendingApprovalCount: number, messagesToday: number, enabledAt: string | null } };

export type UpdateAgentMutationVariables = Exact<{
  input: UpdateAgentInput;
}>;


export type UpdateAgentMutation = { updateAgent: { definition: unknown, webhookSecret: string | null, id: string, communityId: string, name: string, template: string | null, description: string, status: AgentStatus, pausedReason: string | null, approvalMode: AgentApprovalMode, lastRunAt: string | null, runCount: number, pendingApprovalCount: number, messagesToday: number, enabledAt: string | null } };

export type DeleteAgentMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteAgentMutation = { deleteAgent: string };

export type SetAgentEnabledMutationVariables = Exact<{
  id: string | number;
  enabled: boolean;
}>;


export type SetAgentEnabledMutation = { setAgentEnabled: { id: string, communityId: string, name: string, template: string | null, description: string, status: AgentStatus, pausedReason: string | null, approvalMode: AgentApprovalMode, lastRunAt: string | null, runCount: number, pendingApprovalCount: number, messagesToday: number, enabledAt: string | null } };

export type UpdateAgentSettingsMutationVariables = Exact<{
  input: UpdateAgentSettingsInput;
}>;


export type UpdateAgentSettingsMutation = { updateAgentSettings: { modelConfigured: boolean, modelBudgetMicros: number, modelSpentMicros: number } };

export type MarkAgentNoticesReadMutationVariables = Exact<{
  communityId: string | number;
}>;


export type MarkAgentNoticesReadMutation = { markAgentNoticesRead: number };

export type AnnouncementSubscriptionQueryVariables = Exact<{
  token: string;
}>;


export type AnnouncementSubscriptionQuery = { announcementSubscription: { communityId: string, communityName: string, subscribed: boolean } };

export type SetAnnouncementSubscriptionMutationVariables = Exact<{
  token: string;
  subscribed: boolean;
}>;


export type SetAnnouncementSubscriptionMutation = { setAnnouncementSubscription: { communityId: string, communityName: string, subscribed: boolean } };

export type MyCommunitiesQueryVariables = Exact<{ [key: string]: never; }>;


export type MyCommunitiesQuery = { myCommunities: Array<{ id: string, name: string, slug: string, description: string, logoUrl: string | null, brandColor: string | null, memberCount: number, viewerRole: CommunityRole, viewerCapabilities: Array<Capability>, visibility: CommunityVisibility, pendingJoinRequests: number | null, timeZone: string, nextEvent: { id: string, title: string, startsAt: string } | null }> };

export type CommunityDetailsFragment = { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string, brandColor: string | null, coverUrl: string | null, viewerCapabilities: Array<Capability>, pendingJoinRequests: number | null, agentBadgeCount: number, memberDirectory: boolean, joinQuestions: Array<{ id: string, kind: QuestionKind, label: string, required: boolean, options: Array<string> }> };

export type CommunityQueryVariables = Exact<{
  id: string | number;
}>;


export type CommunityQuery = { community: { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string, brandColor: string | null, coverUrl: string | null, viewerCapabilities: Array<Capability>, pendingJoinRequests: number | null, agentBadgeCount: number, memberDirectory: boolean, joinQuestions: Array<{ id: string, kind: QuestionKind, label: string, required: boolean, options: Array<string> }> } };

export type SlugAvailabilityQueryVariables = Exact<{
  slug: string;
}>;


export type SlugAvailabilityQuery = { slugAvailability: { slug: string, available: boolean, reason: string | null } };

export type CreateCommunityMutationVariables = Exact<{
  input: CreateCommunityInput;
}>;


export type CreateCommunityMutation = { createCommunity: { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string, brandColor: string | null, coverUrl: string | null, viewerCapabilities: Array<Capability>, pendingJoinRequests: number | null, agentBadgeCount: number, memberDirectory: boolean, joinQuestions: Array<{ id: string, kind: QuestionKind, label: string, required: boolean, options: Array<string> }> } };

export type OverviewStatusFieldsFragment = { status: { id: string, pendingJoinRequests: number | null, heldSeats: number | null, invitedAnyone: boolean | null, canTakePayments: boolean, memberStats: { activeCount: number } | null, paymentActivity: { failedLast30Days: number, anyTaken: boolean } | null } };

export type OverviewStatusQueryVariables = Exact<{
  communityId: string | number;
}>;


export type OverviewStatusQuery = { status: { id: string, pendingJoinRequests: number | null, heldSeats: number | null, invitedAnyone: boolean | null, canTakePayments: boolean, memberStats: { activeCount: number } | null, paymentActivity: { failedLast30Days: number, anyTaken: boolean } | null } };

export type UpdateCommunityMutationVariables = Exact<{
  id: string | number;
  input: UpdateCommunityInput;
}>;


export type UpdateCommunityMutation = { updateCommunity: { id: string, name: string, slug: string, description: string, logoUrl: string | null, memberCount: number, viewerRole: CommunityRole, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string, currency: string, createdAt: string, brandColor: string | null, coverUrl: string | null, viewerCapabilities: Array<Capability>, pendingJoinRequests: number | null, agentBadgeCount: number, memberDirectory: boolean, joinQuestions: Array<{ id: string, kind: QuestionKind, label: string, required: boolean, options: Array<string> }> } };

export type DeleteCommunityMutationVariables = Exact<{
  id: string | number;
  confirmName: string;
}>;


export type DeleteCommunityMutation = { deleteCommunity: boolean };

export type TicketOrderFieldsFragment = { id: string, eventId: string, status: TicketOrderStatus, ticketName: string, quantity: number, currency: string, totalMinor: number, expiresAt: string, checkoutUrl: string | null };

export type StartCheckoutMutationVariables = Exact<{
  eventId: string | number;
  input: StartCheckoutInput;
}>;


export type StartCheckoutMutation = { startCheckout: { url: string | null, order: { id: string, eventId: string, status: TicketOrderStatus, ticketName: string, quantity: number, currency: string, totalMinor: number, expiresAt: string, checkoutUrl: string | null } } };

export type TicketOrderQueryVariables = Exact<{
  id: string | number;
}>;


export type TicketOrderQuery = { ticketOrder: { id: string, eventId: string, status: TicketOrderStatus, ticketName: string, quantity: number, currency: string, totalMinor: number, expiresAt: string, checkoutUrl: string | null } | null };

export type CancelCheckoutMutationVariables = Exact<{
  orderId: string | number;
}>;


export type CancelCheckoutMutation = { cancelCheckout: { id: string, eventId: string, status: TicketOrderStatus, ticketName: string, quantity: number, currency: string, totalMinor: number, expiresAt: string, checkoutUrl: string | null } };

export type EventPageQueryVariables = Exact<{
  id: string | number;
}>;


export type EventPageQuery = { event: { viewerCanManage: boolean, cancelMessage: string | null, id: string, title: string, description: string, startsAt: string, endsAt: string, timeZone: string, venueName: string | null, venueAddress: string | null, hasOnlineLink: boolean, onlineUrl: string | null, coverUrl: string | null, status: EventStatus, visibility: EventVisibility, capacity: number | null, spotsLeft: number | null, waitlistEnabled: boolean, waitlistOfferHours: number, approvalRequired: boolean, requireVerifiedEmail: boolean, guestListVisible: boolean, goingCount: number, waitlistCount: number, host: { id: string, name: string, slug: string, logoUrl: string | null, brandColor: string | null }, ticketTypes: Array<{ id: string, name: string, priceMinor: number, memberPriceMinor: number | null, viewerPriceMinor: number, currency: string, quantity: number | null, remaining: number | null, maxPerOrder: number, salesStartAt: string | null, salesEndAt: string | null }>, questions: Array<{ id: string, kind: QuestionKind, label: string, required: boolean, options: Array<string> }>, guests: Array<{ name: string, image: string | null }> | null, viewerRegistration: { id: string, status: RegistrationStatus, checkInCode: string | null, checkedInAt: string | null, waitlistPosition: number | null, ticketType: { id: string, name: string } | null } | null } };

export type RegisterAsGuestMutationVariables = Exact<{
  eventId: string | number;
  input: GuestRegisterInput;
}>;


export type RegisterAsGuestMutation = { registerAsGuest: { status: RegistrationStatus, email: string } };

export type ResendTicketMutationVariables = Exact<{
  eventId: string | number;
  email: string;
}>;


export type ResendTicketMutation = { resendTicket: boolean };

export type RegisterForEventMutationVariables = Exact<{
  eventId: string | number;
  input: RegisterInput;
}>;


export type RegisterForEventMutation = { register: { id: string, status: RegistrationStatus, checkInCode: string | null, waitlistPosition: number | null, ticketType: { id: string, name: string } | null } };

export type TicketQuoteQueryVariables = Exact<{
  eventId: string | number;
  ticketTypeId: string | number;
  quantity: number;
  promoCode?: string | null | undefined;
}>;


export type TicketQuoteQuery = { ticketQuote: { currency: string, subtotalMinor: number, discountMinor: number, totalMinor: number, promoCode: string | null, lines: Array<{ ticketTypeId: string, quantity: number, unitPriceMinor: number, listUnitPriceMinor: number, memberPrice: boolean, unitDiscountMinor: number }> } };

export type RegistrationDigestQueryVariables = Exact<{
  communityId: string | number;
}>;


export type RegistrationDigestQuery = { registrationDigest: boolean };

export type SetRegistrationDigestMutationVariables = Exact<{
  communityId: string | number;
  enabled: boolean;
}>;


export type SetRegistrationDigestMutation = { setRegistrationDigest: boolean };

export type EventInsightsQueryVariables = Exact<{
  eventId: string | number;
}>;


export type EventInsightsQuery = { eventInsights: { eventId: string, timeZone: string, registrations: number, going: number, conversion: number | null, pageViews: { total: number, days: Array<{ day: string, views: number }> }, sources: Array<{ origin: string, kind: string, ref: string | null, registrations: number, going: number }>, checkIns: Array<{ at: string, localTime: string, checkIns: number, total: number }> } };

export type SavedEventFragment = { id: string, status: EventStatus, host: { id: string } };

export type CreateEventMutationVariables = Exact<{
  communityId: string | number;
  input: EventInput;
  publish: boolean;
}>;


export type CreateEventMutation = { createEvent: { id: string, status: EventStatus, host: { id: string } } };

export type UpdateEventMutationVariables = Exact<{
  id: string | number;
  input: EventInput;
}>;


export type UpdateEventMutation = { updateEvent: { id: string, status: EventStatus, host: { id: string } } };

export type PublishEventMutationVariables = Exact<{
  id: string | number;
}>;


export type PublishEventMutation = { publishEvent: { id: string, status: EventStatus, host: { id: string } } };

export type CancelEventMutationVariables = Exact<{
  id: string | number;
  message?: string | null | undefined;
}>;


export type CancelEventMutation = { cancelEvent: { id: string, status: EventStatus, host: { id: string } } };

export type DuplicateEventMutationVariables = Exact<{
  id: string | number;
}>;


export type DuplicateEventMutation = { duplicateEvent: { id: string, status: EventStatus, host: { id: string } } };

export type EventListItemFragment = { id: string, title: string, startsAt: string, endsAt: string, timeZone: string, status: EventStatus, capacity: number | null, goingCount: number, waitlistCount: number, pendingCount: number };

export type CommunityEventsQueryVariables = Exact<{
  communityId: string | number;
  filter: EventListFilter;
  search?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type CommunityEventsQuery = { events: { nodes: Array<{ visibility: EventVisibility, checkedInCount: number, publicPath: string, id: string, title: string, startsAt: string, endsAt: string, timeZone: string, status: EventStatus, capacity: number | null, goingCount: number, waitlistCount: number, pendingCount: number, attendanceForecast: { expected: number, low: number, high: number, going: number } | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type OverviewEventsFieldsFragment = { upcoming: { nodes: Array<{ id: string, title: string, startsAt: string, endsAt: string, timeZone: string, status: EventStatus, capacity: number | null, goingCount: number, waitlistCount: number, pendingCount: number }>, pageInfo: { hasNextPage: boolean } }, drafts: { nodes: Array<{ id: string }> }, past: { nodes: Array<{ id: string }> } };

export type OverviewEventsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type OverviewEventsQuery = { upcoming: { nodes: Array<{ id: string, title: string, startsAt: string, endsAt: string, timeZone: string, status: EventStatus, capacity: number | null, goingCount: number, waitlistCount: number, pendingCount: number }>, pageInfo: { hasNextPage: boolean } }, drafts: { nodes: Array<{ id: string }> }, past: { nodes: Array<{ id: string }> } };

export type EventDetailQueryVariables = Exact<{
  id: string | number;
}>;


export type EventDetailQuery = { event: { id: string, pendingCount: number, checkedInCount: number, heldCount: number, viewerCanManage: boolean, publicPath: string, publishedAt: string | null, canceledAt: string | null, cancelMessage: string | null, title: string, description: string, startsAt: string, endsAt: string, timeZone: string, venueName: string | null, venueAddress: string | null, hasOnlineLink: boolean, onlineUrl: string | null, coverUrl: string | null, status: EventStatus, visibility: EventVisibility, capacity: number | null, spotsLeft: number | null, waitlistEnabled: boolean, waitlistOfferHours: number, approvalRequired: boolean, requireVerifiedEmail: boolean, guestListVisible: boolean, goingCount: number, waitlistCount: number, host: { id: string, name: string, slug: string }, ticketTypes: Array<{ id: string, name: string, quantity: number | null, remaining: number | null, priceMinor: number, memberPriceMinor: number | null, maxPerOrder: number, salesStartAt: string | null, salesEndAt: string | null }>, questions: Array<{ id: string, kind: QuestionKind, label: string, required: boolean, options: Array<string> }> } };

export type EventRegistrationsQueryVariables = Exact<{
  eventId: string | number;
  status?: RegistrationStatus | null | undefined;
  ticketTypeId?: string | number | null | undefined;
  search?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type EventRegistrationsQuery = { eventRegistrations: { totalCount: number, nodes: Array<{ id: string, status: RegistrationStatus, quantity: number, checkedInAt: string | null, waitlistPosition: number | null, holdExpiresAt: string | null, createdAt: string, person: { id: string, name: string, email: string, image: string | null }, ticketType: { id: string, name: string } | null, answers: Array<{ questionId: string, label: string, values: Array<string> }>, payments: Array<{ id: string, method: PaymentMethod, status: PaymentStatus, currency: string, amountMinor: number, refundedMinor: number, payer: { name: string } }> | null }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type EventForecastQueryVariables = Exact<{
  id: string | number;
  risk?: number | null | undefined;
}>;


export type EventForecastQuery = { event: { id: string, capacity: number | null, waitlistCount: number, attendanceForecast: { expected: number, low: number, high: number, going: number, basis: number, method: ForecastMethod, overbooking: { extraSeats: number, admitted: number, risk: number, probabilityOver: number } | null } | null } };

export type RegistrationChangeFragment = { id: string, status: RegistrationStatus, checkedInAt: string | null };

export type ApproveRegistrationMutationVariables = Exact<{
  id: string | number;
}>;


export type ApproveRegistrationMutation = { approveRegistration: { id: string, status: RegistrationStatus, checkedInAt: string | null } };

export type DeclineRegistrationMutationVariables = Exact<{
  id: string | number;
}>;


export type DeclineRegistrationMutation = { declineRegistration: { id: string, status: RegistrationStatus, checkedInAt: string | null } };

export type MoveFromWaitlistMutationVariables = Exact<{
  id: string | number;
}>;


export type MoveFromWaitlistMutation = { moveFromWaitlist: { id: string, status: RegistrationStatus, checkedInAt: string | null } };

export type ManagerCancelRegistrationMutationVariables = Exact<{
  id: string | number;
}>;


export type ManagerCancelRegistrationMutation = { cancelRegistration: { id: string, status: RegistrationStatus, checkedInAt: string | null } };

export type CheckInMutationVariables = Exact<{
  registrationId: string | number;
}>;


export type CheckInMutation = { checkIn: { id: string, status: RegistrationStatus, checkedInAt: string | null } };

export type UndoCheckInMutationVariables = Exact<{
  registrationId: string | number;
}>;


export type UndoCheckInMutation = { undoCheckIn: { id: string, status: RegistrationStatus, checkedInAt: string | null } };

export type CheckInByCodeMutationVariables = Exact<{
  eventId: string | number;
  code: string;
}>;


export type CheckInByCodeMutation = { checkInByCode: { id: string, status: RegistrationStatus, checkedInAt: string | null, person: { id: string, name: string, email: string }, ticketType: { id: string, name: string } | null } };

export type MessageRegistrantsMutationVariables = Exact<{
  eventId: string | number;
  input: MessageRegistrantsInput;
}>;


export type MessageRegistrantsMutation = { messageRegistrants: number };

export type TicketPricingQueryVariables = Exact<{
  communityId: string | number;
}>;


export type TicketPricingQuery = { community: { id: string, currency: string, canTakePayments: boolean, viewerCapabilities: Array<Capability> } };

export type CommunityInsightsQueryVariables = Exact<{
  communityId: string | number;
  period: InsightsPeriodInput;
}>;


export type CommunityInsightsQuery = { communityInsights: { period: { from: string, to: string, previousFrom: string | null, previousTo: string | null, granularity: InsightsGranularity, timeZone: string, preset: InsightsPreset | null }, figures: { members: { value: number, previous: number | null }, newMembers: { value: number, previous: number | null }, membersLeft: { value: number, previous: number | null }, activeMembers: { value: number, previous: number | null }, eventsHeld: { value: number, previous: number | null }, registrations: { value: number, previous: number | null }, attendanceRate: { value: number | null, previous: number | null }, noShowRate: { value: number | null, previous: number | null }, revenue: Array<{ currency: string, netMinor: number, previousNetMinor: number | null }> | null }, memberGrowth: Array<{ bucket: string, total: number, joined: number, left: number }>, activeMembers: Array<{ bucket: string, people: number }>, eventsHeld: Array<{ bucket: string, events: number, going: number, checkedIn: number, attendanceRate: number | null }>, sources: Array<{ origin: string, kind: string, ref: string | null, registrations: number, joins: number }>, revenue: Array<{ bucket: string, currency: string, ticketsMinor: number, membershipsMinor: number, otherMinor: number, refundsMinor: number }> | null, topEvents: Array<{ eventId: string, title: string, startsAt: string, registrations: number, going: number, checkedIn: number, attendanceRate: number | null, revenue: Array<{ currency: string, netMinor: number }> | null }>, cohorts: Array<{ cohort: string, members: number, retention: Array<number> }> } };

export type AnnouncementsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type AnnouncementsQuery = { announcements: Array<{ id: string, subject: string, audienceLabel: string, sentAt: string, sentByName: string | null, recipientCount: number, deliveredCount: number, failedCount: number }> };

export type AnnouncementAudienceCountQueryVariables = Exact<{
  communityId: string | number;
  audience: AnnouncementAudienceInput;
}>;


export type AnnouncementAudienceCountQuery = { announcementAudienceCount: number };

export type SendAnnouncementMutationVariables = Exact<{
  communityId: string | number;
  input: SendAnnouncementInput;
}>;


export type SendAnnouncementMutation = { sendAnnouncement: { id: string, recipientCount: number } };

export type AnnouncementDraftsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type AnnouncementDraftsQuery = { announcementDrafts: Array<{ id: string, subject: string, body: string, fromAgent: boolean, createdAt: string }> };

export type DeleteAnnouncementDraftMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteAnnouncementDraftMutation = { deleteAnnouncementDraft: string };

export type SetMemberRolesMutationVariables = Exact<{
  communityId: string | number;
  membershipIds?: Array<string | number> | string | number | null | undefined;
  filter?: MemberFilter | null | undefined;
  search?: string | null | undefined;
  role: CommunityRole;
}>;


export type SetMemberRolesMutation = { setMemberRoles: { matched: number, changed: number, skipped: Array<{ membershipId: string, reason: RoleChangeSkipReason }> } };

export type MemberImportQueryVariables = Exact<{
  id: string | number;
}>;


export type MemberImportQuery = { memberImport: { id: string, status: MemberImportStatus, mode: MemberImportMode, role: CommunityRole, totalRows: number | null, rowsDone: number, added: number, invited: number, skipped: number, rejected: number, error: string | null, createdAt: string, finishedAt: string | null, reportUrl: string, rejectedRows: Array<{ line: number, email: string, reason: MemberImportRejectReason }> } };

export type MemberImportsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type MemberImportsQuery = { memberImports: Array<{ id: string, status: MemberImportStatus, totalRows: number | null, rowsDone: number, createdAt: string }> };

export type StartMemberImportMutationVariables = Exact<{
  communityId: string | number;
  input: MemberImportInput;
}>;


export type StartMemberImportMutation = { startMemberImport: { id: string, status: MemberImportStatus } };

export type MembersQueryVariables = Exact<{
  communityId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
  search?: string | null | undefined;
  filter?: MemberFilter | null | undefined;
  sort?: MemberSort | null | undefined;
}>;


export type MembersQuery = { members: { totalCount: number, totalCountCapped: boolean, pageInfo: { endCursor: string | null, hasNextPage: boolean }, nodes: Array<{ id: string, role: CommunityRole, status: MembershipStatus, source: MembershipSource, tags: Array<string>, joinedAt: string, eventsAttended: number, checkIns: number, lastActiveAt: string, planStatus: PlanStatus | null, plan: { id: string, name: string } | null, person: { id: string, name: string, email: string | null } }> } };

export type MemberTablePlansQueryVariables = Exact<{
  communityId: string | number;
}>;


export type MemberTablePlansQuery = { membershipPlans: Array<{ id: string, name: string, archived: boolean }> };

export type MemberSegmentsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type MemberSegmentsQuery = { memberSegments: Array<{ id: string, name: string, filter: { roles: Array<CommunityRole> | null, statuses: Array<MembershipStatus> | null, sources: Array<MembershipSource> | null, tags: Array<string> | null, joinedAfter: string | null, joinedBefore: string | null, lastActiveAfter: string | null, lastActiveBefore: string | null, eventsAttendedAtLeast: number | null, checkInsAtLeast: number | null, plans: Array<string> | null, planStatuses: Array<PlanStatus> | null, noShowLastTime: boolean | null } }> };

export type SaveMemberSegmentMutationVariables = Exact<{
  communityId: string | number;
  name: string;
  filter: MemberFilter;
}>;


export type SaveMemberSegmentMutation = { saveMemberSegment: { id: string, name: string } };

export type DeleteMemberSegmentMutationVariables = Exact<{
  id: string | number;
}>;


export type DeleteMemberSegmentMutation = { deleteMemberSegment: string };

export type TagMembersMutationVariables = Exact<{
  communityId: string | number;
  membershipIds?: Array<string | number> | string | number | null | undefined;
  filter?: MemberFilter | null | undefined;
  search?: string | null | undefined;
  add?: Array<string> | string | null | undefined;
  remove?: Array<string> | string | null | undefined;
}>;


export type TagMembersMutation = { tagMembers: { matched: number, changed: number } };

export type MemberFiguresFieldsFragment = { community: { id: string, pendingJoinRequests: number | null, memberStats: { activeCount: number, peopleCount: number } | null, insightsSummary: { newMembers: number } | null, newestMembers: Array<{ id: string, joinedAt: string, person: { id: string, name: string } }> | null } };

export type MemberFiguresQueryVariables = Exact<{
  communityId: string | number;
}>;


export type MemberFiguresQuery = { community: { id: string, pendingJoinRequests: number | null, memberStats: { activeCount: number, peopleCount: number } | null, insightsSummary: { newMembers: number } | null, newestMembers: Array<{ id: string, joinedAt: string, person: { id: string, name: string } }> | null } };

export type JoinRequestsQueryVariables = Exact<{
  communityId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type JoinRequestsQuery = { joinRequests: { totalCount: number, endCursor: string | null, hasNextPage: boolean, nodes: Array<{ id: string, requestedAt: string, person: { id: string, name: string, email: string }, answers: Array<{ questionId: string, question: string, values: Array<string> }> }> } };

export type InvitationsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type InvitationsQuery = { invitations: Array<{ id: string, email: string, role: CommunityRole, status: InvitationStatus, sentAt: string, expiresAt: string }> };

export type MemberQueryVariables = Exact<{
  id: string | number;
}>;


export type MemberQuery = { member: { id: string, role: CommunityRole, status: MembershipStatus, source: MembershipSource, tags: Array<string>, joinedAt: string, lastActiveAt: string, eventsRegistered: number, eventsAttended: number, checkIns: number, person: { id: string, name: string, email: string | null }, joinAnswers: Array<{ questionId: string, question: string, values: Array<string> }>, timeline: Array<{ type: string, occurredAt: string, summary: string, actorName: string | null }> } };

export type InviteMembersMutationVariables = Exact<{
  communityId: string | number;
  emails: Array<string> | string;
  role: CommunityRole;
}>;


export type InviteMembersMutation = { inviteMembers: Array<{ email: string, result: InviteResult }> };

export type ResendInvitationMutationVariables = Exact<{
  id: string | number;
}>;


export type ResendInvitationMutation = { resendInvitation: { id: string, sentAt: string, expiresAt: string } };

export type RevokeInvitationMutationVariables = Exact<{
  id: string | number;
}>;


export type RevokeInvitationMutation = { revokeInvitation: { id: string, status: InvitationStatus } };

export type ApproveJoinRequestMutationVariables = Exact<{
  id: string | number;
}>;


export type ApproveJoinRequestMutation = { approveJoinRequest: { id: string, status: MembershipStatus } };

export type DeclineJoinRequestMutationVariables = Exact<{
  id: string | number;
  message?: string | null | undefined;
}>;


export type DeclineJoinRequestMutation = { declineJoinRequest: boolean };

export type SetMemberRoleMutationVariables = Exact<{
  membershipId: string | number;
  role: CommunityRole;
}>;


export type SetMemberRoleMutation = { setMemberRole: { id: string, role: CommunityRole } };

export type BanMemberMutationVariables = Exact<{
  membershipId: string | number;
  cancelRegistrations: boolean;
}>;


export type BanMemberMutation = { banMember: { id: string, status: MembershipStatus } };

export type RemoveMemberMutationVariables = Exact<{
  membershipId: string | number;
}>;


export type RemoveMemberMutation = { removeMember: boolean };

export type TransferOwnershipMutationVariables = Exact<{
  communityId: string | number;
  membershipId: string | number;
}>;


export type TransferOwnershipMutation = { transferOwnership: { id: string, role: CommunityRole } };

export type CommunityPageEventFieldsFragment = { id: string, title: string, startsAt: string, endsAt: string, venueName: string | null, isOnline: boolean, coverUrl: string | null };

export type CommunityPageQueryVariables = Exact<{
  slug: string;
}>;


export type CommunityPageQuery = { communityBySlug: { id: string, slug: string, name: string, logoUrl: string | null, coverUrl: string | null, brandColor: string | null, description: string | null, visibility: CommunityVisibility, joinPolicy: JoinPolicy, timeZone: string | null, memberCount: number | null, pastEventCount: number | null, followable: boolean, viewerFollows: boolean, viewerSeesDirectory: boolean, upcomingEvents: Array<{ id: string, title: string, startsAt: string, endsAt: string, venueName: string | null, isOnline: boolean, coverUrl: string | null }> | null, pastEvents: { hasNextPage: boolean, endCursor: string | null, nodes: Array<{ id: string, title: string, startsAt: string, endsAt: string, venueName: string | null, isOnline: boolean, coverUrl: string | null }> } | null, memberFaces: Array<{ id: string, name: string, imageUrl: string | null }>, joinQuestions: Array<{ id: string, kind: QuestionKind, label: string, required: boolean, options: Array<string> }>, viewerMembership: { id: string, role: CommunityRole, status: MembershipStatus, planStatus: PlanStatus | null, plan: { id: string, name: string } | null } | null, plans: Array<{ id: string, name: string, description: string, priceMinor: number, currency: string, interval: PlanInterval, membersOnlyEvents: boolean, memberPrices: boolean, approvalRequired: boolean }> } | null };

export type JoinCommunityMutationVariables = Exact<{
  communityId: string | number;
  answers?: Array<AnswerInput> | AnswerInput | null | undefined;
  planId?: string | number | null | undefined;
  origin?: string | null | undefined;
}>;


export type JoinCommunityMutation = { joinCommunity: { id: string, role: CommunityRole, status: MembershipStatus } };

export type SubscribeToPlanMutationVariables = Exact<{
  planId: string | number;
  origin?: string | null | undefined;
}>;


export type SubscribeToPlanMutation = { subscribeToPlan: { url: string } };

export type LeaveCommunityMutationVariables = Exact<{
  communityId: string | number;
}>;


export type LeaveCommunityMutation = { leaveCommunity: boolean };

export type MyMembershipsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyMembershipsQuery = { myCommunities: Array<{ id: string, name: string, slug: string, logoUrl: string | null, viewerRole: CommunityRole, viewerAnnouncementEmails: boolean | null }> };

export type SetMyAnnouncementEmailsMutationVariables = Exact<{
  communityId: string | number;
  subscribed: boolean;
}>;


export type SetMyAnnouncementEmailsMutation = { setMyAnnouncementEmails: { communityId: string, subscribed: boolean } };

export type MemberDirectoryQueryVariables = Exact<{
  communityId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type MemberDirectoryQuery = { memberDirectory: { totalCount: number, hasNextPage: boolean, endCursor: string | null, nodes: Array<{ id: string, name: string, role: CommunityRole, joinedAt: string }> } };

export type MyJoinRequestsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyJoinRequestsQuery = { myJoinRequests: Array<{ id: string, requestedAt: string, community: { id: string, name: string, slug: string, logoUrl: string | null } }> };

export type MorePastEventsQueryVariables = Exact<{
  slug: string;
  after?: string | null | undefined;
}>;


export type MorePastEventsQuery = { communityBySlug: { id: string, pastEvents: { hasNextPage: boolean, endCursor: string | null, nodes: Array<{ id: string, title: string, startsAt: string, endsAt: string, venueName: string | null, isOnline: boolean, coverUrl: string | null }> } | null } | null };

export type FollowCommunityMutationVariables = Exact<{
  communityId: string | number;
}>;


export type FollowCommunityMutation = { followCommunity: boolean };

export type UnfollowCommunityMutationVariables = Exact<{
  communityId: string | number;
}>;


export type UnfollowCommunityMutation = { unfollowCommunity: boolean };

export type CommunityFollowByTokenQueryVariables = Exact<{
  token: string;
}>;


export type CommunityFollowByTokenQuery = { communityFollowByToken: { communityName: string, communitySlug: string, following: boolean } };

export type UnfollowCommunityByTokenMutationVariables = Exact<{
  token: string;
}>;


export type UnfollowCommunityByTokenMutation = { unfollowCommunityByToken: { communityName: string, communitySlug: string, following: boolean } };

export type InvitationPreviewQueryVariables = Exact<{
  token: string;
}>;


export type InvitationPreviewQuery = { invitation: { email: string, role: CommunityRole, status: InvitationStatus, expiresAt: string, community: { id: string, name: string, slug: string, logoUrl: string | null } } | null };

export type AcceptInvitationMutationVariables = Exact<{
  token: string;
}>;


export type AcceptInvitationMutation = { acceptInvitation: { id: string, communityId: string, role: CommunityRole, status: MembershipStatus } };

export type BillingDetailsFieldsFragment = { communityId: string, legalName: string, address: string, taxNote: string, updatedAt: string | null };

export type BillingDetailsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type BillingDetailsQuery = { community: { id: string, name: string, billingDetails: { communityId: string, legalName: string, address: string, taxNote: string, updatedAt: string | null } | null } };

export type UpdateBillingDetailsMutationVariables = Exact<{
  communityId: string | number;
  input: BillingDetailsInput;
}>;


export type UpdateBillingDetailsMutation = { updateBillingDetails: { communityId: string, legalName: string, address: string, taxNote: string, updatedAt: string | null } };

export type PayerPaymentsQueryVariables = Exact<{
  communityId: string | number;
  payerUserId: string | number;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PayerPaymentsQuery = { payments: { totalCount: number, pageInfo: { endCursor: string | null, hasNextPage: boolean }, nodes: Array<{ id: string, createdAt: string, succeededAt: string | null, purpose: PaymentPurpose, status: PaymentStatus, method: PaymentMethod, amountMinor: number, feeMinor: number, refundedMinor: number, netMinor: number, currency: string, note: string, payer: { userId: string | null, name: string, email: string | null }, event: { id: string, title: string } | null }> } };

export type PayerPaymentTotalsQueryVariables = Exact<{
  communityId: string | number;
  payerUserId: string | number;
}>;


export type PayerPaymentTotalsQuery = { payerPaymentTotals: Array<{ currency: string, grossMinor: number, refundsMinor: number, netMinor: number, payments: number }> };

export type PaymentConnectionFieldsFragment = { communityId: string, status: PaymentConnectionStatus, mode: PaymentAccountMode | null, accountId: string | null, chargesEnabled: boolean, payoutsEnabled: boolean, detailsSubmitted: boolean, checkedAt: string | null };

export type PaymentConnectionQueryVariables = Exact<{
  communityId: string | number;
}>;


export type PaymentConnectionQuery = { paymentConnection: { communityId: string, status: PaymentConnectionStatus, mode: PaymentAccountMode | null, accountId: string | null, chargesEnabled: boolean, payoutsEnabled: boolean, detailsSubmitted: boolean, checkedAt: string | null } };

export type RefreshPaymentConnectionMutationVariables = Exact<{
  communityId: string | number;
}>;


export type RefreshPaymentConnectionMutation = { refreshPaymentConnection: { communityId: string, status: PaymentConnectionStatus, mode: PaymentAccountMode | null, accountId: string | null, chargesEnabled: boolean, payoutsEnabled: boolean, detailsSubmitted: boolean, checkedAt: string | null } };

export type ConnectStripeMutationVariables = Exact<{
  communityId: string | number;
  returnPath: string;
}>;


export type ConnectStripeMutation = { connectStripe: { url: string } };

export type StripeDashboardLinkMutationVariables = Exact<{
  communityId: string | number;
}>;


export type StripeDashboardLinkMutation = { stripeDashboardLink: { url: string } };

export type PaymentRowFieldsFragment = { id: string, createdAt: string, succeededAt: string | null, purpose: PaymentPurpose, status: PaymentStatus, method: PaymentMethod, amountMinor: number, feeMinor: number, refundedMinor: number, netMinor: number, currency: string, note: string, payer: { userId: string | null, name: string, email: string | null }, event: { id: string, title: string } | null };

export type PaymentsQueryVariables = Exact<{
  communityId: string | number;
  filter?: PaymentFilter | null | undefined;
  search?: string | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PaymentsQuery = { payments: { totalCount: number, totalCountCapped: boolean, pageInfo: { endCursor: string | null, hasNextPage: boolean }, nodes: Array<{ id: string, createdAt: string, succeededAt: string | null, purpose: PaymentPurpose, status: PaymentStatus, method: PaymentMethod, amountMinor: number, feeMinor: number, refundedMinor: number, netMinor: number, currency: string, note: string, payer: { userId: string | null, name: string, email: string | null }, event: { id: string, title: string } | null }> } };

export type PaymentQueryVariables = Exact<{
  id: string | number;
}>;


export type PaymentQuery = { payment: { providerRef: string | null, registrationId: string | null, registrationCancelable: boolean, id: string, createdAt: string, succeededAt: string | null, purpose: PaymentPurpose, status: PaymentStatus, method: PaymentMethod, amountMinor: number, feeMinor: number, refundedMinor: number, netMinor: number, currency: string, note: string, refunds: Array<{ id: string, amountMinor: number, reason: string, createdAt: string }>, payer: { userId: string | null, name: string, email: string | null }, event: { id: string, title: string } | null } };

export type PaymentTotalsQueryVariables = Exact<{
  communityId: string | number;
  from: string;
  to: string;
}>;


export type PaymentTotalsQuery = { paymentTotals: Array<{ currency: string, grossMinor: number, refundsMinor: number, feesMinor: number, netMinor: number, payments: number, refunds: number }> };

export type PaymentEventsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type PaymentEventsQuery = { upcoming: { nodes: Array<{ id: string, title: string, startsAt: string }> }, past: { nodes: Array<{ id: string, title: string, startsAt: string }> } };

export type PaymentPlansQueryVariables = Exact<{
  communityId: string | number;
}>;


export type PaymentPlansQuery = { membershipPlans: Array<{ id: string, name: string, archived: boolean }> };

export type RevenueFieldsFragment = { revenueCommunity: { id: string, insightsSummary: { revenue: Array<{ currency: string, amountMinor: number }> | null } | null } };

export type RevenueQueryVariables = Exact<{
  communityId: string | number;
}>;


export type RevenueQuery = { revenueCommunity: { id: string, insightsSummary: { revenue: Array<{ currency: string, amountMinor: number }> | null } | null } };

export type RecordPaymentMutationVariables = Exact<{
  communityId: string | number;
  input: RecordPaymentInput;
}>;


export type RecordPaymentMutation = { recordPayment: { id: string, createdAt: string, succeededAt: string | null, purpose: PaymentPurpose, status: PaymentStatus, method: PaymentMethod, amountMinor: number, feeMinor: number, refundedMinor: number, netMinor: number, currency: string, note: string, payer: { userId: string | null, name: string, email: string | null }, event: { id: string, title: string } | null } };

export type RefundPaymentMutationVariables = Exact<{
  id: string | number;
  amountMinor: number;
  reason: string;
  cancelRegistration?: boolean | null | undefined;
}>;


export type RefundPaymentMutation = { refundPayment: { id: string, createdAt: string, succeededAt: string | null, purpose: PaymentPurpose, status: PaymentStatus, method: PaymentMethod, amountMinor: number, feeMinor: number, refundedMinor: number, netMinor: number, currency: string, note: string, payer: { userId: string | null, name: string, email: string | null }, event: { id: string, title: string } | null } };

export type PlanFieldsFragment = { id: string, name: string, description: string, priceMinor: number, currency: string, interval: PlanInterval, membersOnlyEvents: boolean, memberPrices: boolean, approvalRequired: boolean, archived: boolean, position: number };

export type MembershipPlansQueryVariables = Exact<{
  communityId: string | number;
}>;


export type MembershipPlansQuery = { membershipPlans: Array<{ id: string, name: string, description: string, priceMinor: number, currency: string, interval: PlanInterval, membersOnlyEvents: boolean, memberPrices: boolean, approvalRequired: boolean, archived: boolean, position: number }>, community: { id: string, canTakePayments: boolean } };

export type CreateMembershipPlanMutationVariables = Exact<{
  communityId: string | number;
  input: MembershipPlanInput;
}>;


export type CreateMembershipPlanMutation = { createMembershipPlan: { id: string, name: string, description: string, priceMinor: number, currency: string, interval: PlanInterval, membersOnlyEvents: boolean, memberPrices: boolean, approvalRequired: boolean, archived: boolean, position: number } };

export type UpdateMembershipPlanMutationVariables = Exact<{
  id: string | number;
  input: MembershipPlanInput;
}>;


export type UpdateMembershipPlanMutation = { updateMembershipPlan: { id: string, name: string, description: string, priceMinor: number, currency: string, interval: PlanInterval, membersOnlyEvents: boolean, memberPrices: boolean, approvalRequired: boolean, archived: boolean, position: number } };

export type ArchiveMembershipPlanMutationVariables = Exact<{
  id: string | number;
}>;


export type ArchiveMembershipPlanMutation = { archiveMembershipPlan: { id: string, name: string, description: string, priceMinor: number, currency: string, interval: PlanInterval, membersOnlyEvents: boolean, memberPrices: boolean, approvalRequired: boolean, archived: boolean, position: number } };

export type MyPlanMembershipsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyPlanMembershipsQuery = { myPlanMemberships: Array<{ membershipId: string, communityId: string, communityName: string, communitySlug: string, status: PlanStatus, renewsAt: string | null, endsAt: string | null, canManageBilling: boolean, plan: { id: string, name: string, description: string, priceMinor: number, currency: string, interval: PlanInterval, membersOnlyEvents: boolean, memberPrices: boolean, approvalRequired: boolean, archived: boolean, position: number } }> };

export type BillingPortalLinkMutationVariables = Exact<{
  communityId: string | number;
}>;


export type BillingPortalLinkMutation = { billingPortalLink: { url: string } };

export type PromoCodeFieldsFragment = { id: string, code: string, eventId: string | null, eventTitle: string | null, ticketTypeId: string | null, ticketTypeName: string | null, percentOff: number | null, amountOffMinor: number | null, currency: string, maxUses: number | null, uses: number, startsAt: string | null, expiresAt: string | null, active: boolean, status: PromoCodeStatus };

export type PromoCodesQueryVariables = Exact<{
  communityId: string | number;
  eventId?: string | number | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type PromoCodesQuery = { promoCodes: { nodes: Array<{ id: string, code: string, eventId: string | null, eventTitle: string | null, ticketTypeId: string | null, ticketTypeName: string | null, percentOff: number | null, amountOffMinor: number | null, currency: string, maxUses: number | null, uses: number, startsAt: string | null, expiresAt: string | null, active: boolean, status: PromoCodeStatus }>, pageInfo: { endCursor: string | null, hasNextPage: boolean } } };

export type CreatePromoCodeMutationVariables = Exact<{
  communityId: string | number;
  eventId?: string | number | null | undefined;
  input: PromoCodeInput;
}>;


export type CreatePromoCodeMutation = { createPromoCode: { id: string, code: string, eventId: string | null, eventTitle: string | null, ticketTypeId: string | null, ticketTypeName: string | null, percentOff: number | null, amountOffMinor: number | null, currency: string, maxUses: number | null, uses: number, startsAt: string | null, expiresAt: string | null, active: boolean, status: PromoCodeStatus } };

export type DeactivatePromoCodeMutationVariables = Exact<{
  id: string | number;
}>;


export type DeactivatePromoCodeMutation = { deactivatePromoCode: { id: string, code: string, eventId: string | null, eventTitle: string | null, ticketTypeId: string | null, ticketTypeName: string | null, percentOff: number | null, amountOffMinor: number | null, currency: string, maxUses: number | null, uses: number, startsAt: string | null, expiresAt: string | null, active: boolean, status: PromoCodeStatus } };

export type UpdatePromoCodeMutationVariables = Exact<{
  id: string | number;
  eventId?: string | number | null | undefined;
  input: PromoCodeInput;
}>;


export type UpdatePromoCodeMutation = { updatePromoCode: { id: string, code: string, eventId: string | null, eventTitle: string | null, ticketTypeId: string | null, ticketTypeName: string | null, percentOff: number | null, amountOffMinor: number | null, currency: string, maxUses: number | null, uses: number, startsAt: string | null, expiresAt: string | null, active: boolean, status: PromoCodeStatus } };

export type ReactivatePromoCodeMutationVariables = Exact<{
  id: string | number;
}>;


export type ReactivatePromoCodeMutation = { reactivatePromoCode: { id: string, code: string, eventId: string | null, eventTitle: string | null, ticketTypeId: string | null, ticketTypeName: string | null, percentOff: number | null, amountOffMinor: number | null, currency: string, maxUses: number | null, uses: number, startsAt: string | null, expiresAt: string | null, active: boolean, status: PromoCodeStatus } };

export type PromoCodeEventsQueryVariables = Exact<{
  communityId: string | number;
}>;


export type PromoCodeEventsQuery = { upcoming: { nodes: Array<{ id: string, title: string, ticketTypes: Array<{ id: string, name: string }> }> }, drafts: { nodes: Array<{ id: string, title: string, ticketTypes: Array<{ id: string, name: string }> }> } };

export type ManagedRegistrationQueryVariables = Exact<{
  token: string;
}>;


export type ManagedRegistrationQuery = { managedRegistration: { id: string, status: RegistrationStatus, name: string, email: string, checkInCode: string | null, checkedInAt: string | null, waitlistPosition: number | null, quantity: number, holdExpiresAt: string | null, ticketTypeName: string | null, onlineUrl: string | null, canCancel: boolean, event: { status: EventStatus, id: string, title: string, description: string, startsAt: string, endsAt: string, timeZone: string, venueName: string | null, venueAddress: string | null, host: { id: string, name: string } } } };

export type ManagedRegistrationFieldsFragment = { id: string, status: RegistrationStatus, name: string, email: string, checkInCode: string | null, checkedInAt: string | null, waitlistPosition: number | null, quantity: number, holdExpiresAt: string | null, ticketTypeName: string | null, onlineUrl: string | null, canCancel: boolean, event: { status: EventStatus, id: string, title: string, description: string, startsAt: string, endsAt: string, timeZone: string, venueName: string | null, venueAddress: string | null, host: { id: string, name: string } } };

export type CancelManagedRegistrationMutationVariables = Exact<{
  token: string;
}>;


export type CancelManagedRegistrationMutation = { cancelManagedRegistration: { id: string, status: RegistrationStatus, name: string, email: string, checkInCode: string | null, checkedInAt: string | null, waitlistPosition: number | null, quantity: number, holdExpiresAt: string | null, ticketTypeName: string | null, onlineUrl: string | null, canCancel: boolean, event: { status: EventStatus, id: string, title: string, description: string, startsAt: string, endsAt: string, timeZone: string, venueName: string | null, venueAddress: string | null, host: { id: string, name: string } } } };

export type PayForOfferMutationVariables = Exact<{
  token: string;
}>;


export type PayForOfferMutation = { payForOffer: { url: string | null } };

export type MyRegistrationsQueryVariables = Exact<{
  when: RegistrationTimeFilter;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type MyRegistrationsQuery = { myRegistrations: { totalCount: number, pageInfo: { endCursor: string | null, hasNextPage: boolean }, nodes: Array<{ id: string, status: RegistrationStatus, checkInCode: string | null, checkedInAt: string | null, waitlistPosition: number | null, event: { id: string, title: string, startsAt: string, endsAt: string, timeZone: string, venueName: string | null, hasOnlineLink: boolean, status: EventStatus, host: { id: string, name: string } }, ticketType: { id: string, name: string } | null }> } };

export type CancelMyRegistrationMutationVariables = Exact<{
  id: string | number;
}>;


export type CancelMyRegistrationMutation = { cancelRegistration: { id: string, status: RegistrationStatus } };

export type EventWhenWhereFragment = { id: string, title: string, description: string, startsAt: string, endsAt: string, timeZone: string, venueName: string | null, venueAddress: string | null };

export type EventQuestionFieldsFragment = { id: string, kind: QuestionKind, label: string, required: boolean, options: Array<string> };

export type EventPublicFactsFragment = { hasOnlineLink: boolean, onlineUrl: string | null, coverUrl: string | null, status: EventStatus, visibility: EventVisibility, capacity: number | null, spotsLeft: number | null, waitlistEnabled: boolean, waitlistOfferHours: number, approvalRequired: boolean, requireVerifiedEmail: boolean, guestListVisible: boolean, goingCount: number, waitlistCount: number };

export type RegistrationTicketFragment = { id: string, status: RegistrationStatus, checkInCode: string | null, checkedInAt: string | null, waitlistPosition: number | null, ticketType: { id: string, name: string } | null };

export type OverviewPageQueryVariables = Exact<{
  communityId: string | number;
}>;


export type OverviewPageQuery = { upcoming: { nodes: Array<{ id: string, title: string, startsAt: string, endsAt: string, timeZone: string, status: EventStatus, capacity: number | null, goingCount: number, waitlistCount: number, pendingCount: number }>, pageInfo: { hasNextPage: boolean } }, drafts: { nodes: Array<{ id: string }> }, past: { nodes: Array<{ id: string }> }, community: { id: string, pendingJoinRequests: number | null, memberStats: { activeCount: number, peopleCount: number } | null, insightsSummary: { newMembers: number } | null, newestMembers: Array<{ id: string, joinedAt: string, person: { id: string, name: string } }> | null }, revenueCommunity: { id: string, insightsSummary: { revenue: Array<{ currency: string, amountMinor: number }> | null } | null }, status: { id: string, pendingJoinRequests: number | null, heldSeats: number | null, invitedAnyone: boolean | null, canTakePayments: boolean, memberStats: { activeCount: number } | null, paymentActivity: { failedLast30Days: number, anyTaken: boolean } | null } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AgentSummaryFragmentDoc = new TypedDocumentString(`
    fragment AgentSummary on Agent {
  id
  communityId
  name
  template
  description
  status
  pausedReason
  approvalMode
  lastRunAt
  runCount
  pendingApprovalCount
  messagesToday
  enabledAt
}
    `, {"fragmentName":"AgentSummary"}) as unknown as TypedDocumentString<AgentSummaryFragment, unknown>;
export const CommunityDetailsFragmentDoc = new TypedDocumentString(`
    fragment CommunityDetails on Community {
  id
  name
  slug
  description
  logoUrl
  memberCount
  viewerRole
  visibility
  joinPolicy
  timeZone
  currency
  createdAt
  brandColor
  coverUrl
  viewerCapabilities
  pendingJoinRequests
  agentBadgeCount
  memberDirectory
  joinQuestions {
    id
    kind
    label
    required
    options
  }
}
    `, {"fragmentName":"CommunityDetails"}) as unknown as TypedDocumentString<CommunityDetailsFragment, unknown>;
export const OverviewStatusFieldsFragmentDoc = new TypedDocumentString(`
    fragment OverviewStatusFields on Query {
  status: community(id: $communityId) {
    id
    pendingJoinRequests
    heldSeats
    invitedAnyone
    canTakePayments
    memberStats {
      activeCount
    }
    paymentActivity {
      failedLast30Days
      anyTaken
    }
  }
}
    `, {"fragmentName":"OverviewStatusFields"}) as unknown as TypedDocumentString<OverviewStatusFieldsFragment, unknown>;
export const TicketOrderFieldsFragmentDoc = new TypedDocumentString(`
    fragment TicketOrderFields on TicketOrder {
  id
  eventId
  status
  ticketName
  quantity
  currency
  totalMinor
  expiresAt
  checkoutUrl
}
    `, {"fragmentName":"TicketOrderFields"}) as unknown as TypedDocumentString<TicketOrderFieldsFragment, unknown>;
export const SavedEventFragmentDoc = new TypedDocumentString(`
    fragment SavedEvent on Event {
  id
  status
  host {
    id
  }
}
    `, {"fragmentName":"SavedEvent"}) as unknown as TypedDocumentString<SavedEventFragment, unknown>;
export const EventListItemFragmentDoc = new TypedDocumentString(`
    fragment EventListItem on Event {
  id
  title
  startsAt
  endsAt
  timeZone
  status
  capacity
  goingCount
  waitlistCount
  pendingCount
}
    `, {"fragmentName":"EventListItem"}) as unknown as TypedDocumentString<EventListItemFragment, unknown>;
export const OverviewEventsFieldsFragmentDoc = new TypedDocumentString(`
    fragment OverviewEventsFields on Query {
  upcoming: events(communityId: $communityId, filter: UPCOMING, first: 5) {
    nodes {
      ...EventListItem
    }
    pageInfo {
      hasNextPage
    }
  }
  drafts: events(communityId: $communityId, filter: DRAFTS, first: 1) {
    nodes {
      id
    }
  }
  past: events(communityId: $communityId, filter: PAST, first: 1) {
    nodes {
      id
    }
  }
}
    fragment EventListItem on Event {
  id
  title
  startsAt
  endsAt
  timeZone
  status
  capacity
  goingCount
  waitlistCount
  pendingCount
}`, {"fragmentName":"OverviewEventsFields"}) as unknown as TypedDocumentString<OverviewEventsFieldsFragment, unknown>;
export const RegistrationChangeFragmentDoc = new TypedDocumentString(`
    fragment RegistrationChange on Registration {
  id
  status
  checkedInAt
}
    `, {"fragmentName":"RegistrationChange"}) as unknown as TypedDocumentString<RegistrationChangeFragment, unknown>;
export const MemberFiguresFieldsFragmentDoc = new TypedDocumentString(`
    fragment MemberFiguresFields on Query {
  community(id: $communityId) {
    id
    pendingJoinRequests
    memberStats {
      activeCount
      peopleCount
    }
    insightsSummary {
      newMembers
    }
    newestMembers(first: 5) {
      id
      joinedAt
      person {
        id
        name
      }
    }
  }
}
    `, {"fragmentName":"MemberFiguresFields"}) as unknown as TypedDocumentString<MemberFiguresFieldsFragment, unknown>;
export const CommunityPageEventFieldsFragmentDoc = new TypedDocumentString(`
    fragment CommunityPageEventFields on CommunityPageEvent {
  id
  title
  startsAt
  endsAt
  venueName
  isOnline
  coverUrl
}
    `, {"fragmentName":"CommunityPageEventFields"}) as unknown as TypedDocumentString<CommunityPageEventFieldsFragment, unknown>;
export const BillingDetailsFieldsFragmentDoc = new TypedDocumentString(`
    fragment BillingDetailsFields on BillingDetails {
  communityId
  legalName
  address
  taxNote
  updatedAt
}
    `, {"fragmentName":"BillingDetailsFields"}) as unknown as TypedDocumentString<BillingDetailsFieldsFragment, unknown>;
export const PaymentConnectionFieldsFragmentDoc = new TypedDocumentString(`
    fragment PaymentConnectionFields on PaymentConnection {
  communityId
  status
  mode
  accountId
  chargesEnabled
  payoutsEnabled
  detailsSubmitted
  checkedAt
}
    `, {"fragmentName":"PaymentConnectionFields"}) as unknown as TypedDocumentString<PaymentConnectionFieldsFragment, unknown>;
export const PaymentRowFieldsFragmentDoc = new TypedDocumentString(`
    fragment PaymentRowFields on Payment {
  id
  createdAt
  succeededAt
  purpose
  status
  method
  amountMinor
  feeMinor
  refundedMinor
  netMinor
  currency
  note
  payer {
    userId
    name
    email
  }
  event {
    id
    title
  }
}
    `, {"fragmentName":"PaymentRowFields"}) as unknown as TypedDocumentString<PaymentRowFieldsFragment, unknown>;
export const RevenueFieldsFragmentDoc = new TypedDocumentString(`
    fragment RevenueFields on Query {
  revenueCommunity: community(id: $communityId) {
    id
    insightsSummary {
      revenue {
        currency
        amountMinor: netMinor
      }
    }
  }
}
    `, {"fragmentName":"RevenueFields"}) as unknown as TypedDocumentString<RevenueFieldsFragment, unknown>;
export const PlanFieldsFragmentDoc = new TypedDocumentString(`
    fragment PlanFields on MembershipPlan {
  id
  name
  description
  priceMinor
  currency
  interval
  membersOnlyEvents
  memberPrices
  approvalRequired
  archived
  position
}
    `, {"fragmentName":"PlanFields"}) as unknown as TypedDocumentString<PlanFieldsFragment, unknown>;
export const PromoCodeFieldsFragmentDoc = new TypedDocumentString(`
    fragment PromoCodeFields on PromoCode {
  id
  code
  eventId
  eventTitle
  ticketTypeId
  ticketTypeName
  percentOff
  amountOffMinor
  currency
  maxUses
  uses
  startsAt
  expiresAt
  active
  status
}
    `, {"fragmentName":"PromoCodeFields"}) as unknown as TypedDocumentString<PromoCodeFieldsFragment, unknown>;
export const EventWhenWhereFragmentDoc = new TypedDocumentString(`
    fragment EventWhenWhere on Event {
  id
  title
  description
  startsAt
  endsAt
  timeZone
  venueName
  venueAddress
}
    `, {"fragmentName":"EventWhenWhere"}) as unknown as TypedDocumentString<EventWhenWhereFragment, unknown>;
export const ManagedRegistrationFieldsFragmentDoc = new TypedDocumentString(`
    fragment ManagedRegistrationFields on ManagedRegistration {
  id
  status
  name
  email
  checkInCode
  checkedInAt
  waitlistPosition
  quantity
  holdExpiresAt
  ticketTypeName
  onlineUrl
  canCancel
  event {
    ...EventWhenWhere
    status
    host {
      id
      name
    }
  }
}
    fragment EventWhenWhere on Event {
  id
  title
  description
  startsAt
  endsAt
  timeZone
  venueName
  venueAddress
}`, {"fragmentName":"ManagedRegistrationFields"}) as unknown as TypedDocumentString<ManagedRegistrationFieldsFragment, unknown>;
export const EventQuestionFieldsFragmentDoc = new TypedDocumentString(`
    fragment EventQuestionFields on RegistrationQuestion {
  id
  kind
  label
  required
  options
}
    `, {"fragmentName":"EventQuestionFields"}) as unknown as TypedDocumentString<EventQuestionFieldsFragment, unknown>;
export const EventPublicFactsFragmentDoc = new TypedDocumentString(`
    fragment EventPublicFacts on Event {
  hasOnlineLink
  onlineUrl
  coverUrl
  status
  visibility
  capacity
  spotsLeft
  waitlistEnabled
  waitlistOfferHours
  approvalRequired
  requireVerifiedEmail
  guestListVisible
  goingCount
  waitlistCount
}
    `, {"fragmentName":"EventPublicFacts"}) as unknown as TypedDocumentString<EventPublicFactsFragment, unknown>;
export const RegistrationTicketFragmentDoc = new TypedDocumentString(`
    fragment RegistrationTicket on Registration {
  id
  status
  checkInCode
  checkedInAt
  waitlistPosition
  ticketType {
    id
    name
  }
}
    `, {"fragmentName":"RegistrationTicket"}) as unknown as TypedDocumentString<RegistrationTicketFragment, unknown>;
export const AgentRunsDocument = new TypedDocumentString(`
    query AgentRuns($agentId: ID, $communityId: ID, $filter: AgentRunFilter, $first: Int, $after: String) {
  agentRuns(
    agentId: $agentId
    communityId: $communityId
    filter: $filter
    first: $first
    after: $after
  ) {
    totalCount
    endCursor
    hasNextPage
    nodes {
      id
      status
      triggerSummary
      messagesSent
      createdAt
      finishedAt
      durationMs
      undoneAt
      undoable
      error
      subject {
        id
        name
      }
      event {
        id
        title
      }
      agent {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<AgentRunsQuery, AgentRunsQueryVariables>;
export const AgentRunDocument = new TypedDocumentString(`
    query AgentRun($id: ID!) {
  agentRun(id: $id) {
    id
    status
    trigger
    triggerSummary
    error
    attempts
    messagesSent
    modelTokens
    modelCostMicros
    createdAt
    startedAt
    finishedAt
    durationMs
    undoneAt
    undoable
    subject {
      id
      name
    }
    event {
      id
      title
    }
    agent {
      id
      name
    }
    steps {
      id
      index
      kind
      summary
      reason
      input
      output
      status
      reversible
      error
      attempts
      startedAt
      finishedAt
      undoneAt
    }
  }
}
    `) as unknown as TypedDocumentString<AgentRunQuery, AgentRunQueryVariables>;
export const UndoAgentRunDocument = new TypedDocumentString(`
    mutation UndoAgentRun($id: ID!) {
  undoAgentRun(id: $id) {
    id
    undoneAt
    undoable
  }
}
    `) as unknown as TypedDocumentString<UndoAgentRunMutation, UndoAgentRunMutationVariables>;
export const UndoAgentActionsSinceDocument = new TypedDocumentString(`
    mutation UndoAgentActionsSince($input: UndoAgentActionsSinceInput!) {
  undoAgentActionsSince(input: $input) {
    runs
    undoneSteps
    irreversibleSteps
    runsInProgress
  }
}
    `) as unknown as TypedDocumentString<UndoAgentActionsSinceMutation, UndoAgentActionsSinceMutationVariables>;
export const AgentApprovalsDocument = new TypedDocumentString(`
    query AgentApprovals($communityId: ID!) {
  agentApprovals(communityId: $communityId) {
    id
    reason
    status
    createdAt
    agent {
      id
      name
    }
    run {
      id
      triggerSummary
      subject {
        id
        name
      }
      event {
        id
        title
      }
    }
    step {
      id
      kind
      summary
    }
  }
}
    `) as unknown as TypedDocumentString<AgentApprovalsQuery, AgentApprovalsQueryVariables>;
export const DecideAgentApprovalsDocument = new TypedDocumentString(`
    mutation DecideAgentApprovals($input: DecideAgentApprovalsInput!) {
  decideAgentApprovals(input: $input) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<DecideAgentApprovalsMutation, DecideAgentApprovalsMutationVariables>;
export const DryRunAgentDocument = new TypedDocumentString(`
    mutation DryRunAgent($input: DryRunAgentInput!) {
  dryRunAgent(input: $input) {
    id
    from
    to
    createdAt
    runs
    totals {
      triggers
      acting
      messages
      tagChanges
      decisions
      stoppedByLimit
    }
  }
}
    `) as unknown as TypedDocumentString<DryRunAgentMutation, DryRunAgentMutationVariables>;
export const AgentRunReplayDocument = new TypedDocumentString(`
    query AgentRunReplay($id: ID!) {
  agentRun(id: $id) {
    id
    replay
  }
}
    `) as unknown as TypedDocumentString<AgentRunReplayQuery, AgentRunReplayQueryVariables>;
export const AgentsDocument = new TypedDocumentString(`
    query Agents($communityId: ID!) {
  agents(communityId: $communityId) {
    ...AgentSummary
  }
}
    fragment AgentSummary on Agent {
  id
  communityId
  name
  template
  description
  status
  pausedReason
  approvalMode
  lastRunAt
  runCount
  pendingApprovalCount
  messagesToday
  enabledAt
}`) as unknown as TypedDocumentString<AgentsQuery, AgentsQueryVariables>;
export const AgentDocument = new TypedDocumentString(`
    query Agent($id: ID!) {
  agent(id: $id) {
    ...AgentSummary
    definition
    webhookSecret
    updatedAt
  }
}
    fragment AgentSummary on Agent {
  id
  communityId
  name
  template
  description
  status
  pausedReason
  approvalMode
  lastRunAt
  runCount
  pendingApprovalCount
  messagesToday
  enabledAt
}`) as unknown as TypedDocumentString<AgentQuery, AgentQueryVariables>;
export const AgentTemplatesDocument = new TypedDocumentString(`
    query AgentTemplates {
  agentTemplates {
    key
    name
    summary
    definition
    usesModel
  }
}
    `) as unknown as TypedDocumentString<AgentTemplatesQuery, AgentTemplatesQueryVariables>;
export const AgentSettingsDocument = new TypedDocumentString(`
    query AgentSettings($communityId: ID!) {
  agentSettings(communityId: $communityId) {
    modelConfigured
    modelBudgetMicros
    modelSpentMicros
  }
}
    `) as unknown as TypedDocumentString<AgentSettingsQuery, AgentSettingsQueryVariables>;
export const AgentNoticesDocument = new TypedDocumentString(`
    query AgentNotices($communityId: ID!) {
  agentNotices(communityId: $communityId) {
    id
    message
    createdAt
    read
    agent {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<AgentNoticesQuery, AgentNoticesQueryVariables>;
export const AgentSegmentsDocument = new TypedDocumentString(`
    query AgentSegments($communityId: ID!) {
  memberSegments(communityId: $communityId) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<AgentSegmentsQuery, AgentSegmentsQueryVariables>;
export const CreateAgentDocument = new TypedDocumentString(`
    mutation CreateAgent($input: CreateAgentInput!) {
  createAgent(input: $input) {
    ...AgentSummary
    definition
    webhookSecret
  }
}
    fragment AgentSummary on Agent {
  id
  communityId
  name
  template
  description
  status
  pausedReason
  approvalMode
  lastRunAt
  runCount
  pendingApprovalCount
  messagesToday
  enabledAt
}`) as unknown as TypedDocumentString<CreateAgentMutation, CreateAgentMutationVariables>;
export const UpdateAgentDocument = new TypedDocumentString(`
    mutation UpdateAgent($input: UpdateAgentInput!) {
  updateAgent(input: $input) {
    ...AgentSummary
    definition
    webhookSecret
  }
}
    fragment AgentSummary on Agent {
  id
  communityId
  name
  template
  description
  status
  pausedReason
  approvalMode
  lastRunAt
  runCount
  pendingApprovalCount
  messagesToday
  enabledAt
}`) as unknown as TypedDocumentString<UpdateAgentMutation, UpdateAgentMutationVariables>;
export const DeleteAgentDocument = new TypedDocumentString(`
    mutation DeleteAgent($id: ID!) {
  deleteAgent(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteAgentMutation, DeleteAgentMutationVariables>;
export const SetAgentEnabledDocument = new TypedDocumentString(`
    mutation SetAgentEnabled($id: ID!, $enabled: Boolean!) {
  setAgentEnabled(id: $id, enabled: $enabled) {
    ...AgentSummary
  }
}
    fragment AgentSummary on Agent {
  id
  communityId
  name
  template
  description
  status
  pausedReason
  approvalMode
  lastRunAt
  runCount
  pendingApprovalCount
  messagesToday
  enabledAt
}`) as unknown as TypedDocumentString<SetAgentEnabledMutation, SetAgentEnabledMutationVariables>;
export const UpdateAgentSettingsDocument = new TypedDocumentString(`
    mutation UpdateAgentSettings($input: UpdateAgentSettingsInput!) {
  updateAgentSettings(input: $input) {
    modelConfigured
    modelBudgetMicros
    modelSpentMicros
  }
}
    `) as unknown as TypedDocumentString<UpdateAgentSettingsMutation, UpdateAgentSettingsMutationVariables>;
export const MarkAgentNoticesReadDocument = new TypedDocumentString(`
    mutation MarkAgentNoticesRead($communityId: ID!) {
  markAgentNoticesRead(communityId: $communityId)
}
    `) as unknown as TypedDocumentString<MarkAgentNoticesReadMutation, MarkAgentNoticesReadMutationVariables>;
export const AnnouncementSubscriptionDocument = new TypedDocumentString(`
    query AnnouncementSubscription($token: String!) {
  announcementSubscription(token: $token) {
    communityId
    communityName
    subscribed
  }
}
    `) as unknown as TypedDocumentString<AnnouncementSubscriptionQuery, AnnouncementSubscriptionQueryVariables>;
export const SetAnnouncementSubscriptionDocument = new TypedDocumentString(`
    mutation SetAnnouncementSubscription($token: String!, $subscribed: Boolean!) {
  setAnnouncementSubscription(token: $token, subscribed: $subscribed) {
    communityId
    communityName
    subscribed
  }
}
    `) as unknown as TypedDocumentString<SetAnnouncementSubscriptionMutation, SetAnnouncementSubscriptionMutationVariables>;
export const MyCommunitiesDocument = new TypedDocumentString(`
    query MyCommunities {
  myCommunities {
    id
    name
    slug
    description
    logoUrl
    brandColor
    memberCount
    viewerRole
    viewerCapabilities
    visibility
    pendingJoinRequests
    timeZone
    nextEvent {
      id
      title
      startsAt
    }
  }
}
    `) as unknown as TypedDocumentString<MyCommunitiesQuery, MyCommunitiesQueryVariables>;
export const CommunityDocument = new TypedDocumentString(`
    query Community($id: ID!) {
  community(id: $id) {
    ...CommunityDetails
  }
}
    fragment CommunityDetails on Community {
  id
  name
  slug
  description
  logoUrl
  memberCount
  viewerRole
  visibility
  joinPolicy
  timeZone
  currency
  createdAt
  brandColor
  coverUrl
  viewerCapabilities
  pendingJoinRequests
  agentBadgeCount
  memberDirectory
  joinQuestions {
    id
    kind
    label
    required
    options
  }
}`) as unknown as TypedDocumentString<CommunityQuery, CommunityQueryVariables>;
export const SlugAvailabilityDocument = new TypedDocumentString(`
    query SlugAvailability($slug: String!) {
  slugAvailability(slug: $slug) {
    slug
    available
    reason
  }
}
    `) as unknown as TypedDocumentString<SlugAvailabilityQuery, SlugAvailabilityQueryVariables>;
export const CreateCommunityDocument = new TypedDocumentString(`
    mutation CreateCommunity($input: CreateCommunityInput!) {
  createCommunity(input: $input) {
    ...CommunityDetails
  }
}
    fragment CommunityDetails on Community {
  id
  name
  slug
  description
  logoUrl
  memberCount
  viewerRole
  visibility
  joinPolicy
  timeZone
  currency
  createdAt
  brandColor
  coverUrl
  viewerCapabilities
  pendingJoinRequests
  agentBadgeCount
  memberDirectory
  joinQuestions {
    id
    kind
    label
    required
    options
  }
}`) as unknown as TypedDocumentString<CreateCommunityMutation, CreateCommunityMutationVariables>;
export const OverviewStatusDocument = new TypedDocumentString(`
    query OverviewStatus($communityId: ID!) {
  ...OverviewStatusFields
}
    fragment OverviewStatusFields on Query {
  status: community(id: $communityId) {
    id
    pendingJoinRequests
    heldSeats
    invitedAnyone
    canTakePayments
    memberStats {
      activeCount
    }
    paymentActivity {
      failedLast30Days
      anyTaken
    }
  }
}`) as unknown as TypedDocumentString<OverviewStatusQuery, OverviewStatusQueryVariables>;
export const UpdateCommunityDocument = new TypedDocumentString(`
    mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {
  updateCommunity(id: $id, input: $input) {
    ...CommunityDetails
  }
}
    fragment CommunityDetails on Community {
  id
  name
  slug
  description
  logoUrl
  memberCount
  viewerRole
  visibility
  joinPolicy
  timeZone
  currency
  createdAt
  brandColor
  coverUrl
  viewerCapabilities
  pendingJoinRequests
  agentBadgeCount
  memberDirectory
  joinQuestions {
    id
    kind
    label
    required
    options
  }
}`) as unknown as TypedDocumentString<UpdateCommunityMutation, UpdateCommunityMutationVariables>;
export const DeleteCommunityDocument = new TypedDocumentString(`
    mutation DeleteCommunity($id: ID!, $confirmName: String!) {
  deleteCommunity(id: $id, confirmName: $confirmName)
}
    `) as unknown as TypedDocumentString<DeleteCommunityMutation, DeleteCommunityMutationVariables>;
export const StartCheckoutDocument = new TypedDocumentString(`
    mutation StartCheckout($eventId: ID!, $input: StartCheckoutInput!) {
  startCheckout(eventId: $eventId, input: $input) {
    url
    order {
      ...TicketOrderFields
    }
  }
}
    fragment TicketOrderFields on TicketOrder {
  id
  eventId
  status
  ticketName
  quantity
  currency
  totalMinor
  expiresAt
  checkoutUrl
}`) as unknown as TypedDocumentString<StartCheckoutMutation, StartCheckoutMutationVariables>;
export const TicketOrderDocument = new TypedDocumentString(`
    query TicketOrder($id: ID!) {
  ticketOrder(id: $id) {
    ...TicketOrderFields
  }
}
    fragment TicketOrderFields on TicketOrder {
  id
  eventId
  status
  ticketName
  quantity
  currency
  totalMinor
  expiresAt
  checkoutUrl
}`) as unknown as TypedDocumentString<TicketOrderQuery, TicketOrderQueryVariables>;
export const CancelCheckoutDocument = new TypedDocumentString(`
    mutation CancelCheckout($orderId: ID!) {
  cancelCheckout(orderId: $orderId) {
    ...TicketOrderFields
  }
}
    fragment TicketOrderFields on TicketOrder {
  id
  eventId
  status
  ticketName
  quantity
  currency
  totalMinor
  expiresAt
  checkoutUrl
}`) as unknown as TypedDocumentString<CancelCheckoutMutation, CancelCheckoutMutationVariables>;
export const EventPageDocument = new TypedDocumentString(`
    query EventPage($id: ID!) {
  event(id: $id) {
    ...EventWhenWhere
    ...EventPublicFacts
    viewerCanManage
    cancelMessage
    host {
      id
      name
      slug
      logoUrl
      brandColor
    }
    ticketTypes {
      id
      name
      priceMinor
      memberPriceMinor
      viewerPriceMinor
      currency
      quantity
      remaining
      maxPerOrder
      salesStartAt
      salesEndAt
    }
    questions {
      ...EventQuestionFields
    }
    guests(first: 8) {
      name
      image
    }
    viewerRegistration {
      ...RegistrationTicket
    }
  }
}
    fragment EventWhenWhere on Event {
  id
  title
  description
  startsAt
  endsAt
  timeZone
  venueName
  venueAddress
}
fragment EventQuestionFields on RegistrationQuestion {
  id
  kind
  label
  required
  options
}
fragment EventPublicFacts on Event {
  hasOnlineLink
  onlineUrl
  coverUrl
  status
  visibility
  capacity
  spotsLeft
  waitlistEnabled
  waitlistOfferHours
  approvalRequired
  requireVerifiedEmail
  guestListVisible
  goingCount
  waitlistCount
}
fragment RegistrationTicket on Registration {
  id
  status
  checkInCode
  checkedInAt
  waitlistPosition
  ticketType {
    id
    name
  }
}`) as unknown as TypedDocumentString<EventPageQuery, EventPageQueryVariables>;
export const RegisterAsGuestDocument = new TypedDocumentString(`
    mutation RegisterAsGuest($eventId: ID!, $input: GuestRegisterInput!) {
  registerAsGuest(eventId: $eventId, input: $input) {
    status
    email
  }
}
    `) as unknown as TypedDocumentString<RegisterAsGuestMutation, RegisterAsGuestMutationVariables>;
export const ResendTicketDocument = new TypedDocumentString(`
    mutation ResendTicket($eventId: ID!, $email: String!) {
  resendTicket(eventId: $eventId, email: $email)
}
    `) as unknown as TypedDocumentString<ResendTicketMutation, ResendTicketMutationVariables>;
export const RegisterForEventDocument = new TypedDocumentString(`
    mutation RegisterForEvent($eventId: ID!, $input: RegisterInput!) {
  register(eventId: $eventId, input: $input) {
    id
    status
    checkInCode
    waitlistPosition
    ticketType {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<RegisterForEventMutation, RegisterForEventMutationVariables>;
export const TicketQuoteDocument = new TypedDocumentString(`
    query TicketQuote($eventId: ID!, $ticketTypeId: ID!, $quantity: Int!, $promoCode: String) {
  ticketQuote(
    eventId: $eventId
    ticketTypeId: $ticketTypeId
    quantity: $quantity
    promoCode: $promoCode
  ) {
    currency
    subtotalMinor
    discountMinor
    totalMinor
    promoCode
    lines {
      ticketTypeId
      quantity
      unitPriceMinor
      listUnitPriceMinor
      memberPrice
      unitDiscountMinor
    }
  }
}
    `) as unknown as TypedDocumentString<TicketQuoteQuery, TicketQuoteQueryVariables>;
export const RegistrationDigestDocument = new TypedDocumentString(`
    query RegistrationDigest($communityId: ID!) {
  registrationDigest(communityId: $communityId)
}
    `) as unknown as TypedDocumentString<RegistrationDigestQuery, RegistrationDigestQueryVariables>;
export const SetRegistrationDigestDocument = new TypedDocumentString(`
    mutation SetRegistrationDigest($communityId: ID!, $enabled: Boolean!) {
  setRegistrationDigest(communityId: $communityId, enabled: $enabled)
}
    `) as unknown as TypedDocumentString<SetRegistrationDigestMutation, SetRegistrationDigestMutationVariables>;
export const EventInsightsDocument = new TypedDocumentString(`
    query EventInsights($eventId: ID!) {
  eventInsights(eventId: $eventId) {
    eventId
    timeZone
    registrations
    going
    conversion
    pageViews {
      total
      days {
        day
        views
      }
    }
    sources {
      origin
      kind
      ref
      registrations
      going
    }
    checkIns {
      at
      localTime
      checkIns
      total
    }
  }
}
    `) as unknown as TypedDocumentString<EventInsightsQuery, EventInsightsQueryVariables>;
export const CreateEventDocument = new TypedDocumentString(`
    mutation CreateEvent($communityId: ID!, $input: EventInput!, $publish: Boolean!) {
  createEvent(communityId: $communityId, input: $input, publish: $publish) {
    ...SavedEvent
  }
}
    fragment SavedEvent on Event {
  id
  status
  host {
    id
  }
}`) as unknown as TypedDocumentString<CreateEventMutation, CreateEventMutationVariables>;
export const UpdateEventDocument = new TypedDocumentString(`
    mutation UpdateEvent($id: ID!, $input: EventInput!) {
  updateEvent(id: $id, input: $input) {
    ...SavedEvent
  }
}
    fragment SavedEvent on Event {
  id
  status
  host {
    id
  }
}`) as unknown as TypedDocumentString<UpdateEventMutation, UpdateEventMutationVariables>;
export const PublishEventDocument = new TypedDocumentString(`
    mutation PublishEvent($id: ID!) {
  publishEvent(id: $id) {
    ...SavedEvent
  }
}
    fragment SavedEvent on Event {
  id
  status
  host {
    id
  }
}`) as unknown as TypedDocumentString<PublishEventMutation, PublishEventMutationVariables>;
export const CancelEventDocument = new TypedDocumentString(`
    mutation CancelEvent($id: ID!, $message: String) {
  cancelEvent(id: $id, message: $message) {
    ...SavedEvent
  }
}
    fragment SavedEvent on Event {
  id
  status
  host {
    id
  }
}`) as unknown as TypedDocumentString<CancelEventMutation, CancelEventMutationVariables>;
export const DuplicateEventDocument = new TypedDocumentString(`
    mutation DuplicateEvent($id: ID!) {
  duplicateEvent(id: $id) {
    ...SavedEvent
  }
}
    fragment SavedEvent on Event {
  id
  status
  host {
    id
  }
}`) as unknown as TypedDocumentString<DuplicateEventMutation, DuplicateEventMutationVariables>;
export const CommunityEventsDocument = new TypedDocumentString(`
    query CommunityEvents($communityId: ID!, $filter: EventListFilter!, $search: String, $first: Int, $after: String) {
  events(
    communityId: $communityId
    filter: $filter
    search: $search
    first: $first
    after: $after
  ) {
    nodes {
      ...EventListItem
      visibility
      checkedInCount
      publicPath
      attendanceForecast {
        expected
        low
        high
        going
      }
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    fragment EventListItem on Event {
  id
  title
  startsAt
  endsAt
  timeZone
  status
  capacity
  goingCount
  waitlistCount
  pendingCount
}`) as unknown as TypedDocumentString<CommunityEventsQuery, CommunityEventsQueryVariables>;
export const OverviewEventsDocument = new TypedDocumentString(`
    query OverviewEvents($communityId: ID!) {
  ...OverviewEventsFields
}
    fragment EventListItem on Event {
  id
  title
  startsAt
  endsAt
  timeZone
  status
  capacity
  goingCount
  waitlistCount
  pendingCount
}
fragment OverviewEventsFields on Query {
  upcoming: events(communityId: $communityId, filter: UPCOMING, first: 5) {
    nodes {
      ...EventListItem
    }
    pageInfo {
      hasNextPage
    }
  }
  drafts: events(communityId: $communityId, filter: DRAFTS, first: 1) {
    nodes {
      id
    }
  }
  past: events(communityId: $communityId, filter: PAST, first: 1) {
    nodes {
      id
    }
  }
}`) as unknown as TypedDocumentString<OverviewEventsQuery, OverviewEventsQueryVariables>;
export const EventDetailDocument = new TypedDocumentString(`
    query EventDetail($id: ID!) {
  event(id: $id) {
    id
    host {
      id
      name
      slug
    }
    ...EventWhenWhere
    ...EventPublicFacts
    pendingCount
    checkedInCount
    heldCount
    ticketTypes {
      id
      name
      quantity
      remaining
      priceMinor
      memberPriceMinor
      maxPerOrder
      salesStartAt
      salesEndAt
    }
    questions {
      ...EventQuestionFields
    }
    viewerCanManage
    publicPath
    publishedAt
    canceledAt
    cancelMessage
  }
}
    fragment EventWhenWhere on Event {
  id
  title
  description
  startsAt
  endsAt
  timeZone
  venueName
  venueAddress
}
fragment EventQuestionFields on RegistrationQuestion {
  id
  kind
  label
  required
  options
}
fragment EventPublicFacts on Event {
  hasOnlineLink
  onlineUrl
  coverUrl
  status
  visibility
  capacity
  spotsLeft
  waitlistEnabled
  waitlistOfferHours
  approvalRequired
  requireVerifiedEmail
  guestListVisible
  goingCount
  waitlistCount
}`) as unknown as TypedDocumentString<EventDetailQuery, EventDetailQueryVariables>;
export const EventRegistrationsDocument = new TypedDocumentString(`
    query EventRegistrations($eventId: ID!, $status: RegistrationStatus, $ticketTypeId: ID, $search: String, $first: Int, $after: String) {
  eventRegistrations(
    eventId: $eventId
    status: $status
    ticketTypeId: $ticketTypeId
    search: $search
    first: $first
    after: $after
  ) {
    nodes {
      id
      status
      person {
        id
        name
        email
        image
      }
      quantity
      ticketType {
        id
        name
      }
      answers {
        questionId
        label
        values
      }
      checkedInAt
      waitlistPosition
      holdExpiresAt
      createdAt
      payments {
        id
        method
        status
        currency
        amountMinor
        refundedMinor
        payer {
          name
        }
      }
    }
    pageInfo {
      endCursor
      hasNextPage
    }
    totalCount
  }
}
    `) as unknown as TypedDocumentString<EventRegistrationsQuery, EventRegistrationsQueryVariables>;
export const EventForecastDocument = new TypedDocumentString(`
    query EventForecast($id: ID!, $risk: Float) {
  event(id: $id) {
    id
    capacity
    waitlistCount
    attendanceForecast(risk: $risk) {
      expected
      low
      high
      going
      basis
      method
      overbooking {
        extraSeats
        admitted
        risk
        probabilityOver
      }
    }
  }
}
    `) as unknown as TypedDocumentString<EventForecastQuery, EventForecastQueryVariables>;
export const ApproveRegistrationDocument = new TypedDocumentString(`
    mutation ApproveRegistration($id: ID!) {
  approveRegistration(id: $id) {
    ...RegistrationChange
  }
}
    fragment RegistrationChange on Registration {
  id
  status
  checkedInAt
}`) as unknown as TypedDocumentString<ApproveRegistrationMutation, ApproveRegistrationMutationVariables>;
export const DeclineRegistrationDocument = new TypedDocumentString(`
    mutation DeclineRegistration($id: ID!) {
  declineRegistration(id: $id) {
    ...RegistrationChange
  }
}
    fragment RegistrationChange on Registration {
  id
  status
  checkedInAt
}`) as unknown as TypedDocumentString<DeclineRegistrationMutation, DeclineRegistrationMutationVariables>;
export const MoveFromWaitlistDocument = new TypedDocumentString(`
    mutation MoveFromWaitlist($id: ID!) {
  moveFromWaitlist(id: $id) {
    ...RegistrationChange
  }
}
    fragment RegistrationChange on Registration {
  id
  status
  checkedInAt
}`) as unknown as TypedDocumentString<MoveFromWaitlistMutation, MoveFromWaitlistMutationVariables>;
export const ManagerCancelRegistrationDocument = new TypedDocumentString(`
    mutation ManagerCancelRegistration($id: ID!) {
  cancelRegistration(id: $id) {
    ...RegistrationChange
  }
}
    fragment RegistrationChange on Registration {
  id
  status
  checkedInAt
}`) as unknown as TypedDocumentString<ManagerCancelRegistrationMutation, ManagerCancelRegistrationMutationVariables>;
export const CheckInDocument = new TypedDocumentString(`
    mutation CheckIn($registrationId: ID!) {
  checkIn(registrationId: $registrationId) {
    ...RegistrationChange
  }
}
    fragment RegistrationChange on Registration {
  id
  status
  checkedInAt
}`) as unknown as TypedDocumentString<CheckInMutation, CheckInMutationVariables>;
export const UndoCheckInDocument = new TypedDocumentString(`
    mutation UndoCheckIn($registrationId: ID!) {
  undoCheckIn(registrationId: $registrationId) {
    ...RegistrationChange
  }
}
    fragment RegistrationChange on Registration {
  id
  status
  checkedInAt
}`) as unknown as TypedDocumentString<UndoCheckInMutation, UndoCheckInMutationVariables>;
export const CheckInByCodeDocument = new TypedDocumentString(`
    mutation CheckInByCode($eventId: ID!, $code: String!) {
  checkInByCode(eventId: $eventId, code: $code) {
    ...RegistrationChange
    person {
      id
      name
      email
    }
    ticketType {
      id
      name
    }
  }
}
    fragment RegistrationChange on Registration {
  id
  status
  checkedInAt
}`) as unknown as TypedDocumentString<CheckInByCodeMutation, CheckInByCodeMutationVariables>;
export const MessageRegistrantsDocument = new TypedDocumentString(`
    mutation MessageRegistrants($eventId: ID!, $input: MessageRegistrantsInput!) {
  messageRegistrants(eventId: $eventId, input: $input)
}
    `) as unknown as TypedDocumentString<MessageRegistrantsMutation, MessageRegistrantsMutationVariables>;
export const TicketPricingDocument = new TypedDocumentString(`
    query TicketPricing($communityId: ID!) {
  community(id: $communityId) {
    id
    currency
    canTakePayments
    viewerCapabilities
  }
}
    `) as unknown as TypedDocumentString<TicketPricingQuery, TicketPricingQueryVariables>;
export const CommunityInsightsDocument = new TypedDocumentString(`
    query CommunityInsights($communityId: ID!, $period: InsightsPeriodInput!) {
  communityInsights(communityId: $communityId, period: $period) {
    period {
      from
      to
      previousFrom
      previousTo
      granularity
      timeZone
      preset
    }
    figures {
      members {
        value
        previous
      }
      newMembers {
        value
        previous
      }
      membersLeft {
        value
        previous
      }
      activeMembers {
        value
        previous
      }
      eventsHeld {
        value
        previous
      }
      registrations {
        value
        previous
      }
      attendanceRate {
        value
        previous
      }
      noShowRate {
        value
        previous
      }
      revenue {
        currency
        netMinor
        previousNetMinor
      }
    }
    memberGrowth {
      bucket
      total
      joined
      left
    }
    activeMembers {
      bucket
      people
    }
    eventsHeld {
      bucket
      events
      going
      checkedIn
      attendanceRate
    }
    sources {
      origin
      kind
      ref
      registrations
      joins
    }
    revenue {
      bucket
      currency
      ticketsMinor
      membershipsMinor
      otherMinor
      refundsMinor
    }
    topEvents {
      eventId
      title
      startsAt
      registrations
      going
      checkedIn
      attendanceRate
      revenue {
        currency
        netMinor
      }
    }
    cohorts {
      cohort
      members
      retention
    }
  }
}
    `) as unknown as TypedDocumentString<CommunityInsightsQuery, CommunityInsightsQueryVariables>;
export const AnnouncementsDocument = new TypedDocumentString(`
    query Announcements($communityId: ID!) {
  announcements(communityId: $communityId) {
    id
    subject
    audienceLabel
    sentAt
    sentByName
    recipientCount
    deliveredCount
    failedCount
  }
}
    `) as unknown as TypedDocumentString<AnnouncementsQuery, AnnouncementsQueryVariables>;
export const AnnouncementAudienceCountDocument = new TypedDocumentString(`
    query AnnouncementAudienceCount($communityId: ID!, $audience: AnnouncementAudienceInput!) {
  announcementAudienceCount(communityId: $communityId, audience: $audience)
}
    `) as unknown as TypedDocumentString<AnnouncementAudienceCountQuery, AnnouncementAudienceCountQueryVariables>;
export const SendAnnouncementDocument = new TypedDocumentString(`
    mutation SendAnnouncement($communityId: ID!, $input: SendAnnouncementInput!) {
  sendAnnouncement(communityId: $communityId, input: $input) {
    id
    recipientCount
  }
}
    `) as unknown as TypedDocumentString<SendAnnouncementMutation, SendAnnouncementMutationVariables>;
export const AnnouncementDraftsDocument = new TypedDocumentString(`
    query AnnouncementDrafts($communityId: ID!) {
  announcementDrafts(communityId: $communityId) {
    id
    subject
    body
    fromAgent
    createdAt
  }
}
    `) as unknown as TypedDocumentString<AnnouncementDraftsQuery, AnnouncementDraftsQueryVariables>;
export const DeleteAnnouncementDraftDocument = new TypedDocumentString(`
    mutation DeleteAnnouncementDraft($id: ID!) {
  deleteAnnouncementDraft(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteAnnouncementDraftMutation, DeleteAnnouncementDraftMutationVariables>;
export const SetMemberRolesDocument = new TypedDocumentString(`
    mutation SetMemberRoles($communityId: ID!, $membershipIds: [ID!], $filter: MemberFilter, $search: String, $role: CommunityRole!) {
  setMemberRoles(
    communityId: $communityId
    membershipIds: $membershipIds
    filter: $filter
    search: $search
    role: $role
  ) {
    matched
    changed
    skipped {
      membershipId
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<SetMemberRolesMutation, SetMemberRolesMutationVariables>;
export const MemberImportDocument = new TypedDocumentString(`
    query MemberImport($id: ID!) {
  memberImport(id: $id) {
    id
    status
    mode
    role
    totalRows
    rowsDone
    added
    invited
    skipped
    rejected
    error
    createdAt
    finishedAt
    reportUrl
    rejectedRows(first: 20) {
      line
      email
      reason
    }
  }
}
    `) as unknown as TypedDocumentString<MemberImportQuery, MemberImportQueryVariables>;
export const MemberImportsDocument = new TypedDocumentString(`
    query MemberImports($communityId: ID!) {
  memberImports(communityId: $communityId) {
    id
    status
    totalRows
    rowsDone
    createdAt
  }
}
    `) as unknown as TypedDocumentString<MemberImportsQuery, MemberImportsQueryVariables>;
export const StartMemberImportDocument = new TypedDocumentString(`
    mutation StartMemberImport($communityId: ID!, $input: MemberImportInput!) {
  startMemberImport(communityId: $communityId, input: $input) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<StartMemberImportMutation, StartMemberImportMutationVariables>;
export const MembersDocument = new TypedDocumentString(`
    query Members($communityId: ID!, $first: Int, $after: String, $search: String, $filter: MemberFilter, $sort: MemberSort) {
  members(
    communityId: $communityId
    first: $first
    after: $after
    search: $search
    filter: $filter
    sort: $sort
  ) {
    totalCount
    totalCountCapped
    pageInfo {
      endCursor
      hasNextPage
    }
    nodes {
      id
      role
      status
      source
      tags
      joinedAt
      eventsAttended
      checkIns
      lastActiveAt
      planStatus
      plan {
        id
        name
      }
      person {
        id
        name
        email
      }
    }
  }
}
    `) as unknown as TypedDocumentString<MembersQuery, MembersQueryVariables>;
export const MemberTablePlansDocument = new TypedDocumentString(`
    query MemberTablePlans($communityId: ID!) {
  membershipPlans(communityId: $communityId) {
    id
    name
    archived
  }
}
    `) as unknown as TypedDocumentString<MemberTablePlansQuery, MemberTablePlansQueryVariables>;
export const MemberSegmentsDocument = new TypedDocumentString(`
    query MemberSegments($communityId: ID!) {
  memberSegments(communityId: $communityId) {
    id
    name
    filter {
      roles
      statuses
      sources
      tags
      joinedAfter
      joinedBefore
      lastActiveAfter
      lastActiveBefore
      eventsAttendedAtLeast
      checkInsAtLeast
      plans
      planStatuses
      noShowLastTime
    }
  }
}
    `) as unknown as TypedDocumentString<MemberSegmentsQuery, MemberSegmentsQueryVariables>;
export const SaveMemberSegmentDocument = new TypedDocumentString(`
    mutation SaveMemberSegment($communityId: ID!, $name: String!, $filter: MemberFilter!) {
  saveMemberSegment(communityId: $communityId, name: $name, filter: $filter) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<SaveMemberSegmentMutation, SaveMemberSegmentMutationVariables>;
export const DeleteMemberSegmentDocument = new TypedDocumentString(`
    mutation DeleteMemberSegment($id: ID!) {
  deleteMemberSegment(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteMemberSegmentMutation, DeleteMemberSegmentMutationVariables>;
export const TagMembersDocument = new TypedDocumentString(`
    mutation TagMembers($communityId: ID!, $membershipIds: [ID!], $filter: MemberFilter, $search: String, $add: [String!], $remove: [String!]) {
  tagMembers(
    communityId: $communityId
    membershipIds: $membershipIds
    filter: $filter
    search: $search
    add: $add
    remove: $remove
  ) {
    matched
    changed
  }
}
    `) as unknown as TypedDocumentString<TagMembersMutation, TagMembersMutationVariables>;
export const MemberFiguresDocument = new TypedDocumentString(`
    query MemberFigures($communityId: ID!) {
  ...MemberFiguresFields
}
    fragment MemberFiguresFields on Query {
  community(id: $communityId) {
    id
    pendingJoinRequests
    memberStats {
      activeCount
      peopleCount
    }
    insightsSummary {
      newMembers
    }
    newestMembers(first: 5) {
      id
      joinedAt
      person {
        id
        name
      }
    }
  }
}`) as unknown as TypedDocumentString<MemberFiguresQuery, MemberFiguresQueryVariables>;
export const JoinRequestsDocument = new TypedDocumentString(`
    query JoinRequests($communityId: ID!, $first: Int, $after: String) {
  joinRequests(communityId: $communityId, first: $first, after: $after) {
    totalCount
    endCursor
    hasNextPage
    nodes {
      id
      requestedAt
      person {
        id
        name
        email
      }
      answers {
        questionId
        question
        values
      }
    }
  }
}
    `) as unknown as TypedDocumentString<JoinRequestsQuery, JoinRequestsQueryVariables>;
export const InvitationsDocument = new TypedDocumentString(`
    query Invitations($communityId: ID!) {
  invitations(communityId: $communityId) {
    id
    email
    role
    status
    sentAt
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<InvitationsQuery, InvitationsQueryVariables>;
export const MemberDocument = new TypedDocumentString(`
    query Member($id: ID!) {
  member(id: $id) {
    id
    role
    status
    source
    tags
    joinedAt
    lastActiveAt
    eventsRegistered
    eventsAttended
    checkIns
    person {
      id
      name
      email
    }
    joinAnswers {
      questionId
      question
      values
    }
    timeline(first: 20) {
      type
      occurredAt
      summary
      actorName
    }
  }
}
    `) as unknown as TypedDocumentString<MemberQuery, MemberQueryVariables>;
export const InviteMembersDocument = new TypedDocumentString(`
    mutation InviteMembers($communityId: ID!, $emails: [String!]!, $role: CommunityRole!) {
  inviteMembers(communityId: $communityId, emails: $emails, role: $role) {
    email
    result
  }
}
    `) as unknown as TypedDocumentString<InviteMembersMutation, InviteMembersMutationVariables>;
export const ResendInvitationDocument = new TypedDocumentString(`
    mutation ResendInvitation($id: ID!) {
  resendInvitation(id: $id) {
    id
    sentAt
    expiresAt
  }
}
    `) as unknown as TypedDocumentString<ResendInvitationMutation, ResendInvitationMutationVariables>;
export const RevokeInvitationDocument = new TypedDocumentString(`
    mutation RevokeInvitation($id: ID!) {
  revokeInvitation(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<RevokeInvitationMutation, RevokeInvitationMutationVariables>;
export const ApproveJoinRequestDocument = new TypedDocumentString(`
    mutation ApproveJoinRequest($id: ID!) {
  approveJoinRequest(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<ApproveJoinRequestMutation, ApproveJoinRequestMutationVariables>;
export const DeclineJoinRequestDocument = new TypedDocumentString(`
    mutation DeclineJoinRequest($id: ID!, $message: String) {
  declineJoinRequest(id: $id, message: $message)
}
    `) as unknown as TypedDocumentString<DeclineJoinRequestMutation, DeclineJoinRequestMutationVariables>;
export const SetMemberRoleDocument = new TypedDocumentString(`
    mutation SetMemberRole($membershipId: ID!, $role: CommunityRole!) {
  setMemberRole(membershipId: $membershipId, role: $role) {
    id
    role
  }
}
    `) as unknown as TypedDocumentString<SetMemberRoleMutation, SetMemberRoleMutationVariables>;
export const BanMemberDocument = new TypedDocumentString(`
    mutation BanMember($membershipId: ID!, $cancelRegistrations: Boolean!) {
  banMember(
    membershipId: $membershipId
    cancelRegistrations: $cancelRegistrations
  ) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<BanMemberMutation, BanMemberMutationVariables>;
export const RemoveMemberDocument = new TypedDocumentString(`
    mutation RemoveMember($membershipId: ID!) {
  removeMember(membershipId: $membershipId)
}
    `) as unknown as TypedDocumentString<RemoveMemberMutation, RemoveMemberMutationVariables>;
export const TransferOwnershipDocument = new TypedDocumentString(`
    mutation TransferOwnership($communityId: ID!, $membershipId: ID!) {
  transferOwnership(communityId: $communityId, membershipId: $membershipId) {
    id
    role
  }
}
    `) as unknown as TypedDocumentString<TransferOwnershipMutation, TransferOwnershipMutationVariables>;
export const CommunityPageDocument = new TypedDocumentString(`
    query CommunityPage($slug: String!) {
  communityBySlug(slug: $slug) {
    id
    slug
    name
    logoUrl
    coverUrl
    brandColor
    description
    visibility
    joinPolicy
    timeZone
    memberCount
    pastEventCount
    upcomingEvents {
      ...CommunityPageEventFields
    }
    pastEvents(first: 3) {
      nodes {
        ...CommunityPageEventFields
      }
      hasNextPage
      endCursor
    }
    memberFaces {
      id
      name
      imageUrl
    }
    followable
    viewerFollows
    joinQuestions {
      id
      kind
      label
      required
      options
    }
    viewerMembership {
      id
      role
      status
      planStatus
      plan {
        id
        name
      }
    }
    viewerSeesDirectory
    plans {
      id
      name
      description
      priceMinor
      currency
      interval
      membersOnlyEvents
      memberPrices
      approvalRequired
    }
  }
}
    fragment CommunityPageEventFields on CommunityPageEvent {
  id
  title
  startsAt
  endsAt
  venueName
  isOnline
  coverUrl
}`) as unknown as TypedDocumentString<CommunityPageQuery, CommunityPageQueryVariables>;
export const JoinCommunityDocument = new TypedDocumentString(`
    mutation JoinCommunity($communityId: ID!, $answers: [AnswerInput!], $planId: ID, $origin: String) {
  joinCommunity(
    communityId: $communityId
    answers: $answers
    planId: $planId
    origin: $origin
  ) {
    id
    role
    status
  }
}
    `) as unknown as TypedDocumentString<JoinCommunityMutation, JoinCommunityMutationVariables>;
export const SubscribeToPlanDocument = new TypedDocumentString(`
    mutation SubscribeToPlan($planId: ID!, $origin: String) {
  subscribeToPlan(planId: $planId, origin: $origin) {
    url
  }
}
    `) as unknown as TypedDocumentString<SubscribeToPlanMutation, SubscribeToPlanMutationVariables>;
export const LeaveCommunityDocument = new TypedDocumentString(`
    mutation LeaveCommunity($communityId: ID!) {
  leaveCommunity(communityId: $communityId)
}
    `) as unknown as TypedDocumentString<LeaveCommunityMutation, LeaveCommunityMutationVariables>;
export const MyMembershipsDocument = new TypedDocumentString(`
    query MyMemberships {
  myCommunities {
    id
    name
    slug
    logoUrl
    viewerRole
    viewerAnnouncementEmails
  }
}
    `) as unknown as TypedDocumentString<MyMembershipsQuery, MyMembershipsQueryVariables>;
export const SetMyAnnouncementEmailsDocument = new TypedDocumentString(`
    mutation SetMyAnnouncementEmails($communityId: ID!, $subscribed: Boolean!) {
  setMyAnnouncementEmails(communityId: $communityId, subscribed: $subscribed) {
    communityId
    subscribed
  }
}
    `) as unknown as TypedDocumentString<SetMyAnnouncementEmailsMutation, SetMyAnnouncementEmailsMutationVariables>;
export const MemberDirectoryDocument = new TypedDocumentString(`
    query MemberDirectory($communityId: ID!, $first: Int, $after: String) {
  memberDirectory(communityId: $communityId, first: $first, after: $after) {
    totalCount
    hasNextPage
    endCursor
    nodes {
      id
      name
      role
      joinedAt
    }
  }
}
    `) as unknown as TypedDocumentString<MemberDirectoryQuery, MemberDirectoryQueryVariables>;
export const MyJoinRequestsDocument = new TypedDocumentString(`
    query MyJoinRequests {
  myJoinRequests {
    id
    requestedAt
    community {
      id
      name
      slug
      logoUrl
    }
  }
}
    `) as unknown as TypedDocumentString<MyJoinRequestsQuery, MyJoinRequestsQueryVariables>;
export const MorePastEventsDocument = new TypedDocumentString(`
    query MorePastEvents($slug: String!, $after: String) {
  communityBySlug(slug: $slug) {
    id
    pastEvents(first: 12, after: $after) {
      nodes {
        ...CommunityPageEventFields
      }
      hasNextPage
      endCursor
    }
  }
}
    fragment CommunityPageEventFields on CommunityPageEvent {
  id
  title
  startsAt
  endsAt
  venueName
  isOnline
  coverUrl
}`) as unknown as TypedDocumentString<MorePastEventsQuery, MorePastEventsQueryVariables>;
export const FollowCommunityDocument = new TypedDocumentString(`
    mutation FollowCommunity($communityId: ID!) {
  followCommunity(communityId: $communityId)
}
    `) as unknown as TypedDocumentString<FollowCommunityMutation, FollowCommunityMutationVariables>;
export const UnfollowCommunityDocument = new TypedDocumentString(`
    mutation UnfollowCommunity($communityId: ID!) {
  unfollowCommunity(communityId: $communityId)
}
    `) as unknown as TypedDocumentString<UnfollowCommunityMutation, UnfollowCommunityMutationVariables>;
export const CommunityFollowByTokenDocument = new TypedDocumentString(`
    query CommunityFollowByToken($token: String!) {
  communityFollowByToken(token: $token) {
    communityName
    communitySlug
    following
  }
}
    `) as unknown as TypedDocumentString<CommunityFollowByTokenQuery, CommunityFollowByTokenQueryVariables>;
export const UnfollowCommunityByTokenDocument = new TypedDocumentString(`
    mutation UnfollowCommunityByToken($token: String!) {
  unfollowCommunityByToken(token: $token) {
    communityName
    communitySlug
    following
  }
}
    `) as unknown as TypedDocumentString<UnfollowCommunityByTokenMutation, UnfollowCommunityByTokenMutationVariables>;
export const InvitationPreviewDocument = new TypedDocumentString(`
    query InvitationPreview($token: String!) {
  invitation(token: $token) {
    email
    role
    status
    expiresAt
    community {
      id
      name
      slug
      logoUrl
    }
  }
}
    `) as unknown as TypedDocumentString<InvitationPreviewQuery, InvitationPreviewQueryVariables>;
export const AcceptInvitationDocument = new TypedDocumentString(`
    mutation AcceptInvitation($token: String!) {
  acceptInvitation(token: $token) {
    id
    communityId
    role
    status
  }
}
    `) as unknown as TypedDocumentString<AcceptInvitationMutation, AcceptInvitationMutationVariables>;
export const BillingDetailsDocument = new TypedDocumentString(`
    query BillingDetails($communityId: ID!) {
  community(id: $communityId) {
    id
    name
    billingDetails {
      ...BillingDetailsFields
    }
  }
}
    fragment BillingDetailsFields on BillingDetails {
  communityId
  legalName
  address
  taxNote
  updatedAt
}`) as unknown as TypedDocumentString<BillingDetailsQuery, BillingDetailsQueryVariables>;
export const UpdateBillingDetailsDocument = new TypedDocumentString(`
    mutation UpdateBillingDetails($communityId: ID!, $input: BillingDetailsInput!) {
  updateBillingDetails(communityId: $communityId, input: $input) {
    ...BillingDetailsFields
  }
}
    fragment BillingDetailsFields on BillingDetails {
  communityId
  legalName
  address
  taxNote
  updatedAt
}`) as unknown as TypedDocumentString<UpdateBillingDetailsMutation, UpdateBillingDetailsMutationVariables>;
export const PayerPaymentsDocument = new TypedDocumentString(`
    query PayerPayments($communityId: ID!, $payerUserId: ID!, $first: Int, $after: String) {
  payments(
    communityId: $communityId
    filter: {payerUserId: $payerUserId}
    first: $first
    after: $after
  ) {
    totalCount
    pageInfo {
      endCursor
      hasNextPage
    }
    nodes {
      ...PaymentRowFields
    }
  }
}
    fragment PaymentRowFields on Payment {
  id
  createdAt
  succeededAt
  purpose
  status
  method
  amountMinor
  feeMinor
  refundedMinor
  netMinor
  currency
  note
  payer {
    userId
    name
    email
  }
  event {
    id
    title
  }
}`) as unknown as TypedDocumentString<PayerPaymentsQuery, PayerPaymentsQueryVariables>;
export const PayerPaymentTotalsDocument = new TypedDocumentString(`
    query PayerPaymentTotals($communityId: ID!, $payerUserId: ID!) {
  payerPaymentTotals(communityId: $communityId, payerUserId: $payerUserId) {
    currency
    grossMinor
    refundsMinor
    netMinor
    payments
  }
}
    `) as unknown as TypedDocumentString<PayerPaymentTotalsQuery, PayerPaymentTotalsQueryVariables>;
export const PaymentConnectionDocument = new TypedDocumentString(`
    query PaymentConnection($communityId: ID!) {
  paymentConnection(communityId: $communityId) {
    ...PaymentConnectionFields
  }
}
    fragment PaymentConnectionFields on PaymentConnection {
  communityId
  status
  mode
  accountId
  chargesEnabled
  payoutsEnabled
  detailsSubmitted
  checkedAt
}`) as unknown as TypedDocumentString<PaymentConnectionQuery, PaymentConnectionQueryVariables>;
export const RefreshPaymentConnectionDocument = new TypedDocumentString(`
    mutation RefreshPaymentConnection($communityId: ID!) {
  refreshPaymentConnection(communityId: $communityId) {
    ...PaymentConnectionFields
  }
}
    fragment PaymentConnectionFields on PaymentConnection {
  communityId
  status
  mode
  accountId
  chargesEnabled
  payoutsEnabled
  detailsSubmitted
  checkedAt
}`) as unknown as TypedDocumentString<RefreshPaymentConnectionMutation, RefreshPaymentConnectionMutationVariables>;
export const ConnectStripeDocument = new TypedDocumentString(`
    mutation ConnectStripe($communityId: ID!, $returnPath: String!) {
  connectStripe(communityId: $communityId, returnPath: $returnPath) {
    url
  }
}
    `) as unknown as TypedDocumentString<ConnectStripeMutation, ConnectStripeMutationVariables>;
export const StripeDashboardLinkDocument = new TypedDocumentString(`
    mutation StripeDashboardLink($communityId: ID!) {
  stripeDashboardLink(communityId: $communityId) {
    url
  }
}
    `) as unknown as TypedDocumentString<StripeDashboardLinkMutation, StripeDashboardLinkMutationVariables>;
export const PaymentsDocument = new TypedDocumentString(`
    query Payments($communityId: ID!, $filter: PaymentFilter, $search: String, $first: Int, $after: String) {
  payments(
    communityId: $communityId
    filter: $filter
    search: $search
    first: $first
    after: $after
  ) {
    totalCount
    totalCountCapped
    pageInfo {
      endCursor
      hasNextPage
    }
    nodes {
      ...PaymentRowFields
    }
  }
}
    fragment PaymentRowFields on Payment {
  id
  createdAt
  succeededAt
  purpose
  status
  method
  amountMinor
  feeMinor
  refundedMinor
  netMinor
  currency
  note
  payer {
    userId
    name
    email
  }
  event {
    id
    title
  }
}`) as unknown as TypedDocumentString<PaymentsQuery, PaymentsQueryVariables>;
export const PaymentDocument = new TypedDocumentString(`
    query Payment($id: ID!) {
  payment(id: $id) {
    ...PaymentRowFields
    providerRef
    registrationId
    registrationCancelable
    refunds {
      id
      amountMinor
      reason
      createdAt
    }
  }
}
    fragment PaymentRowFields on Payment {
  id
  createdAt
  succeededAt
  purpose
  status
  method
  amountMinor
  feeMinor
  refundedMinor
  netMinor
  currency
  note
  payer {
    userId
    name
    email
  }
  event {
    id
    title
  }
}`) as unknown as TypedDocumentString<PaymentQuery, PaymentQueryVariables>;
export const PaymentTotalsDocument = new TypedDocumentString(`
    query PaymentTotals($communityId: ID!, $from: DateTime!, $to: DateTime!) {
  paymentTotals(communityId: $communityId, from: $from, to: $to) {
    currency
    grossMinor
    refundsMinor
    feesMinor
    netMinor
    payments
    refunds
  }
}
    `) as unknown as TypedDocumentString<PaymentTotalsQuery, PaymentTotalsQueryVariables>;
export const PaymentEventsDocument = new TypedDocumentString(`
    query PaymentEvents($communityId: ID!) {
  upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {
    nodes {
      id
      title
      startsAt
    }
  }
  past: events(communityId: $communityId, filter: PAST, first: 100) {
    nodes {
      id
      title
      startsAt
    }
  }
}
    `) as unknown as TypedDocumentString<PaymentEventsQuery, PaymentEventsQueryVariables>;
export const PaymentPlansDocument = new TypedDocumentString(`
    query PaymentPlans($communityId: ID!) {
  membershipPlans(communityId: $communityId) {
    id
    name
    archived
  }
}
    `) as unknown as TypedDocumentString<PaymentPlansQuery, PaymentPlansQueryVariables>;
export const RevenueDocument = new TypedDocumentString(`
    query Revenue($communityId: ID!) {
  ...RevenueFields
}
    fragment RevenueFields on Query {
  revenueCommunity: community(id: $communityId) {
    id
    insightsSummary {
      revenue {
        currency
        amountMinor: netMinor
      }
    }
  }
}`) as unknown as TypedDocumentString<RevenueQuery, RevenueQueryVariables>;
export const RecordPaymentDocument = new TypedDocumentString(`
    mutation RecordPayment($communityId: ID!, $input: RecordPaymentInput!) {
  recordPayment(communityId: $communityId, input: $input) {
    ...PaymentRowFields
  }
}
    fragment PaymentRowFields on Payment {
  id
  createdAt
  succeededAt
  purpose
  status
  method
  amountMinor
  feeMinor
  refundedMinor
  netMinor
  currency
  note
  payer {
    userId
    name
    email
  }
  event {
    id
    title
  }
}`) as unknown as TypedDocumentString<RecordPaymentMutation, RecordPaymentMutationVariables>;
export const RefundPaymentDocument = new TypedDocumentString(`
    mutation RefundPayment($id: ID!, $amountMinor: MinorUnits!, $reason: String!, $cancelRegistration: Boolean) {
  refundPayment(
    id: $id
    amountMinor: $amountMinor
    reason: $reason
    cancelRegistration: $cancelRegistration
  ) {
    ...PaymentRowFields
  }
}
    fragment PaymentRowFields on Payment {
  id
  createdAt
  succeededAt
  purpose
  status
  method
  amountMinor
  feeMinor
  refundedMinor
  netMinor
  currency
  note
  payer {
    userId
    name
    email
  }
  event {
    id
    title
  }
}`) as unknown as TypedDocumentString<RefundPaymentMutation, RefundPaymentMutationVariables>;
export const MembershipPlansDocument = new TypedDocumentString(`
    query MembershipPlans($communityId: ID!) {
  membershipPlans(communityId: $communityId) {
    ...PlanFields
  }
  community(id: $communityId) {
    id
    canTakePayments
  }
}
    fragment PlanFields on MembershipPlan {
  id
  name
  description
  priceMinor
  currency
  interval
  membersOnlyEvents
  memberPrices
  approvalRequired
  archived
  position
}`) as unknown as TypedDocumentString<MembershipPlansQuery, MembershipPlansQueryVariables>;
export const CreateMembershipPlanDocument = new TypedDocumentString(`
    mutation CreateMembershipPlan($communityId: ID!, $input: MembershipPlanInput!) {
  createMembershipPlan(communityId: $communityId, input: $input) {
    ...PlanFields
  }
}
    fragment PlanFields on MembershipPlan {
  id
  name
  description
  priceMinor
  currency
  interval
  membersOnlyEvents
  memberPrices
  approvalRequired
  archived
  position
}`) as unknown as TypedDocumentString<CreateMembershipPlanMutation, CreateMembershipPlanMutationVariables>;
export const UpdateMembershipPlanDocument = new TypedDocumentString(`
    mutation UpdateMembershipPlan($id: ID!, $input: MembershipPlanInput!) {
  updateMembershipPlan(id: $id, input: $input) {
    ...PlanFields
  }
}
    fragment PlanFields on MembershipPlan {
  id
  name
  description
  priceMinor
  currency
  interval
  membersOnlyEvents
  memberPrices
  approvalRequired
  archived
  position
}`) as unknown as TypedDocumentString<UpdateMembershipPlanMutation, UpdateMembershipPlanMutationVariables>;
export const ArchiveMembershipPlanDocument = new TypedDocumentString(`
    mutation ArchiveMembershipPlan($id: ID!) {
  archiveMembershipPlan(id: $id) {
    ...PlanFields
  }
}
    fragment PlanFields on MembershipPlan {
  id
  name
  description
  priceMinor
  currency
  interval
  membersOnlyEvents
  memberPrices
  approvalRequired
  archived
  position
}`) as unknown as TypedDocumentString<ArchiveMembershipPlanMutation, ArchiveMembershipPlanMutationVariables>;
export const MyPlanMembershipsDocument = new TypedDocumentString(`
    query MyPlanMemberships {
  myPlanMemberships {
    membershipId
    communityId
    communityName
    communitySlug
    status
    renewsAt
    endsAt
    canManageBilling
    plan {
      ...PlanFields
    }
  }
}
    fragment PlanFields on MembershipPlan {
  id
  name
  description
  priceMinor
  currency
  interval
  membersOnlyEvents
  memberPrices
  approvalRequired
  archived
  position
}`) as unknown as TypedDocumentString<MyPlanMembershipsQuery, MyPlanMembershipsQueryVariables>;
export const BillingPortalLinkDocument = new TypedDocumentString(`
    mutation BillingPortalLink($communityId: ID!) {
  billingPortalLink(communityId: $communityId) {
    url
  }
}
    `) as unknown as TypedDocumentString<BillingPortalLinkMutation, BillingPortalLinkMutationVariables>;
export const PromoCodesDocument = new TypedDocumentString(`
    query PromoCodes($communityId: ID!, $eventId: ID, $first: Int, $after: String) {
  promoCodes(
    communityId: $communityId
    eventId: $eventId
    first: $first
    after: $after
  ) {
    nodes {
      ...PromoCodeFields
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
}
    fragment PromoCodeFields on PromoCode {
  id
  code
  eventId
  eventTitle
  ticketTypeId
  ticketTypeName
  percentOff
  amountOffMinor
  currency
  maxUses
  uses
  startsAt
  expiresAt
  active
  status
}`) as unknown as TypedDocumentString<PromoCodesQuery, PromoCodesQueryVariables>;
export const CreatePromoCodeDocument = new TypedDocumentString(`
    mutation CreatePromoCode($communityId: ID!, $eventId: ID, $input: PromoCodeInput!) {
  createPromoCode(communityId: $communityId, eventId: $eventId, input: $input) {
    ...PromoCodeFields
  }
}
    fragment PromoCodeFields on PromoCode {
  id
  code
  eventId
  eventTitle
  ticketTypeId
  ticketTypeName
  percentOff
  amountOffMinor
  currency
  maxUses
  uses
  startsAt
  expiresAt
  active
  status
}`) as unknown as TypedDocumentString<CreatePromoCodeMutation, CreatePromoCodeMutationVariables>;
export const DeactivatePromoCodeDocument = new TypedDocumentString(`
    mutation DeactivatePromoCode($id: ID!) {
  deactivatePromoCode(id: $id) {
    ...PromoCodeFields
  }
}
    fragment PromoCodeFields on PromoCode {
  id
  code
  eventId
  eventTitle
  ticketTypeId
  ticketTypeName
  percentOff
  amountOffMinor
  currency
  maxUses
  uses
  startsAt
  expiresAt
  active
  status
}`) as unknown as TypedDocumentString<DeactivatePromoCodeMutation, DeactivatePromoCodeMutationVariables>;
export const UpdatePromoCodeDocument = new TypedDocumentString(`
    mutation UpdatePromoCode($id: ID!, $eventId: ID, $input: PromoCodeInput!) {
  updatePromoCode(id: $id, eventId: $eventId, input: $input) {
    ...PromoCodeFields
  }
}
    fragment PromoCodeFields on PromoCode {
  id
  code
  eventId
  eventTitle
  ticketTypeId
  ticketTypeName
  percentOff
  amountOffMinor
  currency
  maxUses
  uses
  startsAt
  expiresAt
  active
  status
}`) as unknown as TypedDocumentString<UpdatePromoCodeMutation, UpdatePromoCodeMutationVariables>;
export const ReactivatePromoCodeDocument = new TypedDocumentString(`
    mutation ReactivatePromoCode($id: ID!) {
  reactivatePromoCode(id: $id) {
    ...PromoCodeFields
  }
}
    fragment PromoCodeFields on PromoCode {
  id
  code
  eventId
  eventTitle
  ticketTypeId
  ticketTypeName
  percentOff
  amountOffMinor
  currency
  maxUses
  uses
  startsAt
  expiresAt
  active
  status
}`) as unknown as TypedDocumentString<ReactivatePromoCodeMutation, ReactivatePromoCodeMutationVariables>;
export const PromoCodeEventsDocument = new TypedDocumentString(`
    query PromoCodeEvents($communityId: ID!) {
  upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {
    nodes {
      id
      title
      ticketTypes {
        id
        name
      }
    }
  }
  drafts: events(communityId: $communityId, filter: DRAFTS, first: 100) {
    nodes {
      id
      title
      ticketTypes {
        id
        name
      }
    }
  }
}
    `) as unknown as TypedDocumentString<PromoCodeEventsQuery, PromoCodeEventsQueryVariables>;
export const ManagedRegistrationDocument = new TypedDocumentString(`
    query ManagedRegistration($token: String!) {
  managedRegistration(token: $token) {
    ...ManagedRegistrationFields
  }
}
    fragment ManagedRegistrationFields on ManagedRegistration {
  id
  status
  name
  email
  checkInCode
  checkedInAt
  waitlistPosition
  quantity
  holdExpiresAt
  ticketTypeName
  onlineUrl
  canCancel
  event {
    ...EventWhenWhere
    status
    host {
      id
      name
    }
  }
}
fragment EventWhenWhere on Event {
  id
  title
  description
  startsAt
  endsAt
  timeZone
  venueName
  venueAddress
}`) as unknown as TypedDocumentString<ManagedRegistrationQuery, ManagedRegistrationQueryVariables>;
export const CancelManagedRegistrationDocument = new TypedDocumentString(`
    mutation CancelManagedRegistration($token: String!) {
  cancelManagedRegistration(token: $token) {
    ...ManagedRegistrationFields
  }
}
    fragment ManagedRegistrationFields on ManagedRegistration {
  id
  status
  name
  email
  checkInCode
  checkedInAt
  waitlistPosition
  quantity
  holdExpiresAt
  ticketTypeName
  onlineUrl
  canCancel
  event {
    ...EventWhenWhere
    status
    host {
      id
      name
    }
  }
}
fragment EventWhenWhere on Event {
  id
  title
  description
  startsAt
  endsAt
  timeZone
  venueName
  venueAddress
}`) as unknown as TypedDocumentString<CancelManagedRegistrationMutation, CancelManagedRegistrationMutationVariables>;
export const PayForOfferDocument = new TypedDocumentString(`
    mutation PayForOffer($token: String!) {
  payForOffer(token: $token) {
    url
  }
}
    `) as unknown as TypedDocumentString<PayForOfferMutation, PayForOfferMutationVariables>;
export const MyRegistrationsDocument = new TypedDocumentString(`
    query MyRegistrations($when: RegistrationTimeFilter!, $first: Int, $after: String) {
  myRegistrations(when: $when, first: $first, after: $after) {
    totalCount
    pageInfo {
      endCursor
      hasNextPage
    }
    nodes {
      ...RegistrationTicket
      event {
        id
        title
        startsAt
        endsAt
        timeZone
        venueName
        hasOnlineLink
        status
        host {
          id
          name
        }
      }
    }
  }
}
    fragment RegistrationTicket on Registration {
  id
  status
  checkInCode
  checkedInAt
  waitlistPosition
  ticketType {
    id
    name
  }
}`) as unknown as TypedDocumentString<MyRegistrationsQuery, MyRegistrationsQueryVariables>;
export const CancelMyRegistrationDocument = new TypedDocumentString(`
    mutation CancelMyRegistration($id: ID!) {
  cancelRegistration(id: $id) {
    id
    status
  }
}
    `) as unknown as TypedDocumentString<CancelMyRegistrationMutation, CancelMyRegistrationMutationVariables>;
export const OverviewPageDocument = new TypedDocumentString(`
    query OverviewPage($communityId: ID!) {
  ...OverviewEventsFields
  ...MemberFiguresFields
  ...RevenueFields
  ...OverviewStatusFields
}
    fragment OverviewStatusFields on Query {
  status: community(id: $communityId) {
    id
    pendingJoinRequests
    heldSeats
    invitedAnyone
    canTakePayments
    memberStats {
      activeCount
    }
    paymentActivity {
      failedLast30Days
      anyTaken
    }
  }
}
fragment EventListItem on Event {
  id
  title
  startsAt
  endsAt
  timeZone
  status
  capacity
  goingCount
  waitlistCount
  pendingCount
}
fragment OverviewEventsFields on Query {
  upcoming: events(communityId: $communityId, filter: UPCOMING, first: 5) {
    nodes {
      ...EventListItem
    }
    pageInfo {
      hasNextPage
    }
  }
  drafts: events(communityId: $communityId, filter: DRAFTS, first: 1) {
    nodes {
      id
    }
  }
  past: events(communityId: $communityId, filter: PAST, first: 1) {
    nodes {
      id
    }
  }
}
fragment MemberFiguresFields on Query {
  community(id: $communityId) {
    id
    pendingJoinRequests
    memberStats {
      activeCount
      peopleCount
    }
    insightsSummary {
      newMembers
    }
    newestMembers(first: 5) {
      id
      joinedAt
      person {
        id
        name
      }
    }
  }
}
fragment RevenueFields on Query {
  revenueCommunity: community(id: $communityId) {
    id
    insightsSummary {
      revenue {
        currency
        amountMinor: netMinor
      }
    }
  }
}`) as unknown as TypedDocumentString<OverviewPageQuery, OverviewPageQueryVariables>;