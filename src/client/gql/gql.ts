/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  query AgentRuns($agentId: ID, $communityId: ID, $filter: AgentRunFilter, $first: Int, $after: String) {\n    agentRuns(agentId: $agentId, communityId: $communityId, filter: $filter, first: $first, after: $after) {\n      totalCount\n      endCursor\n      hasNextPage\n      nodes {\n        id\n        status\n        triggerSummary\n        messagesSent\n        createdAt\n        finishedAt\n        durationMs\n        undoneAt\n        undoable\n        error\n        subject {\n          id\n          name\n        }\n        event {\n          id\n          title\n        }\n        agent {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.AgentRunsDocument,
    "\n  query AgentRun($id: ID!) {\n    agentRun(id: $id) {\n      id\n      status\n      trigger\n      triggerSummary\n      error\n      attempts\n      messagesSent\n      modelTokens\n      modelCostMicros\n      createdAt\n      startedAt\n      finishedAt\n      durationMs\n      undoneAt\n      undoable\n      subject {\n        id\n        name\n      }\n      event {\n        id\n        title\n      }\n      agent {\n        id\n        name\n      }\n      steps {\n        id\n        index\n        kind\n        summary\n        reason\n        input\n        output\n        status\n        reversible\n        error\n        attempts\n        startedAt\n        finishedAt\n        undoneAt\n      }\n    }\n  }\n": typeof types.AgentRunDocument,
    "\n  mutation UndoAgentRun($id: ID!) {\n    undoAgentRun(id: $id) {\n      id\n      undoneAt\n      undoable\n    }\n  }\n": typeof types.UndoAgentRunDocument,
    "\n  mutation UndoAgentActionsSince($input: UndoAgentActionsSinceInput!) {\n    undoAgentActionsSince(input: $input) {\n      runs\n      undoneSteps\n      irreversibleSteps\n      runsInProgress\n    }\n  }\n": typeof types.UndoAgentActionsSinceDocument,
    "\n  query AgentApprovals($communityId: ID!) {\n    agentApprovals(communityId: $communityId) {\n      id\n      reason\n      status\n      createdAt\n      agent {\n        id\n        name\n      }\n      run {\n        id\n        triggerSummary\n        subject {\n          id\n          name\n        }\n        event {\n          id\n          title\n        }\n      }\n      step {\n        id\n        kind\n        summary\n      }\n    }\n  }\n": typeof types.AgentApprovalsDocument,
    "\n  mutation DecideAgentApprovals($input: DecideAgentApprovalsInput!) {\n    decideAgentApprovals(input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.DecideAgentApprovalsDocument,
    "\n  mutation DryRunAgent($input: DryRunAgentInput!) {\n    dryRunAgent(input: $input) {\n      id\n      from\n      to\n      createdAt\n      runs\n      totals {\n        triggers\n        acting\n        messages\n        tagChanges\n        decisions\n        stoppedByLimit\n      }\n    }\n  }\n": typeof types.DryRunAgentDocument,
    "\n  query AgentRunReplay($id: ID!) {\n    agentRun(id: $id) {\n      id\n      replay\n    }\n  }\n": typeof types.AgentRunReplayDocument,
    "\n  fragment AgentSummary on Agent {\n    id\n    communityId\n    name\n    template\n    description\n    status\n    pausedReason\n    approvalMode\n    lastRunAt\n    runCount\n    pendingApprovalCount\n    messagesToday\n    enabledAt\n  }\n": typeof types.AgentSummaryFragmentDoc,
    "\n  query Agents($communityId: ID!) {\n    agents(communityId: $communityId) {\n      ...AgentSummary\n    }\n  }\n": typeof types.AgentsDocument,
    "\n  query Agent($id: ID!) {\n    agent(id: $id) {\n      ...AgentSummary\n      definition\n      webhookSecret\n      updatedAt\n    }\n  }\n": typeof types.AgentDocument,
    "\n  query AgentTemplates {\n    agentTemplates {\n      key\n      name\n      summary\n      definition\n      usesModel\n    }\n  }\n": typeof types.AgentTemplatesDocument,
    "\n  query AgentSettings($communityId: ID!) {\n    agentSettings(communityId: $communityId) {\n      modelConfigured\n      modelBudgetMicros\n      modelSpentMicros\n    }\n  }\n": typeof types.AgentSettingsDocument,
    "\n  query AgentNotices($communityId: ID!) {\n    agentNotices(communityId: $communityId) {\n      id\n      message\n      createdAt\n      read\n      agent {\n        id\n        name\n      }\n    }\n  }\n": typeof types.AgentNoticesDocument,
    "\n  query AgentSegments($communityId: ID!) {\n    memberSegments(communityId: $communityId) {\n      id\n      name\n    }\n  }\n": typeof types.AgentSegmentsDocument,
    "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      ...AgentSummary\n      definition\n      webhookSecret\n    }\n  }\n": typeof types.CreateAgentDocument,
    "\n  mutation UpdateAgent($input: UpdateAgentInput!) {\n    updateAgent(input: $input) {\n      ...AgentSummary\n      definition\n      webhookSecret\n    }\n  }\n": typeof types.UpdateAgentDocument,
    "\n  mutation DeleteAgent($id: ID!) {\n    deleteAgent(id: $id)\n  }\n": typeof types.DeleteAgentDocument,
    "\n  mutation SetAgentEnabled($id: ID!, $enabled: Boolean!) {\n    setAgentEnabled(id: $id, enabled: $enabled) {\n      ...AgentSummary\n    }\n  }\n": typeof types.SetAgentEnabledDocument,
    "\n  mutation UpdateAgentSettings($input: UpdateAgentSettingsInput!) {\n    updateAgentSettings(input: $input) {\n      modelConfigured\n      modelBudgetMicros\n      modelSpentMicros\n    }\n  }\n": typeof types.UpdateAgentSettingsDocument,
    "\n  mutation MarkAgentNoticesRead($communityId: ID!) {\n    markAgentNoticesRead(communityId: $communityId)\n  }\n": typeof types.MarkAgentNoticesReadDocument,
    "\n  query AnnouncementSubscription($token: String!) {\n    announcementSubscription(token: $token) {\n      communityId\n      communityName\n      subscribed\n    }\n  }\n": typeof types.AnnouncementSubscriptionDocument,
    "\n  mutation SetAnnouncementSubscription($token: String!, $subscribed: Boolean!) {\n    setAnnouncementSubscription(token: $token, subscribed: $subscribed) {\n      communityId\n      communityName\n      subscribed\n    }\n  }\n": typeof types.SetAnnouncementSubscriptionDocument,
    "\n  query MyCommunities {\n    myCommunities {\n      id\n      name\n      slug\n      description\n      logoUrl\n      brandColor\n      memberCount\n      viewerRole\n      viewerCapabilities\n      visibility\n      pendingJoinRequests\n      timeZone\n      nextEvent {\n        id\n        title\n        startsAt\n      }\n    }\n  }\n": typeof types.MyCommunitiesDocument,
    "\n  fragment CommunityDetails on Community {\n    id\n    name\n    slug\n    description\n    logoUrl\n    memberCount\n    viewerRole\n    visibility\n    joinPolicy\n    timeZone\n    currency\n    createdAt\n    brandColor\n    coverUrl\n    viewerCapabilities\n    pendingJoinRequests\n    agentBadgeCount\n    memberDirectory\n    joinQuestions {\n      id\n      kind\n      label\n      required\n      options\n    }\n  }\n": typeof types.CommunityDetailsFragmentDoc,
    "\n  query Community($id: ID!) {\n    community(id: $id) {\n      ...CommunityDetails\n    }\n  }\n": typeof types.CommunityDocument,
    "\n  query SlugAvailability($slug: String!) {\n    slugAvailability(slug: $slug) {\n      slug\n      available\n      reason\n    }\n  }\n": typeof types.SlugAvailabilityDocument,
    "\n  mutation CreateCommunity($input: CreateCommunityInput!) {\n    createCommunity(input: $input) {\n      ...CommunityDetails\n    }\n  }\n": typeof types.CreateCommunityDocument,
    "\n  fragment OverviewStatusFields on Query {\n    status: community(id: $communityId) {\n      id\n      pendingJoinRequests\n      heldSeats\n      invitedAnyone\n      canTakePayments\n      memberStats {\n        activeCount\n      }\n      paymentActivity {\n        failedLast30Days\n        anyTaken\n      }\n    }\n  }\n": typeof types.OverviewStatusFieldsFragmentDoc,
    "\n  query OverviewStatus($communityId: ID!) {\n    ...OverviewStatusFields\n  }\n": typeof types.OverviewStatusDocument,
    "\n  mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {\n    updateCommunity(id: $id, input: $input) {\n      ...CommunityDetails\n    }\n  }\n": typeof types.UpdateCommunityDocument,
    "\n  mutation DeleteCommunity($id: ID!, $confirmName: String!) {\n    deleteCommunity(id: $id, confirmName: $confirmName)\n  }\n": typeof types.DeleteCommunityDocument,
    "\n  fragment TicketOrderFields on TicketOrder {\n    id\n    eventId\n    status\n    ticketName\n    quantity\n    currency\n    totalMinor\n    expiresAt\n    checkoutUrl\n  }\n": typeof types.TicketOrderFieldsFragmentDoc,
    "\n  mutation StartCheckout($eventId: ID!, $input: StartCheckoutInput!) {\n    startCheckout(eventId: $eventId, input: $input) {\n      url\n      order {\n        ...TicketOrderFields\n      }\n    }\n  }\n": typeof types.StartCheckoutDocument,
    "\n  query TicketOrder($id: ID!) {\n    ticketOrder(id: $id) {\n      ...TicketOrderFields\n    }\n  }\n": typeof types.TicketOrderDocument,
    "\n  mutation CancelCheckout($orderId: ID!) {\n    cancelCheckout(orderId: $orderId) {\n      ...TicketOrderFields\n    }\n  }\n": typeof types.CancelCheckoutDocument,
    "\n  query EventPage($id: ID!) {\n    event(id: $id) {\n      ...EventWhenWhere\n      ...EventPublicFacts\n      viewerCanManage\n      cancelMessage\n      host {\n        id\n        name\n        slug\n        logoUrl\n        brandColor\n      }\n      ticketTypes {\n        id\n        name\n        priceMinor\n        memberPriceMinor\n        viewerPriceMinor\n        currency\n        quantity\n        remaining\n        maxPerOrder\n        salesStartAt\n        salesEndAt\n      }\n      questions {\n        ...EventQuestionFields\n      }\n      guests(first: 8) {\n        name\n        image\n      }\n      viewerRegistration {\n        ...RegistrationTicket\n      }\n    }\n  }\n": typeof types.EventPageDocument,
    "\n  mutation RegisterAsGuest($eventId: ID!, $input: GuestRegisterInput!) {\n    registerAsGuest(eventId: $eventId, input: $input) {\n      status\n      email\n    }\n  }\n": typeof types.RegisterAsGuestDocument,
    "\n  mutation ResendTicket($eventId: ID!, $email: String!) {\n    resendTicket(eventId: $eventId, email: $email)\n  }\n": typeof types.ResendTicketDocument,
    "\n  mutation RegisterForEvent($eventId: ID!, $input: RegisterInput!) {\n    register(eventId: $eventId, input: $input) {\n      id\n      status\n      checkInCode\n      waitlistPosition\n      ticketType {\n        id\n        name\n      }\n    }\n  }\n": typeof types.RegisterForEventDocument,
    "\n  query TicketQuote($eventId: ID!, $ticketTypeId: ID!, $quantity: Int!, $promoCode: String) {\n    ticketQuote(eventId: $eventId, ticketTypeId: $ticketTypeId, quantity: $quantity, promoCode: $promoCode) {\n      currency\n      subtotalMinor\n      discountMinor\n      totalMinor\n      promoCode\n      lines {\n        ticketTypeId\n        quantity\n        unitPriceMinor\n        listUnitPriceMinor\n        memberPrice\n        unitDiscountMinor\n      }\n    }\n  }\n": typeof types.TicketQuoteDocument,
    "\n  query RegistrationDigest($communityId: ID!) {\n    registrationDigest(communityId: $communityId)\n  }\n": typeof types.RegistrationDigestDocument,
    "\n  mutation SetRegistrationDigest($communityId: ID!, $enabled: Boolean!) {\n    setRegistrationDigest(communityId: $communityId, enabled: $enabled)\n  }\n": typeof types.SetRegistrationDigestDocument,
    "\n  query EventInsights($eventId: ID!) {\n    eventInsights(eventId: $eventId) {\n      eventId\n      timeZone\n      registrations\n      going\n      conversion\n      pageViews {\n        total\n        days {\n          day\n          views\n        }\n      }\n      sources {\n        origin\n        kind\n        ref\n        registrations\n        going\n      }\n      checkIns {\n        at\n        localTime\n        checkIns\n        total\n      }\n    }\n  }\n": typeof types.EventInsightsDocument,
    "\n  fragment SavedEvent on Event {\n    id\n    status\n    host {\n      id\n    }\n  }\n": typeof types.SavedEventFragmentDoc,
    "\n  mutation CreateEvent($communityId: ID!, $input: EventInput!, $publish: Boolean!) {\n    createEvent(communityId: $communityId, input: $input, publish: $publish) {\n      ...SavedEvent\n    }\n  }\n": typeof types.CreateEventDocument,
    "\n  mutation UpdateEvent($id: ID!, $input: EventInput!) {\n    updateEvent(id: $id, input: $input) {\n      ...SavedEvent\n    }\n  }\n": typeof types.UpdateEventDocument,
    "\n  mutation PublishEvent($id: ID!) {\n    publishEvent(id: $id) {\n      ...SavedEvent\n    }\n  }\n": typeof types.PublishEventDocument,
    "\n  mutation CancelEvent($id: ID!, $message: String) {\n    cancelEvent(id: $id, message: $message) {\n      ...SavedEvent\n    }\n  }\n": typeof types.CancelEventDocument,
    "\n  mutation DuplicateEvent($id: ID!) {\n    duplicateEvent(id: $id) {\n      ...SavedEvent\n    }\n  }\n": typeof types.DuplicateEventDocument,
    "\n  fragment EventListItem on Event {\n    id\n    title\n    startsAt\n    endsAt\n    timeZone\n    status\n    capacity\n    goingCount\n    waitlistCount\n    pendingCount\n  }\n": typeof types.EventListItemFragmentDoc,
    "\n  query CommunityEvents(\n    $communityId: ID!\n    $filter: EventListFilter!\n    $search: String\n    $first: Int\n    $after: String\n  ) {\n    events(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {\n      nodes {\n        ...EventListItem\n        visibility\n        checkedInCount\n        publicPath\n        attendanceForecast {\n          expected\n          low\n          high\n          going\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.CommunityEventsDocument,
    "\n  fragment OverviewEventsFields on Query {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 5) {\n      nodes {\n        ...EventListItem\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n    drafts: events(communityId: $communityId, filter: DRAFTS, first: 1) {\n      nodes {\n        id\n      }\n    }\n    past: events(communityId: $communityId, filter: PAST, first: 1) {\n      nodes {\n        id\n      }\n    }\n  }\n": typeof types.OverviewEventsFieldsFragmentDoc,
    "\n  query OverviewEvents($communityId: ID!) {\n    ...OverviewEventsFields\n  }\n": typeof types.OverviewEventsDocument,
    "\n  query EventDetail($id: ID!) {\n    event(id: $id) {\n      id\n      host {\n        id\n        name\n        slug\n      }\n      ...EventWhenWhere\n      ...EventPublicFacts\n      pendingCount\n      checkedInCount\n      heldCount\n      ticketTypes {\n        id\n        name\n        quantity\n        remaining\n        priceMinor\n        memberPriceMinor\n        maxPerOrder\n        salesStartAt\n        salesEndAt\n      }\n      questions {\n        ...EventQuestionFields\n      }\n      viewerCanManage\n      publicPath\n      publishedAt\n      canceledAt\n      cancelMessage\n    }\n  }\n": typeof types.EventDetailDocument,
    "\n  query EventRegistrations(\n    $eventId: ID!\n    $status: RegistrationStatus\n    $ticketTypeId: ID\n    $search: String\n    $first: Int\n    $after: String\n  ) {\n    eventRegistrations(\n      eventId: $eventId\n      status: $status\n      ticketTypeId: $ticketTypeId\n      search: $search\n      first: $first\n      after: $after\n    ) {\n      nodes {\n        id\n        status\n        person {\n          id\n          name\n          email\n          image\n        }\n        quantity\n        ticketType {\n          id\n          name\n        }\n        answers {\n          questionId\n          label\n          values\n        }\n        checkedInAt\n        waitlistPosition\n        holdExpiresAt\n        createdAt\n        payments {\n          id\n          method\n          status\n          currency\n          amountMinor\n          refundedMinor\n          payer {\n            name\n          }\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      totalCount\n    }\n  }\n": typeof types.EventRegistrationsDocument,
    "\n  query EventForecast($id: ID!, $risk: Float) {\n    event(id: $id) {\n      id\n      capacity\n      waitlistCount\n      attendanceForecast(risk: $risk) {\n        expected\n        low\n        high\n        going\n        basis\n        method\n        overbooking {\n          extraSeats\n          admitted\n          risk\n          probabilityOver\n        }\n      }\n    }\n  }\n": typeof types.EventForecastDocument,
    "\n  fragment RegistrationChange on Registration {\n    id\n    status\n    checkedInAt\n  }\n": typeof types.RegistrationChangeFragmentDoc,
    "\n  mutation ApproveRegistration($id: ID!) {\n    approveRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n": typeof types.ApproveRegistrationDocument,
    "\n  mutation DeclineRegistration($id: ID!) {\n    declineRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n": typeof types.DeclineRegistrationDocument,
    "\n  mutation MoveFromWaitlist($id: ID!) {\n    moveFromWaitlist(id: $id) {\n      ...RegistrationChange\n    }\n  }\n": typeof types.MoveFromWaitlistDocument,
    "\n  mutation ManagerCancelRegistration($id: ID!) {\n    cancelRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n": typeof types.ManagerCancelRegistrationDocument,
    "\n  mutation CheckIn($registrationId: ID!) {\n    checkIn(registrationId: $registrationId) {\n      ...RegistrationChange\n    }\n  }\n": typeof types.CheckInDocument,
    "\n  mutation UndoCheckIn($registrationId: ID!) {\n    undoCheckIn(registrationId: $registrationId) {\n      ...RegistrationChange\n    }\n  }\n": typeof types.UndoCheckInDocument,
    "\n  mutation CheckInByCode($eventId: ID!, $code: String!) {\n    checkInByCode(eventId: $eventId, code: $code) {\n      ...RegistrationChange\n      person {\n        id\n        name\n        email\n      }\n      ticketType {\n        id\n        name\n      }\n    }\n  }\n": typeof types.CheckInByCodeDocument,
    "\n  mutation MessageRegistrants($eventId: ID!, $input: MessageRegistrantsInput!) {\n    messageRegistrants(eventId: $eventId, input: $input)\n  }\n": typeof types.MessageRegistrantsDocument,
    "\n  query TicketPricing($communityId: ID!) {\n    community(id: $communityId) {\n      id\n      currency\n      canTakePayments\n      viewerCapabilities\n    }\n  }\n": typeof types.TicketPricingDocument,
    "\n  query CommunityInsights($communityId: ID!, $period: InsightsPeriodInput!) {\n    communityInsights(communityId: $communityId, period: $period) {\n      period {\n        from\n        to\n        previousFrom\n        previousTo\n        granularity\n        timeZone\n        preset\n      }\n      figures {\n        members {\n          value\n          previous\n        }\n        newMembers {\n          value\n          previous\n        }\n        membersLeft {\n          value\n          previous\n        }\n        activeMembers {\n          value\n          previous\n        }\n        eventsHeld {\n          value\n          previous\n        }\n        registrations {\n          value\n          previous\n        }\n        attendanceRate {\n          value\n          previous\n        }\n        noShowRate {\n          value\n          previous\n        }\n        revenue {\n          currency\n          netMinor\n          previousNetMinor\n        }\n      }\n      memberGrowth {\n        bucket\n        total\n        joined\n        left\n      }\n      activeMembers {\n        bucket\n        people\n      }\n      eventsHeld {\n        bucket\n        events\n        going\n        checkedIn\n        attendanceRate\n      }\n      sources {\n        origin\n        kind\n        ref\n        registrations\n        joins\n      }\n      revenue {\n        bucket\n        currency\n        ticketsMinor\n        membershipsMinor\n        otherMinor\n        refundsMinor\n      }\n      topEvents {\n        eventId\n        title\n        startsAt\n        registrations\n        going\n        checkedIn\n        attendanceRate\n        revenue {\n          currency\n          netMinor\n        }\n      }\n      cohorts {\n        cohort\n        members\n        retention\n      }\n    }\n  }\n": typeof types.CommunityInsightsDocument,
    "\n  query Announcements($communityId: ID!) {\n    announcements(communityId: $communityId) {\n      id\n      subject\n      audienceLabel\n      sentAt\n      sentByName\n      recipientCount\n      deliveredCount\n      failedCount\n    }\n  }\n": typeof types.AnnouncementsDocument,
    "\n  query AnnouncementAudienceCount($communityId: ID!, $audience: AnnouncementAudienceInput!) {\n    announcementAudienceCount(communityId: $communityId, audience: $audience)\n  }\n": typeof types.AnnouncementAudienceCountDocument,
    "\n  mutation SendAnnouncement($communityId: ID!, $input: SendAnnouncementInput!) {\n    sendAnnouncement(communityId: $communityId, input: $input) {\n      id\n      recipientCount\n    }\n  }\n": typeof types.SendAnnouncementDocument,
    "\n  query AnnouncementDrafts($communityId: ID!) {\n    announcementDrafts(communityId: $communityId) {\n      id\n      subject\n      body\n      fromAgent\n      createdAt\n    }\n  }\n": typeof types.AnnouncementDraftsDocument,
    "\n  mutation DeleteAnnouncementDraft($id: ID!) {\n    deleteAnnouncementDraft(id: $id)\n  }\n": typeof types.DeleteAnnouncementDraftDocument,
    "\n  mutation SetMemberRoles(\n    $communityId: ID!\n    $membershipIds: [ID!]\n    $filter: MemberFilter\n    $search: String\n    $role: CommunityRole!\n  ) {\n    setMemberRoles(\n      communityId: $communityId\n      membershipIds: $membershipIds\n      filter: $filter\n      search: $search\n      role: $role\n    ) {\n      matched\n      changed\n      skipped {\n        membershipId\n        reason\n      }\n    }\n  }\n": typeof types.SetMemberRolesDocument,
    "\n  query MemberImport($id: ID!) {\n    memberImport(id: $id) {\n      id\n      status\n      mode\n      role\n      totalRows\n      rowsDone\n      added\n      invited\n      skipped\n      rejected\n      error\n      createdAt\n      finishedAt\n      reportUrl\n      rejectedRows(first: 20) {\n        line\n        email\n        reason\n      }\n    }\n  }\n": typeof types.MemberImportDocument,
    "\n  query MemberImports($communityId: ID!) {\n    memberImports(communityId: $communityId) {\n      id\n      status\n      totalRows\n      rowsDone\n      createdAt\n    }\n  }\n": typeof types.MemberImportsDocument,
    "\n  mutation StartMemberImport($communityId: ID!, $input: MemberImportInput!) {\n    startMemberImport(communityId: $communityId, input: $input) {\n      id\n      status\n    }\n  }\n": typeof types.StartMemberImportDocument,
    "\n  query Members(\n    $communityId: ID!\n    $first: Int\n    $after: String\n    $search: String\n    $filter: MemberFilter\n    $sort: MemberSort\n  ) {\n    members(\n      communityId: $communityId\n      first: $first\n      after: $after\n      search: $search\n      filter: $filter\n      sort: $sort\n    ) {\n      totalCount\n      totalCountCapped\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        id\n        role\n        status\n        source\n        tags\n        joinedAt\n        eventsAttended\n        checkIns\n        lastActiveAt\n        planStatus\n        plan {\n          id\n          name\n        }\n        person {\n          id\n          name\n          email\n        }\n      }\n    }\n  }\n": typeof types.MembersDocument,
    "\n  query MemberTablePlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      id\n      name\n      archived\n    }\n  }\n": typeof types.MemberTablePlansDocument,
    "\n  query MemberSegments($communityId: ID!) {\n    memberSegments(communityId: $communityId) {\n      id\n      name\n      filter {\n        roles\n        statuses\n        sources\n        tags\n        joinedAfter\n        joinedBefore\n        lastActiveAfter\n        lastActiveBefore\n        eventsAttendedAtLeast\n        checkInsAtLeast\n        plans\n        planStatuses\n        noShowLastTime\n      }\n    }\n  }\n": typeof types.MemberSegmentsDocument,
    "\n  mutation SaveMemberSegment($communityId: ID!, $name: String!, $filter: MemberFilter!) {\n    saveMemberSegment(communityId: $communityId, name: $name, filter: $filter) {\n      id\n      name\n    }\n  }\n": typeof types.SaveMemberSegmentDocument,
    "\n  mutation DeleteMemberSegment($id: ID!) {\n    deleteMemberSegment(id: $id)\n  }\n": typeof types.DeleteMemberSegmentDocument,
    "\n  mutation TagMembers(\n    $communityId: ID!\n    $membershipIds: [ID!]\n    $filter: MemberFilter\n    $search: String\n    $add: [String!]\n    $remove: [String!]\n  ) {\n    tagMembers(\n      communityId: $communityId\n      membershipIds: $membershipIds\n      filter: $filter\n      search: $search\n      add: $add\n      remove: $remove\n    ) {\n      matched\n      changed\n    }\n  }\n": typeof types.TagMembersDocument,
    "\n  fragment MemberFiguresFields on Query {\n    community(id: $communityId) {\n      id\n      pendingJoinRequests\n      memberStats {\n        activeCount\n        peopleCount\n      }\n      insightsSummary {\n        newMembers\n      }\n      newestMembers(first: 5) {\n        id\n        joinedAt\n        person {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.MemberFiguresFieldsFragmentDoc,
    "\n  query MemberFigures($communityId: ID!) {\n    ...MemberFiguresFields\n  }\n": typeof types.MemberFiguresDocument,
    "\n  query JoinRequests($communityId: ID!, $first: Int, $after: String) {\n    joinRequests(communityId: $communityId, first: $first, after: $after) {\n      totalCount\n      endCursor\n      hasNextPage\n      nodes {\n        id\n        requestedAt\n        person {\n          id\n          name\n          email\n        }\n        answers {\n          questionId\n          question\n          values\n        }\n      }\n    }\n  }\n": typeof types.JoinRequestsDocument,
    "\n  query Invitations($communityId: ID!) {\n    invitations(communityId: $communityId) {\n      id\n      email\n      role\n      status\n      sentAt\n      expiresAt\n    }\n  }\n": typeof types.InvitationsDocument,
    "\n  query Member($id: ID!) {\n    member(id: $id) {\n      id\n      role\n      status\n      source\n      tags\n      joinedAt\n      lastActiveAt\n      eventsRegistered\n      eventsAttended\n      checkIns\n      person {\n        id\n        name\n        email\n      }\n      joinAnswers {\n        questionId\n        question\n        values\n      }\n      timeline(first: 20) {\n        type\n        occurredAt\n        summary\n        actorName\n      }\n    }\n  }\n": typeof types.MemberDocument,
    "\n  mutation InviteMembers($communityId: ID!, $emails: [String!]!, $role: CommunityRole!) {\n    inviteMembers(communityId: $communityId, emails: $emails, role: $role) {\n      email\n      result\n    }\n  }\n": typeof types.InviteMembersDocument,
    "\n  mutation ResendInvitation($id: ID!) {\n    resendInvitation(id: $id) {\n      id\n      sentAt\n      expiresAt\n    }\n  }\n": typeof types.ResendInvitationDocument,
    "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.RevokeInvitationDocument,
    "\n  mutation ApproveJoinRequest($id: ID!) {\n    approveJoinRequest(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.ApproveJoinRequestDocument,
    "\n  mutation DeclineJoinRequest($id: ID!, $message: String) {\n    declineJoinRequest(id: $id, message: $message)\n  }\n": typeof types.DeclineJoinRequestDocument,
    "\n  mutation SetMemberRole($membershipId: ID!, $role: CommunityRole!) {\n    setMemberRole(membershipId: $membershipId, role: $role) {\n      id\n      role\n    }\n  }\n": typeof types.SetMemberRoleDocument,
    "\n  mutation BanMember($membershipId: ID!, $cancelRegistrations: Boolean!) {\n    banMember(membershipId: $membershipId, cancelRegistrations: $cancelRegistrations) {\n      id\n      status\n    }\n  }\n": typeof types.BanMemberDocument,
    "\n  mutation RemoveMember($membershipId: ID!) {\n    removeMember(membershipId: $membershipId)\n  }\n": typeof types.RemoveMemberDocument,
    "\n  mutation TransferOwnership($communityId: ID!, $membershipId: ID!) {\n    transferOwnership(communityId: $communityId, membershipId: $membershipId) {\n      id\n      role\n    }\n  }\n": typeof types.TransferOwnershipDocument,
    "\n  fragment CommunityPageEventFields on CommunityPageEvent {\n    id\n    title\n    startsAt\n    endsAt\n    venueName\n    isOnline\n    coverUrl\n  }\n": typeof types.CommunityPageEventFieldsFragmentDoc,
    "\n  query CommunityPage($slug: String!) {\n    communityBySlug(slug: $slug) {\n      id\n      slug\n      name\n      logoUrl\n      coverUrl\n      brandColor\n      description\n      visibility\n      joinPolicy\n      timeZone\n      memberCount\n      pastEventCount\n      upcomingEvents {\n        ...CommunityPageEventFields\n      }\n      pastEvents(first: 3) {\n        nodes {\n          ...CommunityPageEventFields\n        }\n        hasNextPage\n        endCursor\n      }\n      memberFaces {\n        id\n        name\n        imageUrl\n      }\n      followable\n      viewerFollows\n      joinQuestions {\n        id\n        kind\n        label\n        required\n        options\n      }\n      viewerMembership {\n        id\n        role\n        status\n        planStatus\n        plan {\n          id\n          name\n        }\n      }\n      viewerSeesDirectory\n      plans {\n        id\n        name\n        description\n        priceMinor\n        currency\n        interval\n        membersOnlyEvents\n        memberPrices\n        approvalRequired\n      }\n    }\n  }\n": typeof types.CommunityPageDocument,
    "\n  mutation JoinCommunity($communityId: ID!, $answers: [AnswerInput!], $planId: ID, $origin: String) {\n    joinCommunity(communityId: $communityId, answers: $answers, planId: $planId, origin: $origin) {\n      id\n      role\n      status\n    }\n  }\n": typeof types.JoinCommunityDocument,
    "\n  mutation SubscribeToPlan($planId: ID!, $origin: String) {\n    subscribeToPlan(planId: $planId, origin: $origin) {\n      url\n    }\n  }\n": typeof types.SubscribeToPlanDocument,
    "\n  mutation LeaveCommunity($communityId: ID!) {\n    leaveCommunity(communityId: $communityId)\n  }\n": typeof types.LeaveCommunityDocument,
    "\n  query MyMemberships {\n    myCommunities {\n      id\n      name\n      slug\n      logoUrl\n      viewerRole\n      viewerAnnouncementEmails\n    }\n  }\n": typeof types.MyMembershipsDocument,
    "\n  mutation SetMyAnnouncementEmails($communityId: ID!, $subscribed: Boolean!) {\n    setMyAnnouncementEmails(communityId: $communityId, subscribed: $subscribed) {\n      communityId\n      subscribed\n    }\n  }\n": typeof types.SetMyAnnouncementEmailsDocument,
    "\n  query MemberDirectory($communityId: ID!, $first: Int, $after: String) {\n    memberDirectory(communityId: $communityId, first: $first, after: $after) {\n      totalCount\n      hasNextPage\n      endCursor\n      nodes {\n        id\n        name\n        role\n        joinedAt\n      }\n    }\n  }\n": typeof types.MemberDirectoryDocument,
    "\n  query MyJoinRequests {\n    myJoinRequests {\n      id\n      requestedAt\n      community {\n        id\n        name\n        slug\n        logoUrl\n      }\n    }\n  }\n": typeof types.MyJoinRequestsDocument,
    "\n  query MorePastEvents($slug: String!, $after: String) {\n    communityBySlug(slug: $slug) {\n      id\n      pastEvents(first: 12, after: $after) {\n        nodes {\n          ...CommunityPageEventFields\n        }\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": typeof types.MorePastEventsDocument,
    "\n  mutation FollowCommunity($communityId: ID!) {\n    followCommunity(communityId: $communityId)\n  }\n": typeof types.FollowCommunityDocument,
    "\n  mutation UnfollowCommunity($communityId: ID!) {\n    unfollowCommunity(communityId: $communityId)\n  }\n": typeof types.UnfollowCommunityDocument,
    "\n  query CommunityFollowByToken($token: String!) {\n    communityFollowByToken(token: $token) {\n      communityName\n      communitySlug\n      following\n    }\n  }\n": typeof types.CommunityFollowByTokenDocument,
    "\n  mutation UnfollowCommunityByToken($token: String!) {\n    unfollowCommunityByToken(token: $token) {\n      communityName\n      communitySlug\n      following\n    }\n  }\n": typeof types.UnfollowCommunityByTokenDocument,
    "\n  query InvitationPreview($token: String!) {\n    invitation(token: $token) {\n      email\n      role\n      status\n      expiresAt\n      community {\n        id\n        name\n        slug\n        logoUrl\n      }\n    }\n  }\n": typeof types.InvitationPreviewDocument,
    "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      communityId\n      role\n      status\n    }\n  }\n": typeof types.AcceptInvitationDocument,
    "\n  fragment BillingDetailsFields on BillingDetails {\n    communityId\n    legalName\n    address\n    taxNote\n    updatedAt\n  }\n": typeof types.BillingDetailsFieldsFragmentDoc,
    "\n  query BillingDetails($communityId: ID!) {\n    community(id: $communityId) {\n      id\n      name\n      billingDetails {\n        ...BillingDetailsFields\n      }\n    }\n  }\n": typeof types.BillingDetailsDocument,
    "\n  mutation UpdateBillingDetails($communityId: ID!, $input: BillingDetailsInput!) {\n    updateBillingDetails(communityId: $communityId, input: $input) {\n      ...BillingDetailsFields\n    }\n  }\n": typeof types.UpdateBillingDetailsDocument,
    "\n  query PayerPayments($communityId: ID!, $payerUserId: ID!, $first: Int, $after: String) {\n    payments(communityId: $communityId, filter: { payerUserId: $payerUserId }, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...PaymentRowFields\n      }\n    }\n  }\n": typeof types.PayerPaymentsDocument,
    "\n  query PayerPaymentTotals($communityId: ID!, $payerUserId: ID!) {\n    payerPaymentTotals(communityId: $communityId, payerUserId: $payerUserId) {\n      currency\n      grossMinor\n      refundsMinor\n      netMinor\n      payments\n    }\n  }\n": typeof types.PayerPaymentTotalsDocument,
    "\n  fragment PaymentConnectionFields on PaymentConnection {\n    communityId\n    status\n    mode\n    accountId\n    chargesEnabled\n    payoutsEnabled\n    detailsSubmitted\n    checkedAt\n  }\n": typeof types.PaymentConnectionFieldsFragmentDoc,
    "\n  query PaymentConnection($communityId: ID!) {\n    paymentConnection(communityId: $communityId) {\n      ...PaymentConnectionFields\n    }\n  }\n": typeof types.PaymentConnectionDocument,
    "\n  mutation RefreshPaymentConnection($communityId: ID!) {\n    refreshPaymentConnection(communityId: $communityId) {\n      ...PaymentConnectionFields\n    }\n  }\n": typeof types.RefreshPaymentConnectionDocument,
    "\n  mutation ConnectStripe($communityId: ID!, $returnPath: String!) {\n    connectStripe(communityId: $communityId, returnPath: $returnPath) {\n      url\n    }\n  }\n": typeof types.ConnectStripeDocument,
    "\n  mutation StripeDashboardLink($communityId: ID!) {\n    stripeDashboardLink(communityId: $communityId) {\n      url\n    }\n  }\n": typeof types.StripeDashboardLinkDocument,
    "\n  fragment PaymentRowFields on Payment {\n    id\n    createdAt\n    succeededAt\n    purpose\n    status\n    method\n    amountMinor\n    feeMinor\n    refundedMinor\n    netMinor\n    currency\n    note\n    payer {\n      userId\n      name\n      email\n    }\n    event {\n      id\n      title\n    }\n  }\n": typeof types.PaymentRowFieldsFragmentDoc,
    "\n  query Payments($communityId: ID!, $filter: PaymentFilter, $search: String, $first: Int, $after: String) {\n    payments(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {\n      totalCount\n      totalCountCapped\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...PaymentRowFields\n      }\n    }\n  }\n": typeof types.PaymentsDocument,
    "\n  query Payment($id: ID!) {\n    payment(id: $id) {\n      ...PaymentRowFields\n      providerRef\n      registrationId\n      registrationCancelable\n      refunds {\n        id\n        amountMinor\n        reason\n        createdAt\n      }\n    }\n  }\n": typeof types.PaymentDocument,
    "\n  query PaymentTotals($communityId: ID!, $from: DateTime!, $to: DateTime!) {\n    paymentTotals(communityId: $communityId, from: $from, to: $to) {\n      currency\n      grossMinor\n      refundsMinor\n      feesMinor\n      netMinor\n      payments\n      refunds\n    }\n  }\n": typeof types.PaymentTotalsDocument,
    "\n  query PaymentEvents($communityId: ID!) {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {\n      nodes {\n        id\n        title\n        startsAt\n      }\n    }\n    past: events(communityId: $communityId, filter: PAST, first: 100) {\n      nodes {\n        id\n        title\n        startsAt\n      }\n    }\n  }\n": typeof types.PaymentEventsDocument,
    "\n  query PaymentPlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      id\n      name\n      archived\n    }\n  }\n": typeof types.PaymentPlansDocument,
    "\n  fragment RevenueFields on Query {\n    revenueCommunity: community(id: $communityId) {\n      id\n      insightsSummary {\n        revenue {\n          currency\n          amountMinor: netMinor\n        }\n      }\n    }\n  }\n": typeof types.RevenueFieldsFragmentDoc,
    "\n  query Revenue($communityId: ID!) {\n    ...RevenueFields\n  }\n": typeof types.RevenueDocument,
    "\n  mutation RecordPayment($communityId: ID!, $input: RecordPaymentInput!) {\n    recordPayment(communityId: $communityId, input: $input) {\n      ...PaymentRowFields\n    }\n  }\n": typeof types.RecordPaymentDocument,
    "\n  mutation RefundPayment($id: ID!, $amountMinor: MinorUnits!, $reason: String!, $cancelRegistration: Boolean) {\n    refundPayment(id: $id, amountMinor: $amountMinor, reason: $reason, cancelRegistration: $cancelRegistration) {\n      ...PaymentRowFields\n    }\n  }\n": typeof types.RefundPaymentDocument,
    "\n  fragment PlanFields on MembershipPlan {\n    id\n    name\n    description\n    priceMinor\n    currency\n    interval\n    membersOnlyEvents\n    memberPrices\n    approvalRequired\n    archived\n    position\n  }\n": typeof types.PlanFieldsFragmentDoc,
    "\n  query MembershipPlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      ...PlanFields\n    }\n    community(id: $communityId) {\n      id\n      canTakePayments\n    }\n  }\n": typeof types.MembershipPlansDocument,
    "\n  mutation CreateMembershipPlan($communityId: ID!, $input: MembershipPlanInput!) {\n    createMembershipPlan(communityId: $communityId, input: $input) {\n      ...PlanFields\n    }\n  }\n": typeof types.CreateMembershipPlanDocument,
    "\n  mutation UpdateMembershipPlan($id: ID!, $input: MembershipPlanInput!) {\n    updateMembershipPlan(id: $id, input: $input) {\n      ...PlanFields\n    }\n  }\n": typeof types.UpdateMembershipPlanDocument,
    "\n  mutation ArchiveMembershipPlan($id: ID!) {\n    archiveMembershipPlan(id: $id) {\n      ...PlanFields\n    }\n  }\n": typeof types.ArchiveMembershipPlanDocument,
    "\n  query MyPlanMemberships {\n    myPlanMemberships {\n      membershipId\n      communityId\n      communityName\n      communitySlug\n      status\n      renewsAt\n      endsAt\n      canManageBilling\n      plan {\n        ...PlanFields\n      }\n    }\n  }\n": typeof types.MyPlanMembershipsDocument,
    "\n  mutation BillingPortalLink($communityId: ID!) {\n    billingPortalLink(communityId: $communityId) {\n      url\n    }\n  }\n": typeof types.BillingPortalLinkDocument,
    "\n  fragment PromoCodeFields on PromoCode {\n    id\n    code\n    eventId\n    eventTitle\n    ticketTypeId\n    ticketTypeName\n    percentOff\n    amountOffMinor\n    currency\n    maxUses\n    uses\n    startsAt\n    expiresAt\n    active\n    status\n  }\n": typeof types.PromoCodeFieldsFragmentDoc,
    "\n  query PromoCodes($communityId: ID!, $eventId: ID, $first: Int, $after: String) {\n    promoCodes(communityId: $communityId, eventId: $eventId, first: $first, after: $after) {\n      nodes {\n        ...PromoCodeFields\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": typeof types.PromoCodesDocument,
    "\n  mutation CreatePromoCode($communityId: ID!, $eventId: ID, $input: PromoCodeInput!) {\n    createPromoCode(communityId: $communityId, eventId: $eventId, input: $input) {\n      ...PromoCodeFields\n    }\n  }\n": typeof types.CreatePromoCodeDocument,
    "\n  mutation DeactivatePromoCode($id: ID!) {\n    deactivatePromoCode(id: $id) {\n      ...PromoCodeFields\n    }\n  }\n": typeof types.DeactivatePromoCodeDocument,
    "\n  mutation UpdatePromoCode($id: ID!, $eventId: ID, $input: PromoCodeInput!) {\n    updatePromoCode(id: $id, eventId: $eventId, input: $input) {\n      ...PromoCodeFields\n    }\n  }\n": typeof types.UpdatePromoCodeDocument,
    "\n  mutation ReactivatePromoCode($id: ID!) {\n    reactivatePromoCode(id: $id) {\n      ...PromoCodeFields\n    }\n  }\n": typeof types.ReactivatePromoCodeDocument,
    "\n  query PromoCodeEvents($communityId: ID!) {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {\n      nodes {\n        id\n        title\n        ticketTypes {\n          id\n          name\n        }\n      }\n    }\n    drafts: events(communityId: $communityId, filter: DRAFTS, first: 100) {\n      nodes {\n        id\n        title\n        ticketTypes {\n          id\n          name\n        }\n      }\n    }\n  }\n": typeof types.PromoCodeEventsDocument,
    "\n  query ManagedRegistration($token: String!) {\n    managedRegistration(token: $token) {\n      ...ManagedRegistrationFields\n    }\n  }\n  fragment ManagedRegistrationFields on ManagedRegistration {\n    id\n    status\n    name\n    email\n    checkInCode\n    checkedInAt\n    waitlistPosition\n    quantity\n    holdExpiresAt\n    ticketTypeName\n    onlineUrl\n    canCancel\n    event {\n      ...EventWhenWhere\n      status\n      host {\n        id\n        name\n      }\n    }\n  }\n": typeof types.ManagedRegistrationDocument,
    "\n  mutation CancelManagedRegistration($token: String!) {\n    cancelManagedRegistration(token: $token) {\n      ...ManagedRegistrationFields\n    }\n  }\n": typeof types.CancelManagedRegistrationDocument,
    "\n  mutation PayForOffer($token: String!) {\n    payForOffer(token: $token) {\n      url\n    }\n  }\n": typeof types.PayForOfferDocument,
    "\n  query MyRegistrations($when: RegistrationTimeFilter!, $first: Int, $after: String) {\n    myRegistrations(when: $when, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...RegistrationTicket\n        event {\n          id\n          title\n          startsAt\n          endsAt\n          timeZone\n          venueName\n          hasOnlineLink\n          status\n          host {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": typeof types.MyRegistrationsDocument,
    "\n  mutation CancelMyRegistration($id: ID!) {\n    cancelRegistration(id: $id) {\n      id\n      status\n    }\n  }\n": typeof types.CancelMyRegistrationDocument,
    "\n  fragment EventWhenWhere on Event {\n    id\n    title\n    description\n    startsAt\n    endsAt\n    timeZone\n    venueName\n    venueAddress\n  }\n": typeof types.EventWhenWhereFragmentDoc,
    "\n  fragment EventQuestionFields on RegistrationQuestion {\n    id\n    kind\n    label\n    required\n    options\n  }\n": typeof types.EventQuestionFieldsFragmentDoc,
    "\n  fragment EventPublicFacts on Event {\n    hasOnlineLink\n    onlineUrl\n    coverUrl\n    status\n    visibility\n    capacity\n    spotsLeft\n    waitlistEnabled\n    waitlistOfferHours\n    approvalRequired\n    requireVerifiedEmail\n    guestListVisible\n    goingCount\n    waitlistCount\n  }\n": typeof types.EventPublicFactsFragmentDoc,
    "\n  fragment RegistrationTicket on Registration {\n    id\n    status\n    checkInCode\n    checkedInAt\n    waitlistPosition\n    ticketType {\n      id\n      name\n    }\n  }\n": typeof types.RegistrationTicketFragmentDoc,
    "\n  query OverviewPage($communityId: ID!) {\n    ...OverviewEventsFields\n    ...MemberFiguresFields\n    ...RevenueFields\n    ...OverviewStatusFields\n  }\n": typeof types.OverviewPageDocument,
};
const documents: Documents = {
    "\n  query AgentRuns($agentId: ID, $communityId: ID, $filter: AgentRunFilter, $first: Int, $after: String) {\n    agentRuns(agentId: $agentId, communityId: $communityId, filter: $filter, first: $first, after: $after) {\n      totalCount\n      endCursor\n      hasNextPage\n      nodes {\n        id\n        status\n        triggerSummary\n        messagesSent\n        createdAt\n        finishedAt\n        durationMs\n        undoneAt\n        undoable\n        error\n        subject {\n          id\n          name\n        }\n        event {\n          id\n          title\n        }\n        agent {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.AgentRunsDocument,
    "\n  query AgentRun($id: ID!) {\n    agentRun(id: $id) {\n      id\n      status\n      trigger\n      triggerSummary\n      error\n      attempts\n      messagesSent\n      modelTokens\n      modelCostMicros\n      createdAt\n      startedAt\n      finishedAt\n      durationMs\n      undoneAt\n      undoable\n      subject {\n        id\n        name\n      }\n      event {\n        id\n        title\n      }\n      agent {\n        id\n        name\n      }\n      steps {\n        id\n        index\n        kind\n        summary\n        reason\n        input\n        output\n        status\n        reversible\n        error\n        attempts\n        startedAt\n        finishedAt\n        undoneAt\n      }\n    }\n  }\n": types.AgentRunDocument,
    "\n  mutation UndoAgentRun($id: ID!) {\n    undoAgentRun(id: $id) {\n      id\n      undoneAt\n      undoable\n    }\n  }\n": types.UndoAgentRunDocument,
    "\n  mutation UndoAgentActionsSince($input: UndoAgentActionsSinceInput!) {\n    undoAgentActionsSince(input: $input) {\n      runs\n      undoneSteps\n      irreversibleSteps\n      runsInProgress\n    }\n  }\n": types.UndoAgentActionsSinceDocument,
    "\n  query AgentApprovals($communityId: ID!) {\n    agentApprovals(communityId: $communityId) {\n      id\n      reason\n      status\n      createdAt\n      agent {\n        id\n        name\n      }\n      run {\n        id\n        triggerSummary\n        subject {\n          id\n          name\n        }\n        event {\n          id\n          title\n        }\n      }\n      step {\n        id\n        kind\n        summary\n      }\n    }\n  }\n": types.AgentApprovalsDocument,
    "\n  mutation DecideAgentApprovals($input: DecideAgentApprovalsInput!) {\n    decideAgentApprovals(input: $input) {\n      id\n      status\n    }\n  }\n": types.DecideAgentApprovalsDocument,
    "\n  mutation DryRunAgent($input: DryRunAgentInput!) {\n    dryRunAgent(input: $input) {\n      id\n      from\n      to\n      createdAt\n      runs\n      totals {\n        triggers\n        acting\n        messages\n        tagChanges\n        decisions\n        stoppedByLimit\n      }\n    }\n  }\n": types.DryRunAgentDocument,
    "\n  query AgentRunReplay($id: ID!) {\n    agentRun(id: $id) {\n      id\n      replay\n    }\n  }\n": types.AgentRunReplayDocument,
    "\n  fragment AgentSummary on Agent {\n    id\n    communityId\n    name\n    template\n    description\n    status\n    pausedReason\n    approvalMode\n    lastRunAt\n    runCount\n    pendingApprovalCount\n    messagesToday\n    enabledAt\n  }\n": types.AgentSummaryFragmentDoc,
    "\n  query Agents($communityId: ID!) {\n    agents(communityId: $communityId) {\n      ...AgentSummary\n    }\n  }\n": types.AgentsDocument,
    "\n  query Agent($id: ID!) {\n    agent(id: $id) {\n      ...AgentSummary\n      definition\n      webhookSecret\n      updatedAt\n    }\n  }\n": types.AgentDocument,
    "\n  query AgentTemplates {\n    agentTemplates {\n      key\n      name\n      summary\n      definition\n      usesModel\n    }\n  }\n": types.AgentTemplatesDocument,
    "\n  query AgentSettings($communityId: ID!) {\n    agentSettings(communityId: $communityId) {\n      modelConfigured\n      modelBudgetMicros\n      modelSpentMicros\n    }\n  }\n": types.AgentSettingsDocument,
    "\n  query AgentNotices($communityId: ID!) {\n    agentNotices(communityId: $communityId) {\n      id\n      message\n      createdAt\n      read\n      agent {\n        id\n        name\n      }\n    }\n  }\n": types.AgentNoticesDocument,
    "\n  query AgentSegments($communityId: ID!) {\n    memberSegments(communityId: $communityId) {\n      id\n      name\n    }\n  }\n": types.AgentSegmentsDocument,
    "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      ...AgentSummary\n      definition\n      webhookSecret\n    }\n  }\n": types.CreateAgentDocument,
    "\n  mutation UpdateAgent($input: UpdateAgentInput!) {\n    updateAgent(input: $input) {\n      ...AgentSummary\n      definition\n      webhookSecret\n    }\n  }\n": types.UpdateAgentDocument,
    "\n  mutation DeleteAgent($id: ID!) {\n    deleteAgent(id: $id)\n  }\n": types.DeleteAgentDocument,
    "\n  mutation SetAgentEnabled($id: ID!, $enabled: Boolean!) {\n    setAgentEnabled(id: $id, enabled: $enabled) {\n      ...AgentSummary\n    }\n  }\n": types.SetAgentEnabledDocument,
    "\n  mutation UpdateAgentSettings($input: UpdateAgentSettingsInput!) {\n    updateAgentSettings(input: $input) {\n      modelConfigured\n      modelBudgetMicros\n      modelSpentMicros\n    }\n  }\n": types.UpdateAgentSettingsDocument,
    "\n  mutation MarkAgentNoticesRead($communityId: ID!) {\n    markAgentNoticesRead(communityId: $communityId)\n  }\n": types.MarkAgentNoticesReadDocument,
    "\n  query AnnouncementSubscription($token: String!) {\n    announcementSubscription(token: $token) {\n      communityId\n      communityName\n      subscribed\n    }\n  }\n": types.AnnouncementSubscriptionDocument,
    "\n  mutation SetAnnouncementSubscription($token: String!, $subscribed: Boolean!) {\n    setAnnouncementSubscription(token: $token, subscribed: $subscribed) {\n      communityId\n      communityName\n      subscribed\n    }\n  }\n": types.SetAnnouncementSubscriptionDocument,
    "\n  query MyCommunities {\n    myCommunities {\n      id\n      name\n      slug\n      description\n      logoUrl\n      brandColor\n      memberCount\n      viewerRole\n      viewerCapabilities\n      visibility\n      pendingJoinRequests\n      timeZone\n      nextEvent {\n        id\n        title\n        startsAt\n      }\n    }\n  }\n": types.MyCommunitiesDocument,
    "\n  fragment CommunityDetails on Community {\n    id\n    name\n    slug\n    description\n    logoUrl\n    memberCount\n    viewerRole\n    visibility\n    joinPolicy\n    timeZone\n    currency\n    createdAt\n    brandColor\n    coverUrl\n    viewerCapabilities\n    pendingJoinRequests\n    agentBadgeCount\n    memberDirectory\n    joinQuestions {\n      id\n      kind\n      label\n      required\n      options\n    }\n  }\n": types.CommunityDetailsFragmentDoc,
    "\n  query Community($id: ID!) {\n    community(id: $id) {\n      ...CommunityDetails\n    }\n  }\n": types.CommunityDocument,
    "\n  query SlugAvailability($slug: String!) {\n    slugAvailability(slug: $slug) {\n      slug\n      available\n      reason\n    }\n  }\n": types.SlugAvailabilityDocument,
    "\n  mutation CreateCommunity($input: CreateCommunityInput!) {\n    createCommunity(input: $input) {\n      ...CommunityDetails\n    }\n  }\n": types.CreateCommunityDocument,
    "\n  fragment OverviewStatusFields on Query {\n    status: community(id: $communityId) {\n      id\n      pendingJoinRequests\n      heldSeats\n      invitedAnyone\n      canTakePayments\n      memberStats {\n        activeCount\n      }\n      paymentActivity {\n        failedLast30Days\n        anyTaken\n      }\n    }\n  }\n": types.OverviewStatusFieldsFragmentDoc,
    "\n  query OverviewStatus($communityId: ID!) {\n    ...OverviewStatusFields\n  }\n": types.OverviewStatusDocument,
    "\n  mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {\n    updateCommunity(id: $id, input: $input) {\n      ...CommunityDetails\n    }\n  }\n": types.UpdateCommunityDocument,
    "\n  mutation DeleteCommunity($id: ID!, $confirmName: String!) {\n    deleteCommunity(id: $id, confirmName: $confirmName)\n  }\n": types.DeleteCommunityDocument,
    "\n  fragment TicketOrderFields on TicketOrder {\n    id\n    eventId\n    status\n    ticketName\n    quantity\n    currency\n    totalMinor\n    expiresAt\n    checkoutUrl\n  }\n": types.TicketOrderFieldsFragmentDoc,
    "\n  mutation StartCheckout($eventId: ID!, $input: StartCheckoutInput!) {\n    startCheckout(eventId: $eventId, input: $input) {\n      url\n      order {\n        ...TicketOrderFields\n      }\n    }\n  }\n": types.StartCheckoutDocument,
    "\n  query TicketOrder($id: ID!) {\n    ticketOrder(id: $id) {\n      ...TicketOrderFields\n    }\n  }\n": types.TicketOrderDocument,
    "\n  mutation CancelCheckout($orderId: ID!) {\n    cancelCheckout(orderId: $orderId) {\n      ...TicketOrderFields\n    }\n  }\n": types.CancelCheckoutDocument,
    "\n  query EventPage($id: ID!) {\n    event(id: $id) {\n      ...EventWhenWhere\n      ...EventPublicFacts\n      viewerCanManage\n      cancelMessage\n      host {\n        id\n        name\n        slug\n        logoUrl\n        brandColor\n      }\n      ticketTypes {\n        id\n        name\n        priceMinor\n        memberPriceMinor\n        viewerPriceMinor\n        currency\n        quantity\n        remaining\n        maxPerOrder\n        salesStartAt\n        salesEndAt\n      }\n      questions {\n        ...EventQuestionFields\n      }\n      guests(first: 8) {\n        name\n        image\n      }\n      viewerRegistration {\n        ...RegistrationTicket\n      }\n    }\n  }\n": types.EventPageDocument,
    "\n  mutation RegisterAsGuest($eventId: ID!, $input: GuestRegisterInput!) {\n    registerAsGuest(eventId: $eventId, input: $input) {\n      status\n      email\n    }\n  }\n": types.RegisterAsGuestDocument,
    "\n  mutation ResendTicket($eventId: ID!, $email: String!) {\n    resendTicket(eventId: $eventId, email: $email)\n  }\n": types.ResendTicketDocument,
    "\n  mutation RegisterForEvent($eventId: ID!, $input: RegisterInput!) {\n    register(eventId: $eventId, input: $input) {\n      id\n      status\n      checkInCode\n      waitlistPosition\n      ticketType {\n        id\n        name\n      }\n    }\n  }\n": types.RegisterForEventDocument,
    "\n  query TicketQuote($eventId: ID!, $ticketTypeId: ID!, $quantity: Int!, $promoCode: String) {\n    ticketQuote(eventId: $eventId, ticketTypeId: $ticketTypeId, quantity: $quantity, promoCode: $promoCode) {\n      currency\n      subtotalMinor\n      discountMinor\n      totalMinor\n      promoCode\n      lines {\n        ticketTypeId\n        quantity\n        unitPriceMinor\n        listUnitPriceMinor\n        memberPrice\n        unitDiscountMinor\n      }\n    }\n  }\n": types.TicketQuoteDocument,
    "\n  query RegistrationDigest($communityId: ID!) {\n    registrationDigest(communityId: $communityId)\n  }\n": types.RegistrationDigestDocument,
    "\n  mutation SetRegistrationDigest($communityId: ID!, $enabled: Boolean!) {\n    setRegistrationDigest(communityId: $communityId, enabled: $enabled)\n  }\n": types.SetRegistrationDigestDocument,
    "\n  query EventInsights($eventId: ID!) {\n    eventInsights(eventId: $eventId) {\n      eventId\n      timeZone\n      registrations\n      going\n      conversion\n      pageViews {\n        total\n        days {\n          day\n          views\n        }\n      }\n      sources {\n        origin\n        kind\n        ref\n        registrations\n        going\n      }\n      checkIns {\n        at\n        localTime\n        checkIns\n        total\n      }\n    }\n  }\n": types.EventInsightsDocument,
    "\n  fragment SavedEvent on Event {\n    id\n    status\n    host {\n      id\n    }\n  }\n": types.SavedEventFragmentDoc,
    "\n  mutation CreateEvent($communityId: ID!, $input: EventInput!, $publish: Boolean!) {\n    createEvent(communityId: $communityId, input: $input, publish: $publish) {\n      ...SavedEvent\n    }\n  }\n": types.CreateEventDocument,
    "\n  mutation UpdateEvent($id: ID!, $input: EventInput!) {\n    updateEvent(id: $id, input: $input) {\n      ...SavedEvent\n    }\n  }\n": types.UpdateEventDocument,
    "\n  mutation PublishEvent($id: ID!) {\n    publishEvent(id: $id) {\n      ...SavedEvent\n    }\n  }\n": types.PublishEventDocument,
    "\n  mutation CancelEvent($id: ID!, $message: String) {\n    cancelEvent(id: $id, message: $message) {\n      ...SavedEvent\n    }\n  }\n": types.CancelEventDocument,
    "\n  mutation DuplicateEvent($id: ID!) {\n    duplicateEvent(id: $id) {\n      ...SavedEvent\n    }\n  }\n": types.DuplicateEventDocument,
    "\n  fragment EventListItem on Event {\n    id\n    title\n    startsAt\n    endsAt\n    timeZone\n    status\n    capacity\n    goingCount\n    waitlistCount\n    pendingCount\n  }\n": types.EventListItemFragmentDoc,
    "\n  query CommunityEvents(\n    $communityId: ID!\n    $filter: EventListFilter!\n    $search: String\n    $first: Int\n    $after: String\n  ) {\n    events(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {\n      nodes {\n        ...EventListItem\n        visibility\n        checkedInCount\n        publicPath\n        attendanceForecast {\n          expected\n          low\n          high\n          going\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.CommunityEventsDocument,
    "\n  fragment OverviewEventsFields on Query {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 5) {\n      nodes {\n        ...EventListItem\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n    drafts: events(communityId: $communityId, filter: DRAFTS, first: 1) {\n      nodes {\n        id\n      }\n    }\n    past: events(communityId: $communityId, filter: PAST, first: 1) {\n      nodes {\n        id\n      }\n    }\n  }\n": types.OverviewEventsFieldsFragmentDoc,
    "\n  query OverviewEvents($communityId: ID!) {\n    ...OverviewEventsFields\n  }\n": types.OverviewEventsDocument,
    "\n  query EventDetail($id: ID!) {\n    event(id: $id) {\n      id\n      host {\n        id\n        name\n        slug\n      }\n      ...EventWhenWhere\n      ...EventPublicFacts\n      pendingCount\n      checkedInCount\n      heldCount\n      ticketTypes {\n        id\n        name\n        quantity\n        remaining\n        priceMinor\n        memberPriceMinor\n        maxPerOrder\n        salesStartAt\n        salesEndAt\n      }\n      questions {\n        ...EventQuestionFields\n      }\n      viewerCanManage\n      publicPath\n      publishedAt\n      canceledAt\n      cancelMessage\n    }\n  }\n": types.EventDetailDocument,
    "\n  query EventRegistrations(\n    $eventId: ID!\n    $status: RegistrationStatus\n    $ticketTypeId: ID\n    $search: String\n    $first: Int\n    $after: String\n  ) {\n    eventRegistrations(\n      eventId: $eventId\n      status: $status\n      ticketTypeId: $ticketTypeId\n      search: $search\n      first: $first\n      after: $after\n    ) {\n      nodes {\n        id\n        status\n        person {\n          id\n          name\n          email\n          image\n        }\n        quantity\n        ticketType {\n          id\n          name\n        }\n        answers {\n          questionId\n          label\n          values\n        }\n        checkedInAt\n        waitlistPosition\n        holdExpiresAt\n        createdAt\n        payments {\n          id\n          method\n          status\n          currency\n          amountMinor\n          refundedMinor\n          payer {\n            name\n          }\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      totalCount\n    }\n  }\n": types.EventRegistrationsDocument,
    "\n  query EventForecast($id: ID!, $risk: Float) {\n    event(id: $id) {\n      id\n      capacity\n      waitlistCount\n      attendanceForecast(risk: $risk) {\n        expected\n        low\n        high\n        going\n        basis\n        method\n        overbooking {\n          extraSeats\n          admitted\n          risk\n          probabilityOver\n        }\n      }\n    }\n  }\n": types.EventForecastDocument,
    "\n  fragment RegistrationChange on Registration {\n    id\n    status\n    checkedInAt\n  }\n": types.RegistrationChangeFragmentDoc,
    "\n  mutation ApproveRegistration($id: ID!) {\n    approveRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n": types.ApproveRegistrationDocument,
    "\n  mutation DeclineRegistration($id: ID!) {\n    declineRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n": types.DeclineRegistrationDocument,
    "\n  mutation MoveFromWaitlist($id: ID!) {\n    moveFromWaitlist(id: $id) {\n      ...RegistrationChange\n    }\n  }\n": types.MoveFromWaitlistDocument,
    "\n  mutation ManagerCancelRegistration($id: ID!) {\n    cancelRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n": types.ManagerCancelRegistrationDocument,
    "\n  mutation CheckIn($registrationId: ID!) {\n    checkIn(registrationId: $registrationId) {\n      ...RegistrationChange\n    }\n  }\n": types.CheckInDocument,
    "\n  mutation UndoCheckIn($registrationId: ID!) {\n    undoCheckIn(registrationId: $registrationId) {\n      ...RegistrationChange\n    }\n  }\n": types.UndoCheckInDocument,
    "\n  mutation CheckInByCode($eventId: ID!, $code: String!) {\n    checkInByCode(eventId: $eventId, code: $code) {\n      ...RegistrationChange\n      person {\n        id\n        name\n        email\n      }\n      ticketType {\n        id\n        name\n      }\n    }\n  }\n": types.CheckInByCodeDocument,
    "\n  mutation MessageRegistrants($eventId: ID!, $input: MessageRegistrantsInput!) {\n    messageRegistrants(eventId: $eventId, input: $input)\n  }\n": types.MessageRegistrantsDocument,
    "\n  query TicketPricing($communityId: ID!) {\n    community(id: $communityId) {\n      id\n      currency\n      canTakePayments\n      viewerCapabilities\n    }\n  }\n": types.TicketPricingDocument,
    "\n  query CommunityInsights($communityId: ID!, $period: InsightsPeriodInput!) {\n    communityInsights(communityId: $communityId, period: $period) {\n      period {\n        from\n        to\n        previousFrom\n        previousTo\n        granularity\n        timeZone\n        preset\n      }\n      figures {\n        members {\n          value\n          previous\n        }\n        newMembers {\n          value\n          previous\n        }\n        membersLeft {\n          value\n          previous\n        }\n        activeMembers {\n          value\n          previous\n        }\n        eventsHeld {\n          value\n          previous\n        }\n        registrations {\n          value\n          previous\n        }\n        attendanceRate {\n          value\n          previous\n        }\n        noShowRate {\n          value\n          previous\n        }\n        revenue {\n          currency\n          netMinor\n          previousNetMinor\n        }\n      }\n      memberGrowth {\n        bucket\n        total\n        joined\n        left\n      }\n      activeMembers {\n        bucket\n        people\n      }\n      eventsHeld {\n        bucket\n        events\n        going\n        checkedIn\n        attendanceRate\n      }\n      sources {\n        origin\n        kind\n        ref\n        registrations\n        joins\n      }\n      revenue {\n        bucket\n        currency\n        ticketsMinor\n        membershipsMinor\n        otherMinor\n        refundsMinor\n      }\n      topEvents {\n        eventId\n        title\n        startsAt\n        registrations\n        going\n        checkedIn\n        attendanceRate\n        revenue {\n          currency\n          netMinor\n        }\n      }\n      cohorts {\n        cohort\n        members\n        retention\n      }\n    }\n  }\n": types.CommunityInsightsDocument,
    "\n  query Announcements($communityId: ID!) {\n    announcements(communityId: $communityId) {\n      id\n      subject\n      audienceLabel\n      sentAt\n      sentByName\n      recipientCount\n      deliveredCount\n      failedCount\n    }\n  }\n": types.AnnouncementsDocument,
    "\n  query AnnouncementAudienceCount($communityId: ID!, $audience: AnnouncementAudienceInput!) {\n    announcementAudienceCount(communityId: $communityId, audience: $audience)\n  }\n": types.AnnouncementAudienceCountDocument,
    "\n  mutation SendAnnouncement($communityId: ID!, $input: SendAnnouncementInput!) {\n    sendAnnouncement(communityId: $communityId, input: $input) {\n      id\n      recipientCount\n    }\n  }\n": types.SendAnnouncementDocument,
    "\n  query AnnouncementDrafts($communityId: ID!) {\n    announcementDrafts(communityId: $communityId) {\n      id\n      subject\n      body\n      fromAgent\n      createdAt\n    }\n  }\n": types.AnnouncementDraftsDocument,
    "\n  mutation DeleteAnnouncementDraft($id: ID!) {\n    deleteAnnouncementDraft(id: $id)\n  }\n": types.DeleteAnnouncementDraftDocument,
    "\n  mutation SetMemberRoles(\n    $communityId: ID!\n    $membershipIds: [ID!]\n    $filter: MemberFilter\n    $search: String\n    $role: CommunityRole!\n  ) {\n    setMemberRoles(\n      communityId: $communityId\n      membershipIds: $membershipIds\n      filter: $filter\n      search: $search\n      role: $role\n    ) {\n      matched\n      changed\n      skipped {\n        membershipId\n        reason\n      }\n    }\n  }\n": types.SetMemberRolesDocument,
    "\n  query MemberImport($id: ID!) {\n    memberImport(id: $id) {\n      id\n      status\n      mode\n      role\n      totalRows\n      rowsDone\n      added\n      invited\n      skipped\n      rejected\n      error\n      createdAt\n      finishedAt\n      reportUrl\n      rejectedRows(first: 20) {\n        line\n        email\n        reason\n      }\n    }\n  }\n": types.MemberImportDocument,
    "\n  query MemberImports($communityId: ID!) {\n    memberImports(communityId: $communityId) {\n      id\n      status\n      totalRows\n      rowsDone\n      createdAt\n    }\n  }\n": types.MemberImportsDocument,
    "\n  mutation StartMemberImport($communityId: ID!, $input: MemberImportInput!) {\n    startMemberImport(communityId: $communityId, input: $input) {\n      id\n      status\n    }\n  }\n": types.StartMemberImportDocument,
    "\n  query Members(\n    $communityId: ID!\n    $first: Int\n    $after: String\n    $search: String\n    $filter: MemberFilter\n    $sort: MemberSort\n  ) {\n    members(\n      communityId: $communityId\n      first: $first\n      after: $after\n      search: $search\n      filter: $filter\n      sort: $sort\n    ) {\n      totalCount\n      totalCountCapped\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        id\n        role\n        status\n        source\n        tags\n        joinedAt\n        eventsAttended\n        checkIns\n        lastActiveAt\n        planStatus\n        plan {\n          id\n          name\n        }\n        person {\n          id\n          name\n          email\n        }\n      }\n    }\n  }\n": types.MembersDocument,
    "\n  query MemberTablePlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      id\n      name\n      archived\n    }\n  }\n": types.MemberTablePlansDocument,
    "\n  query MemberSegments($communityId: ID!) {\n    memberSegments(communityId: $communityId) {\n      id\n      name\n      filter {\n        roles\n        statuses\n        sources\n        tags\n        joinedAfter\n        joinedBefore\n        lastActiveAfter\n        lastActiveBefore\n        eventsAttendedAtLeast\n        checkInsAtLeast\n        plans\n        planStatuses\n        noShowLastTime\n      }\n    }\n  }\n": types.MemberSegmentsDocument,
    "\n  mutation SaveMemberSegment($communityId: ID!, $name: String!, $filter: MemberFilter!) {\n    saveMemberSegment(communityId: $communityId, name: $name, filter: $filter) {\n      id\n      name\n    }\n  }\n": types.SaveMemberSegmentDocument,
    "\n  mutation DeleteMemberSegment($id: ID!) {\n    deleteMemberSegment(id: $id)\n  }\n": types.DeleteMemberSegmentDocument,
    "\n  mutation TagMembers(\n    $communityId: ID!\n    $membershipIds: [ID!]\n    $filter: MemberFilter\n    $search: String\n    $add: [String!]\n    $remove: [String!]\n  ) {\n    tagMembers(\n      communityId: $communityId\n      membershipIds: $membershipIds\n      filter: $filter\n      search: $search\n      add: $add\n      remove: $remove\n    ) {\n      matched\n      changed\n    }\n  }\n": types.TagMembersDocument,
    "\n  fragment MemberFiguresFields on Query {\n    community(id: $communityId) {\n      id\n      pendingJoinRequests\n      memberStats {\n        activeCount\n        peopleCount\n      }\n      insightsSummary {\n        newMembers\n      }\n      newestMembers(first: 5) {\n        id\n        joinedAt\n        person {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.MemberFiguresFieldsFragmentDoc,
    "\n  query MemberFigures($communityId: ID!) {\n    ...MemberFiguresFields\n  }\n": types.MemberFiguresDocument,
    "\n  query JoinRequests($communityId: ID!, $first: Int, $after: String) {\n    joinRequests(communityId: $communityId, first: $first, after: $after) {\n      totalCount\n      endCursor\n      hasNextPage\n      nodes {\n        id\n        requestedAt\n        person {\n          id\n          name\n          email\n        }\n        answers {\n          questionId\n          question\n          values\n        }\n      }\n    }\n  }\n": types.JoinRequestsDocument,
    "\n  query Invitations($communityId: ID!) {\n    invitations(communityId: $communityId) {\n      id\n      email\n      role\n      status\n      sentAt\n      expiresAt\n    }\n  }\n": types.InvitationsDocument,
    "\n  query Member($id: ID!) {\n    member(id: $id) {\n      id\n      role\n      status\n      source\n      tags\n      joinedAt\n      lastActiveAt\n      eventsRegistered\n      eventsAttended\n      checkIns\n      person {\n        id\n        name\n        email\n      }\n      joinAnswers {\n        questionId\n        question\n        values\n      }\n      timeline(first: 20) {\n        type\n        occurredAt\n        summary\n        actorName\n      }\n    }\n  }\n": types.MemberDocument,
    "\n  mutation InviteMembers($communityId: ID!, $emails: [String!]!, $role: CommunityRole!) {\n    inviteMembers(communityId: $communityId, emails: $emails, role: $role) {\n      email\n      result\n    }\n  }\n": types.InviteMembersDocument,
    "\n  mutation ResendInvitation($id: ID!) {\n    resendInvitation(id: $id) {\n      id\n      sentAt\n      expiresAt\n    }\n  }\n": types.ResendInvitationDocument,
    "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id) {\n      id\n      status\n    }\n  }\n": types.RevokeInvitationDocument,
    "\n  mutation ApproveJoinRequest($id: ID!) {\n    approveJoinRequest(id: $id) {\n      id\n      status\n    }\n  }\n": types.ApproveJoinRequestDocument,
    "\n  mutation DeclineJoinRequest($id: ID!, $message: String) {\n    declineJoinRequest(id: $id, message: $message)\n  }\n": types.DeclineJoinRequestDocument,
    "\n  mutation SetMemberRole($membershipId: ID!, $role: CommunityRole!) {\n    setMemberRole(membershipId: $membershipId, role: $role) {\n      id\n      role\n    }\n  }\n": types.SetMemberRoleDocument,
    "\n  mutation BanMember($membershipId: ID!, $cancelRegistrations: Boolean!) {\n    banMember(membershipId: $membershipId, cancelRegistrations: $cancelRegistrations) {\n      id\n      status\n    }\n  }\n": types.BanMemberDocument,
    "\n  mutation RemoveMember($membershipId: ID!) {\n    removeMember(membershipId: $membershipId)\n  }\n": types.RemoveMemberDocument,
    "\n  mutation TransferOwnership($communityId: ID!, $membershipId: ID!) {\n    transferOwnership(communityId: $communityId, membershipId: $membershipId) {\n      id\n      role\n    }\n  }\n": types.TransferOwnershipDocument,
    "\n  fragment CommunityPageEventFields on CommunityPageEvent {\n    id\n    title\n    startsAt\n    endsAt\n    venueName\n    isOnline\n    coverUrl\n  }\n": types.CommunityPageEventFieldsFragmentDoc,
    "\n  query CommunityPage($slug: String!) {\n    communityBySlug(slug: $slug) {\n      id\n      slug\n      name\n      logoUrl\n      coverUrl\n      brandColor\n      description\n      visibility\n      joinPolicy\n      timeZone\n      memberCount\n      pastEventCount\n      upcomingEvents {\n        ...CommunityPageEventFields\n      }\n      pastEvents(first: 3) {\n        nodes {\n          ...CommunityPageEventFields\n        }\n        hasNextPage\n        endCursor\n      }\n      memberFaces {\n        id\n        name\n        imageUrl\n      }\n      followable\n      viewerFollows\n      joinQuestions {\n        id\n        kind\n        label\n        required\n        options\n      }\n      viewerMembership {\n        id\n        role\n        status\n        planStatus\n        plan {\n          id\n          name\n        }\n      }\n      viewerSeesDirectory\n      plans {\n        id\n        name\n        description\n        priceMinor\n        currency\n        interval\n        membersOnlyEvents\n        memberPrices\n        approvalRequired\n      }\n    }\n  }\n": types.CommunityPageDocument,
    "\n  mutation JoinCommunity($communityId: ID!, $answers: [AnswerInput!], $planId: ID, $origin: String) {\n    joinCommunity(communityId: $communityId, answers: $answers, planId: $planId, origin: $origin) {\n      id\n      role\n      status\n    }\n  }\n": types.JoinCommunityDocument,
    "\n  mutation SubscribeToPlan($planId: ID!, $origin: String) {\n    subscribeToPlan(planId: $planId, origin: $origin) {\n      url\n    }\n  }\n": types.SubscribeToPlanDocument,
    "\n  mutation LeaveCommunity($communityId: ID!) {\n    leaveCommunity(communityId: $communityId)\n  }\n": types.LeaveCommunityDocument,
    "\n  query MyMemberships {\n    myCommunities {\n      id\n      name\n      slug\n      logoUrl\n      viewerRole\n      viewerAnnouncementEmails\n    }\n  }\n": types.MyMembershipsDocument,
    "\n  mutation SetMyAnnouncementEmails($communityId: ID!, $subscribed: Boolean!) {\n    setMyAnnouncementEmails(communityId: $communityId, subscribed: $subscribed) {\n      communityId\n      subscribed\n    }\n  }\n": types.SetMyAnnouncementEmailsDocument,
    "\n  query MemberDirectory($communityId: ID!, $first: Int, $after: String) {\n    memberDirectory(communityId: $communityId, first: $first, after: $after) {\n      totalCount\n      hasNextPage\n      endCursor\n      nodes {\n        id\n        name\n        role\n        joinedAt\n      }\n    }\n  }\n": types.MemberDirectoryDocument,
    "\n  query MyJoinRequests {\n    myJoinRequests {\n      id\n      requestedAt\n      community {\n        id\n        name\n        slug\n        logoUrl\n      }\n    }\n  }\n": types.MyJoinRequestsDocument,
    "\n  query MorePastEvents($slug: String!, $after: String) {\n    communityBySlug(slug: $slug) {\n      id\n      pastEvents(first: 12, after: $after) {\n        nodes {\n          ...CommunityPageEventFields\n        }\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n": types.MorePastEventsDocument,
    "\n  mutation FollowCommunity($communityId: ID!) {\n    followCommunity(communityId: $communityId)\n  }\n": types.FollowCommunityDocument,
    "\n  mutation UnfollowCommunity($communityId: ID!) {\n    unfollowCommunity(communityId: $communityId)\n  }\n": types.UnfollowCommunityDocument,
    "\n  query CommunityFollowByToken($token: String!) {\n    communityFollowByToken(token: $token) {\n      communityName\n      communitySlug\n      following\n    }\n  }\n": types.CommunityFollowByTokenDocument,
    "\n  mutation UnfollowCommunityByToken($token: String!) {\n    unfollowCommunityByToken(token: $token) {\n      communityName\n      communitySlug\n      following\n    }\n  }\n": types.UnfollowCommunityByTokenDocument,
    "\n  query InvitationPreview($token: String!) {\n    invitation(token: $token) {\n      email\n      role\n      status\n      expiresAt\n      community {\n        id\n        name\n        slug\n        logoUrl\n      }\n    }\n  }\n": types.InvitationPreviewDocument,
    "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      communityId\n      role\n      status\n    }\n  }\n": types.AcceptInvitationDocument,
    "\n  fragment BillingDetailsFields on BillingDetails {\n    communityId\n    legalName\n    address\n    taxNote\n    updatedAt\n  }\n": types.BillingDetailsFieldsFragmentDoc,
    "\n  query BillingDetails($communityId: ID!) {\n    community(id: $communityId) {\n      id\n      name\n      billingDetails {\n        ...BillingDetailsFields\n      }\n    }\n  }\n": types.BillingDetailsDocument,
    "\n  mutation UpdateBillingDetails($communityId: ID!, $input: BillingDetailsInput!) {\n    updateBillingDetails(communityId: $communityId, input: $input) {\n      ...BillingDetailsFields\n    }\n  }\n": types.UpdateBillingDetailsDocument,
    "\n  query PayerPayments($communityId: ID!, $payerUserId: ID!, $first: Int, $after: String) {\n    payments(communityId: $communityId, filter: { payerUserId: $payerUserId }, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...PaymentRowFields\n      }\n    }\n  }\n": types.PayerPaymentsDocument,
    "\n  query PayerPaymentTotals($communityId: ID!, $payerUserId: ID!) {\n    payerPaymentTotals(communityId: $communityId, payerUserId: $payerUserId) {\n      currency\n      grossMinor\n      refundsMinor\n      netMinor\n      payments\n    }\n  }\n": types.PayerPaymentTotalsDocument,
    "\n  fragment PaymentConnectionFields on PaymentConnection {\n    communityId\n    status\n    mode\n    accountId\n    chargesEnabled\n    payoutsEnabled\n    detailsSubmitted\n    checkedAt\n  }\n": types.PaymentConnectionFieldsFragmentDoc,
    "\n  query PaymentConnection($communityId: ID!) {\n    paymentConnection(communityId: $communityId) {\n      ...PaymentConnectionFields\n    }\n  }\n": types.PaymentConnectionDocument,
    "\n  mutation RefreshPaymentConnection($communityId: ID!) {\n    refreshPaymentConnection(communityId: $communityId) {\n      ...PaymentConnectionFields\n    }\n  }\n": types.RefreshPaymentConnectionDocument,
    "\n  mutation ConnectStripe($communityId: ID!, $returnPath: String!) {\n    connectStripe(communityId: $communityId, returnPath: $returnPath) {\n      url\n    }\n  }\n": types.ConnectStripeDocument,
    "\n  mutation StripeDashboardLink($communityId: ID!) {\n    stripeDashboardLink(communityId: $communityId) {\n      url\n    }\n  }\n": types.StripeDashboardLinkDocument,
    "\n  fragment PaymentRowFields on Payment {\n    id\n    createdAt\n    succeededAt\n    purpose\n    status\n    method\n    amountMinor\n    feeMinor\n    refundedMinor\n    netMinor\n    currency\n    note\n    payer {\n      userId\n      name\n      email\n    }\n    event {\n      id\n      title\n    }\n  }\n": types.PaymentRowFieldsFragmentDoc,
    "\n  query Payments($communityId: ID!, $filter: PaymentFilter, $search: String, $first: Int, $after: String) {\n    payments(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {\n      totalCount\n      totalCountCapped\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...PaymentRowFields\n      }\n    }\n  }\n": types.PaymentsDocument,
    "\n  query Payment($id: ID!) {\n    payment(id: $id) {\n      ...PaymentRowFields\n      providerRef\n      registrationId\n      registrationCancelable\n      refunds {\n        id\n        amountMinor\n        reason\n        createdAt\n      }\n    }\n  }\n": types.PaymentDocument,
    "\n  query PaymentTotals($communityId: ID!, $from: DateTime!, $to: DateTime!) {\n    paymentTotals(communityId: $communityId, from: $from, to: $to) {\n      currency\n      grossMinor\n      refundsMinor\n      feesMinor\n      netMinor\n      payments\n      refunds\n    }\n  }\n": types.PaymentTotalsDocument,
    "\n  query PaymentEvents($communityId: ID!) {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {\n      nodes {\n        id\n        title\n        startsAt\n      }\n    }\n    past: events(communityId: $communityId, filter: PAST, first: 100) {\n      nodes {\n        id\n        title\n        startsAt\n      }\n    }\n  }\n": types.PaymentEventsDocument,
    "\n  query PaymentPlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      id\n      name\n      archived\n    }\n  }\n": types.PaymentPlansDocument,
    "\n  fragment RevenueFields on Query {\n    revenueCommunity: community(id: $communityId) {\n      id\n      insightsSummary {\n        revenue {\n          currency\n          amountMinor: netMinor\n        }\n      }\n    }\n  }\n": types.RevenueFieldsFragmentDoc,
    "\n  query Revenue($communityId: ID!) {\n    ...RevenueFields\n  }\n": types.RevenueDocument,
    "\n  mutation RecordPayment($communityId: ID!, $input: RecordPaymentInput!) {\n    recordPayment(communityId: $communityId, input: $input) {\n      ...PaymentRowFields\n    }\n  }\n": types.RecordPaymentDocument,
    "\n  mutation RefundPayment($id: ID!, $amountMinor: MinorUnits!, $reason: String!, $cancelRegistration: Boolean) {\n    refundPayment(id: $id, amountMinor: $amountMinor, reason: $reason, cancelRegistration: $cancelRegistration) {\n      ...PaymentRowFields\n    }\n  }\n": types.RefundPaymentDocument,
    "\n  fragment PlanFields on MembershipPlan {\n    id\n    name\n    description\n    priceMinor\n    currency\n    interval\n    membersOnlyEvents\n    memberPrices\n    approvalRequired\n    archived\n    position\n  }\n": types.PlanFieldsFragmentDoc,
    "\n  query MembershipPlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      ...PlanFields\n    }\n    community(id: $communityId) {\n      id\n      canTakePayments\n    }\n  }\n": types.MembershipPlansDocument,
    "\n  mutation CreateMembershipPlan($communityId: ID!, $input: MembershipPlanInput!) {\n    createMembershipPlan(communityId: $communityId, input: $input) {\n      ...PlanFields\n    }\n  }\n": types.CreateMembershipPlanDocument,
    "\n  mutation UpdateMembershipPlan($id: ID!, $input: MembershipPlanInput!) {\n    updateMembershipPlan(id: $id, input: $input) {\n      ...PlanFields\n    }\n  }\n": types.UpdateMembershipPlanDocument,
    "\n  mutation ArchiveMembershipPlan($id: ID!) {\n    archiveMembershipPlan(id: $id) {\n      ...PlanFields\n    }\n  }\n": types.ArchiveMembershipPlanDocument,
    "\n  query MyPlanMemberships {\n    myPlanMemberships {\n      membershipId\n      communityId\n      communityName\n      communitySlug\n      status\n      renewsAt\n      endsAt\n      canManageBilling\n      plan {\n        ...PlanFields\n      }\n    }\n  }\n": types.MyPlanMembershipsDocument,
    "\n  mutation BillingPortalLink($communityId: ID!) {\n    billingPortalLink(communityId: $communityId) {\n      url\n    }\n  }\n": types.BillingPortalLinkDocument,
    "\n  fragment PromoCodeFields on PromoCode {\n    id\n    code\n    eventId\n    eventTitle\n    ticketTypeId\n    ticketTypeName\n    percentOff\n    amountOffMinor\n    currency\n    maxUses\n    uses\n    startsAt\n    expiresAt\n    active\n    status\n  }\n": types.PromoCodeFieldsFragmentDoc,
    "\n  query PromoCodes($communityId: ID!, $eventId: ID, $first: Int, $after: String) {\n    promoCodes(communityId: $communityId, eventId: $eventId, first: $first, after: $after) {\n      nodes {\n        ...PromoCodeFields\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n": types.PromoCodesDocument,
    "\n  mutation CreatePromoCode($communityId: ID!, $eventId: ID, $input: PromoCodeInput!) {\n    createPromoCode(communityId: $communityId, eventId: $eventId, input: $input) {\n      ...PromoCodeFields\n    }\n  }\n": types.CreatePromoCodeDocument,
    "\n  mutation DeactivatePromoCode($id: ID!) {\n    deactivatePromoCode(id: $id) {\n      ...PromoCodeFields\n    }\n  }\n": types.DeactivatePromoCodeDocument,
    "\n  mutation UpdatePromoCode($id: ID!, $eventId: ID, $input: PromoCodeInput!) {\n    updatePromoCode(id: $id, eventId: $eventId, input: $input) {\n      ...PromoCodeFields\n    }\n  }\n": types.UpdatePromoCodeDocument,
    "\n  mutation ReactivatePromoCode($id: ID!) {\n    reactivatePromoCode(id: $id) {\n      ...PromoCodeFields\n    }\n  }\n": types.ReactivatePromoCodeDocument,
    "\n  query PromoCodeEvents($communityId: ID!) {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {\n      nodes {\n        id\n        title\n        ticketTypes {\n          id\n          name\n        }\n      }\n    }\n    drafts: events(communityId: $communityId, filter: DRAFTS, first: 100) {\n      nodes {\n        id\n        title\n        ticketTypes {\n          id\n          name\n        }\n      }\n    }\n  }\n": types.PromoCodeEventsDocument,
    "\n  query ManagedRegistration($token: String!) {\n    managedRegistration(token: $token) {\n      ...ManagedRegistrationFields\n    }\n  }\n  fragment ManagedRegistrationFields on ManagedRegistration {\n    id\n    status\n    name\n    email\n    checkInCode\n    checkedInAt\n    waitlistPosition\n    quantity\n    holdExpiresAt\n    ticketTypeName\n    onlineUrl\n    canCancel\n    event {\n      ...EventWhenWhere\n      status\n      host {\n        id\n        name\n      }\n    }\n  }\n": types.ManagedRegistrationDocument,
    "\n  mutation CancelManagedRegistration($token: String!) {\n    cancelManagedRegistration(token: $token) {\n      ...ManagedRegistrationFields\n    }\n  }\n": types.CancelManagedRegistrationDocument,
    "\n  mutation PayForOffer($token: String!) {\n    payForOffer(token: $token) {\n      url\n    }\n  }\n": types.PayForOfferDocument,
    "\n  query MyRegistrations($when: RegistrationTimeFilter!, $first: Int, $after: String) {\n    myRegistrations(when: $when, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...RegistrationTicket\n        event {\n          id\n          title\n          startsAt\n          endsAt\n          timeZone\n          venueName\n          hasOnlineLink\n          status\n          host {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n": types.MyRegistrationsDocument,
    "\n  mutation CancelMyRegistration($id: ID!) {\n    cancelRegistration(id: $id) {\n      id\n      status\n    }\n  }\n": types.CancelMyRegistrationDocument,
    "\n  fragment EventWhenWhere on Event {\n    id\n    title\n    description\n    startsAt\n    endsAt\n    timeZone\n    venueName\n    venueAddress\n  }\n": types.EventWhenWhereFragmentDoc,
    "\n  fragment EventQuestionFields on RegistrationQuestion {\n    id\n    kind\n    label\n    required\n    options\n  }\n": types.EventQuestionFieldsFragmentDoc,
    "\n  fragment EventPublicFacts on Event {\n    hasOnlineLink\n    onlineUrl\n    coverUrl\n    status\n    visibility\n    capacity\n    spotsLeft\n    waitlistEnabled\n    waitlistOfferHours\n    approvalRequired\n    requireVerifiedEmail\n    guestListVisible\n    goingCount\n    waitlistCount\n  }\n": types.EventPublicFactsFragmentDoc,
    "\n  fragment RegistrationTicket on Registration {\n    id\n    status\n    checkInCode\n    checkedInAt\n    waitlistPosition\n    ticketType {\n      id\n      name\n    }\n  }\n": types.RegistrationTicketFragmentDoc,
    "\n  query OverviewPage($communityId: ID!) {\n    ...OverviewEventsFields\n    ...MemberFiguresFields\n    ...RevenueFields\n    ...OverviewStatusFields\n  }\n": types.OverviewPageDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentRuns($agentId: ID, $communityId: ID, $filter: AgentRunFilter, $first: Int, $after: String) {\n    agentRuns(agentId: $agentId, communityId: $communityId, filter: $filter, first: $first, after: $after) {\n      totalCount\n      endCursor\n      hasNextPage\n      nodes {\n        id\n        status\n        triggerSummary\n        messagesSent\n        createdAt\n        finishedAt\n        durationMs\n        undoneAt\n        undoable\n        error\n        subject {\n          id\n          name\n        }\n        event {\n          id\n          title\n        }\n        agent {\n          id\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').AgentRunsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentRun($id: ID!) {\n    agentRun(id: $id) {\n      id\n      status\n      trigger\n      triggerSummary\n      error\n      attempts\n      messagesSent\n      modelTokens\n      modelCostMicros\n      createdAt\n      startedAt\n      finishedAt\n      durationMs\n      undoneAt\n      undoable\n      subject {\n        id\n        name\n      }\n      event {\n        id\n        title\n      }\n      agent {\n        id\n        name\n      }\n      steps {\n        id\n        index\n        kind\n        summary\n        reason\n        input\n        output\n        status\n        reversible\n        error\n        attempts\n        startedAt\n        finishedAt\n        undoneAt\n      }\n    }\n  }\n"): typeof import('./graphql').AgentRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoAgentRun($id: ID!) {\n    undoAgentRun(id: $id) {\n      id\n      undoneAt\n      undoable\n    }\n  }\n"): typeof import('./graphql').UndoAgentRunDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoAgentActionsSince($input: UndoAgentActionsSinceInput!) {\n    undoAgentActionsSince(input: $input) {\n      runs\n      undoneSteps\n      irreversibleSteps\n      runsInProgress\n    }\n  }\n"): typeof import('./graphql').UndoAgentActionsSinceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentApprovals($communityId: ID!) {\n    agentApprovals(communityId: $communityId) {\n      id\n      reason\n      status\n      createdAt\n      agent {\n        id\n        name\n      }\n      run {\n        id\n        triggerSummary\n        subject {\n          id\n          name\n        }\n        event {\n          id\n          title\n        }\n      }\n      step {\n        id\n        kind\n        summary\n      }\n    }\n  }\n"): typeof import('./graphql').AgentApprovalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DecideAgentApprovals($input: DecideAgentApprovalsInput!) {\n    decideAgentApprovals(input: $input) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').DecideAgentApprovalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DryRunAgent($input: DryRunAgentInput!) {\n    dryRunAgent(input: $input) {\n      id\n      from\n      to\n      createdAt\n      runs\n      totals {\n        triggers\n        acting\n        messages\n        tagChanges\n        decisions\n        stoppedByLimit\n      }\n    }\n  }\n"): typeof import('./graphql').DryRunAgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentRunReplay($id: ID!) {\n    agentRun(id: $id) {\n      id\n      replay\n    }\n  }\n"): typeof import('./graphql').AgentRunReplayDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AgentSummary on Agent {\n    id\n    communityId\n    name\n    template\n    description\n    status\n    pausedReason\n    approvalMode\n    lastRunAt\n    runCount\n    pendingApprovalCount\n    messagesToday\n    enabledAt\n  }\n"): typeof import('./graphql').AgentSummaryFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Agents($communityId: ID!) {\n    agents(communityId: $communityId) {\n      ...AgentSummary\n    }\n  }\n"): typeof import('./graphql').AgentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Agent($id: ID!) {\n    agent(id: $id) {\n      ...AgentSummary\n      definition\n      webhookSecret\n      updatedAt\n    }\n  }\n"): typeof import('./graphql').AgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentTemplates {\n    agentTemplates {\n      key\n      name\n      summary\n      definition\n      usesModel\n    }\n  }\n"): typeof import('./graphql').AgentTemplatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentSettings($communityId: ID!) {\n    agentSettings(communityId: $communityId) {\n      modelConfigured\n      modelBudgetMicros\n      modelSpentMicros\n    }\n  }\n"): typeof import('./graphql').AgentSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentNotices($communityId: ID!) {\n    agentNotices(communityId: $communityId) {\n      id\n      message\n      createdAt\n      read\n      agent {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').AgentNoticesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AgentSegments($communityId: ID!) {\n    memberSegments(communityId: $communityId) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').AgentSegmentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateAgent($input: CreateAgentInput!) {\n    createAgent(input: $input) {\n      ...AgentSummary\n      definition\n      webhookSecret\n    }\n  }\n"): typeof import('./graphql').CreateAgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAgent($input: UpdateAgentInput!) {\n    updateAgent(input: $input) {\n      ...AgentSummary\n      definition\n      webhookSecret\n    }\n  }\n"): typeof import('./graphql').UpdateAgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAgent($id: ID!) {\n    deleteAgent(id: $id)\n  }\n"): typeof import('./graphql').DeleteAgentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAgentEnabled($id: ID!, $enabled: Boolean!) {\n    setAgentEnabled(id: $id, enabled: $enabled) {\n      ...AgentSummary\n    }\n  }\n"): typeof import('./graphql').SetAgentEnabledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAgentSettings($input: UpdateAgentSettingsInput!) {\n    updateAgentSettings(input: $input) {\n      modelConfigured\n      modelBudgetMicros\n      modelSpentMicros\n    }\n  }\n"): typeof import('./graphql').UpdateAgentSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MarkAgentNoticesRead($communityId: ID!) {\n    markAgentNoticesRead(communityId: $communityId)\n  }\n"): typeof import('./graphql').MarkAgentNoticesReadDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AnnouncementSubscription($token: String!) {\n    announcementSubscription(token: $token) {\n      communityId\n      communityName\n      subscribed\n    }\n  }\n"): typeof import('./graphql').AnnouncementSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetAnnouncementSubscription($token: String!, $subscribed: Boolean!) {\n    setAnnouncementSubscription(token: $token, subscribed: $subscribed) {\n      communityId\n      communityName\n      subscribed\n    }\n  }\n"): typeof import('./graphql').SetAnnouncementSubscriptionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyCommunities {\n    myCommunities {\n      id\n      name\n      slug\n      description\n      logoUrl\n      brandColor\n      memberCount\n      viewerRole\n      viewerCapabilities\n      visibility\n      pendingJoinRequests\n      timeZone\n      nextEvent {\n        id\n        title\n        startsAt\n      }\n    }\n  }\n"): typeof import('./graphql').MyCommunitiesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CommunityDetails on Community {\n    id\n    name\n    slug\n    description\n    logoUrl\n    memberCount\n    viewerRole\n    visibility\n    joinPolicy\n    timeZone\n    currency\n    createdAt\n    brandColor\n    coverUrl\n    viewerCapabilities\n    pendingJoinRequests\n    agentBadgeCount\n    memberDirectory\n    joinQuestions {\n      id\n      kind\n      label\n      required\n      options\n    }\n  }\n"): typeof import('./graphql').CommunityDetailsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Community($id: ID!) {\n    community(id: $id) {\n      ...CommunityDetails\n    }\n  }\n"): typeof import('./graphql').CommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SlugAvailability($slug: String!) {\n    slugAvailability(slug: $slug) {\n      slug\n      available\n      reason\n    }\n  }\n"): typeof import('./graphql').SlugAvailabilityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateCommunity($input: CreateCommunityInput!) {\n    createCommunity(input: $input) {\n      ...CommunityDetails\n    }\n  }\n"): typeof import('./graphql').CreateCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OverviewStatusFields on Query {\n    status: community(id: $communityId) {\n      id\n      pendingJoinRequests\n      heldSeats\n      invitedAnyone\n      canTakePayments\n      memberStats {\n        activeCount\n      }\n      paymentActivity {\n        failedLast30Days\n        anyTaken\n      }\n    }\n  }\n"): typeof import('./graphql').OverviewStatusFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OverviewStatus($communityId: ID!) {\n    ...OverviewStatusFields\n  }\n"): typeof import('./graphql').OverviewStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateCommunity($id: ID!, $input: UpdateCommunityInput!) {\n    updateCommunity(id: $id, input: $input) {\n      ...CommunityDetails\n    }\n  }\n"): typeof import('./graphql').UpdateCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCommunity($id: ID!, $confirmName: String!) {\n    deleteCommunity(id: $id, confirmName: $confirmName)\n  }\n"): typeof import('./graphql').DeleteCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment TicketOrderFields on TicketOrder {\n    id\n    eventId\n    status\n    ticketName\n    quantity\n    currency\n    totalMinor\n    expiresAt\n    checkoutUrl\n  }\n"): typeof import('./graphql').TicketOrderFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartCheckout($eventId: ID!, $input: StartCheckoutInput!) {\n    startCheckout(eventId: $eventId, input: $input) {\n      url\n      order {\n        ...TicketOrderFields\n      }\n    }\n  }\n"): typeof import('./graphql').StartCheckoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketOrder($id: ID!) {\n    ticketOrder(id: $id) {\n      ...TicketOrderFields\n    }\n  }\n"): typeof import('./graphql').TicketOrderDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelCheckout($orderId: ID!) {\n    cancelCheckout(orderId: $orderId) {\n      ...TicketOrderFields\n    }\n  }\n"): typeof import('./graphql').CancelCheckoutDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventPage($id: ID!) {\n    event(id: $id) {\n      ...EventWhenWhere\n      ...EventPublicFacts\n      viewerCanManage\n      cancelMessage\n      host {\n        id\n        name\n        slug\n        logoUrl\n        brandColor\n      }\n      ticketTypes {\n        id\n        name\n        priceMinor\n        memberPriceMinor\n        viewerPriceMinor\n        currency\n        quantity\n        remaining\n        maxPerOrder\n        salesStartAt\n        salesEndAt\n      }\n      questions {\n        ...EventQuestionFields\n      }\n      guests(first: 8) {\n        name\n        image\n      }\n      viewerRegistration {\n        ...RegistrationTicket\n      }\n    }\n  }\n"): typeof import('./graphql').EventPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterAsGuest($eventId: ID!, $input: GuestRegisterInput!) {\n    registerAsGuest(eventId: $eventId, input: $input) {\n      status\n      email\n    }\n  }\n"): typeof import('./graphql').RegisterAsGuestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendTicket($eventId: ID!, $email: String!) {\n    resendTicket(eventId: $eventId, email: $email)\n  }\n"): typeof import('./graphql').ResendTicketDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RegisterForEvent($eventId: ID!, $input: RegisterInput!) {\n    register(eventId: $eventId, input: $input) {\n      id\n      status\n      checkInCode\n      waitlistPosition\n      ticketType {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').RegisterForEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketQuote($eventId: ID!, $ticketTypeId: ID!, $quantity: Int!, $promoCode: String) {\n    ticketQuote(eventId: $eventId, ticketTypeId: $ticketTypeId, quantity: $quantity, promoCode: $promoCode) {\n      currency\n      subtotalMinor\n      discountMinor\n      totalMinor\n      promoCode\n      lines {\n        ticketTypeId\n        quantity\n        unitPriceMinor\n        listUnitPriceMinor\n        memberPrice\n        unitDiscountMinor\n      }\n    }\n  }\n"): typeof import('./graphql').TicketQuoteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query RegistrationDigest($communityId: ID!) {\n    registrationDigest(communityId: $communityId)\n  }\n"): typeof import('./graphql').RegistrationDigestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetRegistrationDigest($communityId: ID!, $enabled: Boolean!) {\n    setRegistrationDigest(communityId: $communityId, enabled: $enabled)\n  }\n"): typeof import('./graphql').SetRegistrationDigestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventInsights($eventId: ID!) {\n    eventInsights(eventId: $eventId) {\n      eventId\n      timeZone\n      registrations\n      going\n      conversion\n      pageViews {\n        total\n        days {\n          day\n          views\n        }\n      }\n      sources {\n        origin\n        kind\n        ref\n        registrations\n        going\n      }\n      checkIns {\n        at\n        localTime\n        checkIns\n        total\n      }\n    }\n  }\n"): typeof import('./graphql').EventInsightsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SavedEvent on Event {\n    id\n    status\n    host {\n      id\n    }\n  }\n"): typeof import('./graphql').SavedEventFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateEvent($communityId: ID!, $input: EventInput!, $publish: Boolean!) {\n    createEvent(communityId: $communityId, input: $input, publish: $publish) {\n      ...SavedEvent\n    }\n  }\n"): typeof import('./graphql').CreateEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateEvent($id: ID!, $input: EventInput!) {\n    updateEvent(id: $id, input: $input) {\n      ...SavedEvent\n    }\n  }\n"): typeof import('./graphql').UpdateEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PublishEvent($id: ID!) {\n    publishEvent(id: $id) {\n      ...SavedEvent\n    }\n  }\n"): typeof import('./graphql').PublishEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelEvent($id: ID!, $message: String) {\n    cancelEvent(id: $id, message: $message) {\n      ...SavedEvent\n    }\n  }\n"): typeof import('./graphql').CancelEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DuplicateEvent($id: ID!) {\n    duplicateEvent(id: $id) {\n      ...SavedEvent\n    }\n  }\n"): typeof import('./graphql').DuplicateEventDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EventListItem on Event {\n    id\n    title\n    startsAt\n    endsAt\n    timeZone\n    status\n    capacity\n    goingCount\n    waitlistCount\n    pendingCount\n  }\n"): typeof import('./graphql').EventListItemFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommunityEvents(\n    $communityId: ID!\n    $filter: EventListFilter!\n    $search: String\n    $first: Int\n    $after: String\n  ) {\n    events(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {\n      nodes {\n        ...EventListItem\n        visibility\n        checkedInCount\n        publicPath\n        attendanceForecast {\n          expected\n          low\n          high\n          going\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').CommunityEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment OverviewEventsFields on Query {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 5) {\n      nodes {\n        ...EventListItem\n      }\n      pageInfo {\n        hasNextPage\n      }\n    }\n    drafts: events(communityId: $communityId, filter: DRAFTS, first: 1) {\n      nodes {\n        id\n      }\n    }\n    past: events(communityId: $communityId, filter: PAST, first: 1) {\n      nodes {\n        id\n      }\n    }\n  }\n"): typeof import('./graphql').OverviewEventsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OverviewEvents($communityId: ID!) {\n    ...OverviewEventsFields\n  }\n"): typeof import('./graphql').OverviewEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventDetail($id: ID!) {\n    event(id: $id) {\n      id\n      host {\n        id\n        name\n        slug\n      }\n      ...EventWhenWhere\n      ...EventPublicFacts\n      pendingCount\n      checkedInCount\n      heldCount\n      ticketTypes {\n        id\n        name\n        quantity\n        remaining\n        priceMinor\n        memberPriceMinor\n        maxPerOrder\n        salesStartAt\n        salesEndAt\n      }\n      questions {\n        ...EventQuestionFields\n      }\n      viewerCanManage\n      publicPath\n      publishedAt\n      canceledAt\n      cancelMessage\n    }\n  }\n"): typeof import('./graphql').EventDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventRegistrations(\n    $eventId: ID!\n    $status: RegistrationStatus\n    $ticketTypeId: ID\n    $search: String\n    $first: Int\n    $after: String\n  ) {\n    eventRegistrations(\n      eventId: $eventId\n      status: $status\n      ticketTypeId: $ticketTypeId\n      search: $search\n      first: $first\n      after: $after\n    ) {\n      nodes {\n        id\n        status\n        person {\n          id\n          name\n          email\n          image\n        }\n        quantity\n        ticketType {\n          id\n          name\n        }\n        answers {\n          questionId\n          label\n          values\n        }\n        checkedInAt\n        waitlistPosition\n        holdExpiresAt\n        createdAt\n        payments {\n          id\n          method\n          status\n          currency\n          amountMinor\n          refundedMinor\n          payer {\n            name\n          }\n        }\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      totalCount\n    }\n  }\n"): typeof import('./graphql').EventRegistrationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventForecast($id: ID!, $risk: Float) {\n    event(id: $id) {\n      id\n      capacity\n      waitlistCount\n      attendanceForecast(risk: $risk) {\n        expected\n        low\n        high\n        going\n        basis\n        method\n        overbooking {\n          extraSeats\n          admitted\n          risk\n          probabilityOver\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').EventForecastDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RegistrationChange on Registration {\n    id\n    status\n    checkedInAt\n  }\n"): typeof import('./graphql').RegistrationChangeFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveRegistration($id: ID!) {\n    approveRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n"): typeof import('./graphql').ApproveRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineRegistration($id: ID!) {\n    declineRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n"): typeof import('./graphql').DeclineRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MoveFromWaitlist($id: ID!) {\n    moveFromWaitlist(id: $id) {\n      ...RegistrationChange\n    }\n  }\n"): typeof import('./graphql').MoveFromWaitlistDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ManagerCancelRegistration($id: ID!) {\n    cancelRegistration(id: $id) {\n      ...RegistrationChange\n    }\n  }\n"): typeof import('./graphql').ManagerCancelRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckIn($registrationId: ID!) {\n    checkIn(registrationId: $registrationId) {\n      ...RegistrationChange\n    }\n  }\n"): typeof import('./graphql').CheckInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UndoCheckIn($registrationId: ID!) {\n    undoCheckIn(registrationId: $registrationId) {\n      ...RegistrationChange\n    }\n  }\n"): typeof import('./graphql').UndoCheckInDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CheckInByCode($eventId: ID!, $code: String!) {\n    checkInByCode(eventId: $eventId, code: $code) {\n      ...RegistrationChange\n      person {\n        id\n        name\n        email\n      }\n      ticketType {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').CheckInByCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation MessageRegistrants($eventId: ID!, $input: MessageRegistrantsInput!) {\n    messageRegistrants(eventId: $eventId, input: $input)\n  }\n"): typeof import('./graphql').MessageRegistrantsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query TicketPricing($communityId: ID!) {\n    community(id: $communityId) {\n      id\n      currency\n      canTakePayments\n      viewerCapabilities\n    }\n  }\n"): typeof import('./graphql').TicketPricingDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommunityInsights($communityId: ID!, $period: InsightsPeriodInput!) {\n    communityInsights(communityId: $communityId, period: $period) {\n      period {\n        from\n        to\n        previousFrom\n        previousTo\n        granularity\n        timeZone\n        preset\n      }\n      figures {\n        members {\n          value\n          previous\n        }\n        newMembers {\n          value\n          previous\n        }\n        membersLeft {\n          value\n          previous\n        }\n        activeMembers {\n          value\n          previous\n        }\n        eventsHeld {\n          value\n          previous\n        }\n        registrations {\n          value\n          previous\n        }\n        attendanceRate {\n          value\n          previous\n        }\n        noShowRate {\n          value\n          previous\n        }\n        revenue {\n          currency\n          netMinor\n          previousNetMinor\n        }\n      }\n      memberGrowth {\n        bucket\n        total\n        joined\n        left\n      }\n      activeMembers {\n        bucket\n        people\n      }\n      eventsHeld {\n        bucket\n        events\n        going\n        checkedIn\n        attendanceRate\n      }\n      sources {\n        origin\n        kind\n        ref\n        registrations\n        joins\n      }\n      revenue {\n        bucket\n        currency\n        ticketsMinor\n        membershipsMinor\n        otherMinor\n        refundsMinor\n      }\n      topEvents {\n        eventId\n        title\n        startsAt\n        registrations\n        going\n        checkedIn\n        attendanceRate\n        revenue {\n          currency\n          netMinor\n        }\n      }\n      cohorts {\n        cohort\n        members\n        retention\n      }\n    }\n  }\n"): typeof import('./graphql').CommunityInsightsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Announcements($communityId: ID!) {\n    announcements(communityId: $communityId) {\n      id\n      subject\n      audienceLabel\n      sentAt\n      sentByName\n      recipientCount\n      deliveredCount\n      failedCount\n    }\n  }\n"): typeof import('./graphql').AnnouncementsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AnnouncementAudienceCount($communityId: ID!, $audience: AnnouncementAudienceInput!) {\n    announcementAudienceCount(communityId: $communityId, audience: $audience)\n  }\n"): typeof import('./graphql').AnnouncementAudienceCountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SendAnnouncement($communityId: ID!, $input: SendAnnouncementInput!) {\n    sendAnnouncement(communityId: $communityId, input: $input) {\n      id\n      recipientCount\n    }\n  }\n"): typeof import('./graphql').SendAnnouncementDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AnnouncementDrafts($communityId: ID!) {\n    announcementDrafts(communityId: $communityId) {\n      id\n      subject\n      body\n      fromAgent\n      createdAt\n    }\n  }\n"): typeof import('./graphql').AnnouncementDraftsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteAnnouncementDraft($id: ID!) {\n    deleteAnnouncementDraft(id: $id)\n  }\n"): typeof import('./graphql').DeleteAnnouncementDraftDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMemberRoles(\n    $communityId: ID!\n    $membershipIds: [ID!]\n    $filter: MemberFilter\n    $search: String\n    $role: CommunityRole!\n  ) {\n    setMemberRoles(\n      communityId: $communityId\n      membershipIds: $membershipIds\n      filter: $filter\n      search: $search\n      role: $role\n    ) {\n      matched\n      changed\n      skipped {\n        membershipId\n        reason\n      }\n    }\n  }\n"): typeof import('./graphql').SetMemberRolesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemberImport($id: ID!) {\n    memberImport(id: $id) {\n      id\n      status\n      mode\n      role\n      totalRows\n      rowsDone\n      added\n      invited\n      skipped\n      rejected\n      error\n      createdAt\n      finishedAt\n      reportUrl\n      rejectedRows(first: 20) {\n        line\n        email\n        reason\n      }\n    }\n  }\n"): typeof import('./graphql').MemberImportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemberImports($communityId: ID!) {\n    memberImports(communityId: $communityId) {\n      id\n      status\n      totalRows\n      rowsDone\n      createdAt\n    }\n  }\n"): typeof import('./graphql').MemberImportsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StartMemberImport($communityId: ID!, $input: MemberImportInput!) {\n    startMemberImport(communityId: $communityId, input: $input) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').StartMemberImportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Members(\n    $communityId: ID!\n    $first: Int\n    $after: String\n    $search: String\n    $filter: MemberFilter\n    $sort: MemberSort\n  ) {\n    members(\n      communityId: $communityId\n      first: $first\n      after: $after\n      search: $search\n      filter: $filter\n      sort: $sort\n    ) {\n      totalCount\n      totalCountCapped\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        id\n        role\n        status\n        source\n        tags\n        joinedAt\n        eventsAttended\n        checkIns\n        lastActiveAt\n        planStatus\n        plan {\n          id\n          name\n        }\n        person {\n          id\n          name\n          email\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').MembersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemberTablePlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      id\n      name\n      archived\n    }\n  }\n"): typeof import('./graphql').MemberTablePlansDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemberSegments($communityId: ID!) {\n    memberSegments(communityId: $communityId) {\n      id\n      name\n      filter {\n        roles\n        statuses\n        sources\n        tags\n        joinedAfter\n        joinedBefore\n        lastActiveAfter\n        lastActiveBefore\n        eventsAttendedAtLeast\n        checkInsAtLeast\n        plans\n        planStatuses\n        noShowLastTime\n      }\n    }\n  }\n"): typeof import('./graphql').MemberSegmentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SaveMemberSegment($communityId: ID!, $name: String!, $filter: MemberFilter!) {\n    saveMemberSegment(communityId: $communityId, name: $name, filter: $filter) {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').SaveMemberSegmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteMemberSegment($id: ID!) {\n    deleteMemberSegment(id: $id)\n  }\n"): typeof import('./graphql').DeleteMemberSegmentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TagMembers(\n    $communityId: ID!\n    $membershipIds: [ID!]\n    $filter: MemberFilter\n    $search: String\n    $add: [String!]\n    $remove: [String!]\n  ) {\n    tagMembers(\n      communityId: $communityId\n      membershipIds: $membershipIds\n      filter: $filter\n      search: $search\n      add: $add\n      remove: $remove\n    ) {\n      matched\n      changed\n    }\n  }\n"): typeof import('./graphql').TagMembersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment MemberFiguresFields on Query {\n    community(id: $communityId) {\n      id\n      pendingJoinRequests\n      memberStats {\n        activeCount\n        peopleCount\n      }\n      insightsSummary {\n        newMembers\n      }\n      newestMembers(first: 5) {\n        id\n        joinedAt\n        person {\n          id\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').MemberFiguresFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemberFigures($communityId: ID!) {\n    ...MemberFiguresFields\n  }\n"): typeof import('./graphql').MemberFiguresDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query JoinRequests($communityId: ID!, $first: Int, $after: String) {\n    joinRequests(communityId: $communityId, first: $first, after: $after) {\n      totalCount\n      endCursor\n      hasNextPage\n      nodes {\n        id\n        requestedAt\n        person {\n          id\n          name\n          email\n        }\n        answers {\n          questionId\n          question\n          values\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').JoinRequestsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Invitations($communityId: ID!) {\n    invitations(communityId: $communityId) {\n      id\n      email\n      role\n      status\n      sentAt\n      expiresAt\n    }\n  }\n"): typeof import('./graphql').InvitationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Member($id: ID!) {\n    member(id: $id) {\n      id\n      role\n      status\n      source\n      tags\n      joinedAt\n      lastActiveAt\n      eventsRegistered\n      eventsAttended\n      checkIns\n      person {\n        id\n        name\n        email\n      }\n      joinAnswers {\n        questionId\n        question\n        values\n      }\n      timeline(first: 20) {\n        type\n        occurredAt\n        summary\n        actorName\n      }\n    }\n  }\n"): typeof import('./graphql').MemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation InviteMembers($communityId: ID!, $emails: [String!]!, $role: CommunityRole!) {\n    inviteMembers(communityId: $communityId, emails: $emails, role: $role) {\n      email\n      result\n    }\n  }\n"): typeof import('./graphql').InviteMembersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ResendInvitation($id: ID!) {\n    resendInvitation(id: $id) {\n      id\n      sentAt\n      expiresAt\n    }\n  }\n"): typeof import('./graphql').ResendInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RevokeInvitation($id: ID!) {\n    revokeInvitation(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').RevokeInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ApproveJoinRequest($id: ID!) {\n    approveJoinRequest(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').ApproveJoinRequestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeclineJoinRequest($id: ID!, $message: String) {\n    declineJoinRequest(id: $id, message: $message)\n  }\n"): typeof import('./graphql').DeclineJoinRequestDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMemberRole($membershipId: ID!, $role: CommunityRole!) {\n    setMemberRole(membershipId: $membershipId, role: $role) {\n      id\n      role\n    }\n  }\n"): typeof import('./graphql').SetMemberRoleDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BanMember($membershipId: ID!, $cancelRegistrations: Boolean!) {\n    banMember(membershipId: $membershipId, cancelRegistrations: $cancelRegistrations) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').BanMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RemoveMember($membershipId: ID!) {\n    removeMember(membershipId: $membershipId)\n  }\n"): typeof import('./graphql').RemoveMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TransferOwnership($communityId: ID!, $membershipId: ID!) {\n    transferOwnership(communityId: $communityId, membershipId: $membershipId) {\n      id\n      role\n    }\n  }\n"): typeof import('./graphql').TransferOwnershipDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment CommunityPageEventFields on CommunityPageEvent {\n    id\n    title\n    startsAt\n    endsAt\n    venueName\n    isOnline\n    coverUrl\n  }\n"): typeof import('./graphql').CommunityPageEventFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommunityPage($slug: String!) {\n    communityBySlug(slug: $slug) {\n      id\n      slug\n      name\n      logoUrl\n      coverUrl\n      brandColor\n      description\n      visibility\n      joinPolicy\n      timeZone\n      memberCount\n      pastEventCount\n      upcomingEvents {\n        ...CommunityPageEventFields\n      }\n      pastEvents(first: 3) {\n        nodes {\n          ...CommunityPageEventFields\n        }\n        hasNextPage\n        endCursor\n      }\n      memberFaces {\n        id\n        name\n        imageUrl\n      }\n      followable\n      viewerFollows\n      joinQuestions {\n        id\n        kind\n        label\n        required\n        options\n      }\n      viewerMembership {\n        id\n        role\n        status\n        planStatus\n        plan {\n          id\n          name\n        }\n      }\n      viewerSeesDirectory\n      plans {\n        id\n        name\n        description\n        priceMinor\n        currency\n        interval\n        membersOnlyEvents\n        memberPrices\n        approvalRequired\n      }\n    }\n  }\n"): typeof import('./graphql').CommunityPageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation JoinCommunity($communityId: ID!, $answers: [AnswerInput!], $planId: ID, $origin: String) {\n    joinCommunity(communityId: $communityId, answers: $answers, planId: $planId, origin: $origin) {\n      id\n      role\n      status\n    }\n  }\n"): typeof import('./graphql').JoinCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SubscribeToPlan($planId: ID!, $origin: String) {\n    subscribeToPlan(planId: $planId, origin: $origin) {\n      url\n    }\n  }\n"): typeof import('./graphql').SubscribeToPlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation LeaveCommunity($communityId: ID!) {\n    leaveCommunity(communityId: $communityId)\n  }\n"): typeof import('./graphql').LeaveCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyMemberships {\n    myCommunities {\n      id\n      name\n      slug\n      logoUrl\n      viewerRole\n      viewerAnnouncementEmails\n    }\n  }\n"): typeof import('./graphql').MyMembershipsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetMyAnnouncementEmails($communityId: ID!, $subscribed: Boolean!) {\n    setMyAnnouncementEmails(communityId: $communityId, subscribed: $subscribed) {\n      communityId\n      subscribed\n    }\n  }\n"): typeof import('./graphql').SetMyAnnouncementEmailsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MemberDirectory($communityId: ID!, $first: Int, $after: String) {\n    memberDirectory(communityId: $communityId, first: $first, after: $after) {\n      totalCount\n      hasNextPage\n      endCursor\n      nodes {\n        id\n        name\n        role\n        joinedAt\n      }\n    }\n  }\n"): typeof import('./graphql').MemberDirectoryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyJoinRequests {\n    myJoinRequests {\n      id\n      requestedAt\n      community {\n        id\n        name\n        slug\n        logoUrl\n      }\n    }\n  }\n"): typeof import('./graphql').MyJoinRequestsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MorePastEvents($slug: String!, $after: String) {\n    communityBySlug(slug: $slug) {\n      id\n      pastEvents(first: 12, after: $after) {\n        nodes {\n          ...CommunityPageEventFields\n        }\n        hasNextPage\n        endCursor\n      }\n    }\n  }\n"): typeof import('./graphql').MorePastEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation FollowCommunity($communityId: ID!) {\n    followCommunity(communityId: $communityId)\n  }\n"): typeof import('./graphql').FollowCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnfollowCommunity($communityId: ID!) {\n    unfollowCommunity(communityId: $communityId)\n  }\n"): typeof import('./graphql').UnfollowCommunityDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CommunityFollowByToken($token: String!) {\n    communityFollowByToken(token: $token) {\n      communityName\n      communitySlug\n      following\n    }\n  }\n"): typeof import('./graphql').CommunityFollowByTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UnfollowCommunityByToken($token: String!) {\n    unfollowCommunityByToken(token: $token) {\n      communityName\n      communitySlug\n      following\n    }\n  }\n"): typeof import('./graphql').UnfollowCommunityByTokenDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query InvitationPreview($token: String!) {\n    invitation(token: $token) {\n      email\n      role\n      status\n      expiresAt\n      community {\n        id\n        name\n        slug\n        logoUrl\n      }\n    }\n  }\n"): typeof import('./graphql').InvitationPreviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AcceptInvitation($token: String!) {\n    acceptInvitation(token: $token) {\n      id\n      communityId\n      role\n      status\n    }\n  }\n"): typeof import('./graphql').AcceptInvitationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BillingDetailsFields on BillingDetails {\n    communityId\n    legalName\n    address\n    taxNote\n    updatedAt\n  }\n"): typeof import('./graphql').BillingDetailsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query BillingDetails($communityId: ID!) {\n    community(id: $communityId) {\n      id\n      name\n      billingDetails {\n        ...BillingDetailsFields\n      }\n    }\n  }\n"): typeof import('./graphql').BillingDetailsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateBillingDetails($communityId: ID!, $input: BillingDetailsInput!) {\n    updateBillingDetails(communityId: $communityId, input: $input) {\n      ...BillingDetailsFields\n    }\n  }\n"): typeof import('./graphql').UpdateBillingDetailsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayerPayments($communityId: ID!, $payerUserId: ID!, $first: Int, $after: String) {\n    payments(communityId: $communityId, filter: { payerUserId: $payerUserId }, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...PaymentRowFields\n      }\n    }\n  }\n"): typeof import('./graphql').PayerPaymentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PayerPaymentTotals($communityId: ID!, $payerUserId: ID!) {\n    payerPaymentTotals(communityId: $communityId, payerUserId: $payerUserId) {\n      currency\n      grossMinor\n      refundsMinor\n      netMinor\n      payments\n    }\n  }\n"): typeof import('./graphql').PayerPaymentTotalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PaymentConnectionFields on PaymentConnection {\n    communityId\n    status\n    mode\n    accountId\n    chargesEnabled\n    payoutsEnabled\n    detailsSubmitted\n    checkedAt\n  }\n"): typeof import('./graphql').PaymentConnectionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentConnection($communityId: ID!) {\n    paymentConnection(communityId: $communityId) {\n      ...PaymentConnectionFields\n    }\n  }\n"): typeof import('./graphql').PaymentConnectionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefreshPaymentConnection($communityId: ID!) {\n    refreshPaymentConnection(communityId: $communityId) {\n      ...PaymentConnectionFields\n    }\n  }\n"): typeof import('./graphql').RefreshPaymentConnectionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ConnectStripe($communityId: ID!, $returnPath: String!) {\n    connectStripe(communityId: $communityId, returnPath: $returnPath) {\n      url\n    }\n  }\n"): typeof import('./graphql').ConnectStripeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation StripeDashboardLink($communityId: ID!) {\n    stripeDashboardLink(communityId: $communityId) {\n      url\n    }\n  }\n"): typeof import('./graphql').StripeDashboardLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PaymentRowFields on Payment {\n    id\n    createdAt\n    succeededAt\n    purpose\n    status\n    method\n    amountMinor\n    feeMinor\n    refundedMinor\n    netMinor\n    currency\n    note\n    payer {\n      userId\n      name\n      email\n    }\n    event {\n      id\n      title\n    }\n  }\n"): typeof import('./graphql').PaymentRowFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Payments($communityId: ID!, $filter: PaymentFilter, $search: String, $first: Int, $after: String) {\n    payments(communityId: $communityId, filter: $filter, search: $search, first: $first, after: $after) {\n      totalCount\n      totalCountCapped\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...PaymentRowFields\n      }\n    }\n  }\n"): typeof import('./graphql').PaymentsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Payment($id: ID!) {\n    payment(id: $id) {\n      ...PaymentRowFields\n      providerRef\n      registrationId\n      registrationCancelable\n      refunds {\n        id\n        amountMinor\n        reason\n        createdAt\n      }\n    }\n  }\n"): typeof import('./graphql').PaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentTotals($communityId: ID!, $from: DateTime!, $to: DateTime!) {\n    paymentTotals(communityId: $communityId, from: $from, to: $to) {\n      currency\n      grossMinor\n      refundsMinor\n      feesMinor\n      netMinor\n      payments\n      refunds\n    }\n  }\n"): typeof import('./graphql').PaymentTotalsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentEvents($communityId: ID!) {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {\n      nodes {\n        id\n        title\n        startsAt\n      }\n    }\n    past: events(communityId: $communityId, filter: PAST, first: 100) {\n      nodes {\n        id\n        title\n        startsAt\n      }\n    }\n  }\n"): typeof import('./graphql').PaymentEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PaymentPlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      id\n      name\n      archived\n    }\n  }\n"): typeof import('./graphql').PaymentPlansDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RevenueFields on Query {\n    revenueCommunity: community(id: $communityId) {\n      id\n      insightsSummary {\n        revenue {\n          currency\n          amountMinor: netMinor\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').RevenueFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Revenue($communityId: ID!) {\n    ...RevenueFields\n  }\n"): typeof import('./graphql').RevenueDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecordPayment($communityId: ID!, $input: RecordPaymentInput!) {\n    recordPayment(communityId: $communityId, input: $input) {\n      ...PaymentRowFields\n    }\n  }\n"): typeof import('./graphql').RecordPaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RefundPayment($id: ID!, $amountMinor: MinorUnits!, $reason: String!, $cancelRegistration: Boolean) {\n    refundPayment(id: $id, amountMinor: $amountMinor, reason: $reason, cancelRegistration: $cancelRegistration) {\n      ...PaymentRowFields\n    }\n  }\n"): typeof import('./graphql').RefundPaymentDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PlanFields on MembershipPlan {\n    id\n    name\n    description\n    priceMinor\n    currency\n    interval\n    membersOnlyEvents\n    memberPrices\n    approvalRequired\n    archived\n    position\n  }\n"): typeof import('./graphql').PlanFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MembershipPlans($communityId: ID!) {\n    membershipPlans(communityId: $communityId) {\n      ...PlanFields\n    }\n    community(id: $communityId) {\n      id\n      canTakePayments\n    }\n  }\n"): typeof import('./graphql').MembershipPlansDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateMembershipPlan($communityId: ID!, $input: MembershipPlanInput!) {\n    createMembershipPlan(communityId: $communityId, input: $input) {\n      ...PlanFields\n    }\n  }\n"): typeof import('./graphql').CreateMembershipPlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateMembershipPlan($id: ID!, $input: MembershipPlanInput!) {\n    updateMembershipPlan(id: $id, input: $input) {\n      ...PlanFields\n    }\n  }\n"): typeof import('./graphql').UpdateMembershipPlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ArchiveMembershipPlan($id: ID!) {\n    archiveMembershipPlan(id: $id) {\n      ...PlanFields\n    }\n  }\n"): typeof import('./graphql').ArchiveMembershipPlanDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyPlanMemberships {\n    myPlanMemberships {\n      membershipId\n      communityId\n      communityName\n      communitySlug\n      status\n      renewsAt\n      endsAt\n      canManageBilling\n      plan {\n        ...PlanFields\n      }\n    }\n  }\n"): typeof import('./graphql').MyPlanMembershipsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation BillingPortalLink($communityId: ID!) {\n    billingPortalLink(communityId: $communityId) {\n      url\n    }\n  }\n"): typeof import('./graphql').BillingPortalLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment PromoCodeFields on PromoCode {\n    id\n    code\n    eventId\n    eventTitle\n    ticketTypeId\n    ticketTypeName\n    percentOff\n    amountOffMinor\n    currency\n    maxUses\n    uses\n    startsAt\n    expiresAt\n    active\n    status\n  }\n"): typeof import('./graphql').PromoCodeFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PromoCodes($communityId: ID!, $eventId: ID, $first: Int, $after: String) {\n    promoCodes(communityId: $communityId, eventId: $eventId, first: $first, after: $after) {\n      nodes {\n        ...PromoCodeFields\n      }\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n    }\n  }\n"): typeof import('./graphql').PromoCodesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreatePromoCode($communityId: ID!, $eventId: ID, $input: PromoCodeInput!) {\n    createPromoCode(communityId: $communityId, eventId: $eventId, input: $input) {\n      ...PromoCodeFields\n    }\n  }\n"): typeof import('./graphql').CreatePromoCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeactivatePromoCode($id: ID!) {\n    deactivatePromoCode(id: $id) {\n      ...PromoCodeFields\n    }\n  }\n"): typeof import('./graphql').DeactivatePromoCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdatePromoCode($id: ID!, $eventId: ID, $input: PromoCodeInput!) {\n    updatePromoCode(id: $id, eventId: $eventId, input: $input) {\n      ...PromoCodeFields\n    }\n  }\n"): typeof import('./graphql').UpdatePromoCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReactivatePromoCode($id: ID!) {\n    reactivatePromoCode(id: $id) {\n      ...PromoCodeFields\n    }\n  }\n"): typeof import('./graphql').ReactivatePromoCodeDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query PromoCodeEvents($communityId: ID!) {\n    upcoming: events(communityId: $communityId, filter: UPCOMING, first: 100) {\n      nodes {\n        id\n        title\n        ticketTypes {\n          id\n          name\n        }\n      }\n    }\n    drafts: events(communityId: $communityId, filter: DRAFTS, first: 100) {\n      nodes {\n        id\n        title\n        ticketTypes {\n          id\n          name\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').PromoCodeEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query ManagedRegistration($token: String!) {\n    managedRegistration(token: $token) {\n      ...ManagedRegistrationFields\n    }\n  }\n  fragment ManagedRegistrationFields on ManagedRegistration {\n    id\n    status\n    name\n    email\n    checkInCode\n    checkedInAt\n    waitlistPosition\n    quantity\n    holdExpiresAt\n    ticketTypeName\n    onlineUrl\n    canCancel\n    event {\n      ...EventWhenWhere\n      status\n      host {\n        id\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').ManagedRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelManagedRegistration($token: String!) {\n    cancelManagedRegistration(token: $token) {\n      ...ManagedRegistrationFields\n    }\n  }\n"): typeof import('./graphql').CancelManagedRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation PayForOffer($token: String!) {\n    payForOffer(token: $token) {\n      url\n    }\n  }\n"): typeof import('./graphql').PayForOfferDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query MyRegistrations($when: RegistrationTimeFilter!, $first: Int, $after: String) {\n    myRegistrations(when: $when, first: $first, after: $after) {\n      totalCount\n      pageInfo {\n        endCursor\n        hasNextPage\n      }\n      nodes {\n        ...RegistrationTicket\n        event {\n          id\n          title\n          startsAt\n          endsAt\n          timeZone\n          venueName\n          hasOnlineLink\n          status\n          host {\n            id\n            name\n          }\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').MyRegistrationsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CancelMyRegistration($id: ID!) {\n    cancelRegistration(id: $id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').CancelMyRegistrationDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EventWhenWhere on Event {\n    id\n    title\n    description\n    startsAt\n    endsAt\n    timeZone\n    venueName\n    venueAddress\n  }\n"): typeof import('./graphql').EventWhenWhereFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EventQuestionFields on RegistrationQuestion {\n    id\n    kind\n    label\n    required\n    options\n  }\n"): typeof import('./graphql').EventQuestionFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment EventPublicFacts on Event {\n    hasOnlineLink\n    onlineUrl\n    coverUrl\n    status\n    visibility\n    capacity\n    spotsLeft\n    waitlistEnabled\n    waitlistOfferHours\n    approvalRequired\n    requireVerifiedEmail\n    guestListVisible\n    goingCount\n    waitlistCount\n  }\n"): typeof import('./graphql').EventPublicFactsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment RegistrationTicket on Registration {\n    id\n    status\n    checkInCode\n    checkedInAt\n    waitlistPosition\n    ticketType {\n      id\n      name\n    }\n  }\n"): typeof import('./graphql').RegistrationTicketFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query OverviewPage($communityId: ID!) {\n    ...OverviewEventsFields\n    ...MemberFiguresFields\n    ...RevenueFields\n    ...OverviewStatusFields\n  }\n"): typeof import('./graphql').OverviewPageDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
