import { screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { CommunityPageData } from "#client/features/membership/api/community-page.ts";
import {
  type AnswerInput,
  CommunityPageDocument,
  FollowCommunityDocument,
  JoinCommunityDocument,
  LeaveCommunityDocument,
  MemberDirectoryDocument,
  MorePastEventsDocument,
  SubscribeToPlanDocument,
  UnfollowCommunityDocument,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { api, graphqlError, server } from "#client/test-network.ts";

const WHY = "q-why";

function community(overrides: Partial<CommunityPageData> = {}): CommunityPageData {
  return {
    id: "c1",
    slug: "book-club",
    name: "Book Club",
    logoUrl: null,
    coverUrl: null,
    brandColor: null,
    description: "We read **one book** a month.",
    visibility: "PUBLIC",
    joinPolicy: "OPEN",
    timeZone: "America/New_York",
    memberCount: 12,
    pastEventCount: 3,
    viewerSeesDirectory: false,
    upcomingEvents: [
      {
        id: "e1",
        title: "March meetup",
        // 01:00 UTC on the 11th is still the 10th in New York.
        startsAt: "2036-03-11T01:00:00.000Z",
        endsAt: "2036-03-11T03:00:00.000Z",
        venueName: "Corner café",
        isOnline: false,
        coverUrl: null,
      },
    ],
    pastEvents: {
      nodes: [
        {
          id: "e0",
          title: "February meetup",
          startsAt: "2026-02-11T23:00:00.000Z",
          endsAt: "2026-02-12T01:00:00.000Z",
          venueName: null,
          isOnline: true,
          coverUrl: null,
        },
      ],
      hasNextPage: false,
      endCursor: "p1",
    },
    memberFaces: [],
    followable: true,
    viewerFollows: false,
    joinQuestions: [],
    viewerMembership: null,
    plans: [],
    ...overrides,
  };
}

/** The server as the page uses it: the page's data, joining (recording answers) and leaving. */
function communityServer(initial: CommunityPageData) {
  let page = initial;
  const joins: AnswerInput[][] = [];
  const joinedPlans: (string | null)[] = [];
  const follows: boolean[] = [];
  const handlers = [
    api.query(CommunityPageDocument, ({ variables }) =>
      HttpResponse.json({ data: { communityBySlug: variables.slug === page.slug ? page : null } }),
    ),
    api.mutation(JoinCommunityDocument, ({ variables }) => {
      const answers = (variables.answers ?? []) as AnswerInput[];
      joins.push(answers);
      joinedPlans.push((variables.planId as string | null | undefined) ?? null);
      const why = answers.find((a) => a.questionId === WHY)?.values[0] ?? "";
      if (page.joinPolicy === "APPROVAL" && why.length < 3) {
        return graphqlError("BAD_USER_INPUT", "Check your answers.", [
          { field: `answers.${WHY}`, code: "INVALID_ANSWER", message: "Tell us a little more." },
        ]);
      }
      const status = page.joinPolicy === "APPROVAL" ? "PENDING" : "ACTIVE";
      const membership = {
        id: "m1",
        role: "MEMBER" as const,
        status: status as "ACTIVE" | "PENDING",
        planStatus: null,
        plan: null,
      };
      page = { ...page, viewerMembership: membership };
      return HttpResponse.json({ data: { joinCommunity: membership } });
    }),
    api.mutation(LeaveCommunityDocument, () => {
      if (page.viewerMembership?.role === "OWNER") {
        return graphqlError("OWNER_MUST_TRANSFER", "Transfer ownership first.");
      }
      page = { ...page, viewerMembership: null };
      return HttpResponse.json({ data: { leaveCommunity: true } });
    }),
    api.mutation(FollowCommunityDocument, () => {
      follows.push(true);
      page = { ...page, viewerFollows: true };
      return HttpResponse.json({ data: { followCommunity: true } });
    }),
    api.mutation(UnfollowCommunityDocument, () => {
      follows.push(false);
      page = { ...page, viewerFollows: false };
      return HttpResponse.json({ data: { unfollowCommunity: false } });
    }),
  ];
  return { handlers, joins, joinedPlans, follows };
}

async function open(data: CommunityPageData, signedIn = true) {
  const network = communityServer(data);
  const app = await renderApp(`/c/${data.slug}`, {
    signedInAs: signedIn ? adaUser : null,
    handlers: network.handlers,
  });
  await screen.findByRole("heading", { level: 1, name: data.name });
  return { ...app, ...network };
}

const membership = () => screen.getByRole("region", { name: "Membership" });

describe("the community page", () => {
  it("shows the description, member count and upcoming events in the community's time zone", async () => {
    await open(community());
    expect(screen.getByText("one book").tagName).toBe("STRONG");
    expect(screen.getByText("12 members")).toBeTruthy();
    const link = screen.getByRole("link", { name: /March meetup/ });
    expect(link.getAttribute("href")).toBe("/e/e1");
    expect(link.textContent).toContain("10");
    expect(link.textContent).toContain("Mon, Mar 10, 2036");
    const past = screen.getByRole("region", { name: "Past events" });
    expect(
      within(past)
        .getByRole("link", { name: /February meetup/ })
        .getAttribute("href"),
    ).toBe("/e/e0");
    const feed = screen.getByRole("button", { name: "Add to your calendar" });
    expect(feed).toBeTruthy();
  });

  it("shows a few past events, and more when asked", async () => {
    const older = (n: number) => ({
      id: `old-${n}`,
      title: `Older meetup ${n}`,
      startsAt: `2025-0${n}-11T23:00:00.000Z`,
      endsAt: `2025-0${n}-12T01:00:00.000Z`,
      venueName: null,
      isOnline: false,
      coverUrl: null,
    });
    const start = community();
    const afters: (string | null | undefined)[] = [];
    server.use(
      api.query(MorePastEventsDocument, ({ variables }) => {
        afters.push(variables.after);
        return HttpResponse.json({
          data: {
            communityBySlug: {
              id: "c1",
              pastEvents: { nodes: [older(2), older(1)], hasNextPage: false, endCursor: "p3" },
            },
          },
        });
      }),
    );
    const { user } = await open({
      ...start,
      pastEvents: { nodes: start.pastEvents?.nodes ?? [], hasNextPage: true, endCursor: "p1" },
    });
    const past = screen.getByRole("region", { name: "Past events" });
    await user.click(within(past).getByRole("button", { name: "Show more past events" }));
    expect(await within(past).findByRole("link", { name: /Older meetup 1/ })).toBeTruthy();
    expect(within(past).getAllByRole("link")).toHaveLength(3);
    expect(within(past).queryByRole("button", { name: "Show more past events" })).toBeNull();
    expect(afters).toEqual(["p1"]);
  });

  it("subscribes a signed-in person to the community's events, and unsubscribes them", async () => {
    const { user, follows } = await open(community());
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    const subscribed = await screen.findByRole("button", { name: "Subscribed" });
    expect(subscribed.getAttribute("aria-pressed")).toBe("true");
    await user.click(subscribed);
    await screen.findByRole("button", { name: "Subscribe" });
    expect(follows).toEqual([true, false]);
  });

  it("asks a signed-out visitor to sign in, in place, before subscribing", async () => {
    server.use(
      http.get("/api/config", () =>
        HttpResponse.json({ googleClientId: null, phoneSignIn: false, signInProviders: [] }),
      ),
    );
    const { user, follows } = await open(community(), false);
    await user.click(screen.getByRole("button", { name: "Subscribe" }));
    // The sign-in form is loaded when first shown (decision 043).
    expect(await screen.findByText(/get a mail whenever Book Club publishes an event/)).toBeTruthy();
    expect(screen.getAllByLabelText("Email").length).toBeGreaterThan(0);
    expect(follows).toEqual([]);
  });

  it("offers no subscription or calendar feed for a private community", async () => {
    await open(community({ visibility: "PRIVATE", followable: false }));
    expect(screen.queryByRole("button", { name: "Subscribe" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add to your calendar" })).toBeNull();
  });

  it("lets a signed-in person join an open community, then leave it after confirming", async () => {
    const { user, joins } = await open(community());
    await user.click(within(membership()).getByRole("button", { name: "Join" }));
    expect(await within(membership()).findByText("You're a member · Member")).toBeTruthy();
    expect(joins).toEqual([[]]);
    expect(within(membership()).queryByRole("link", { name: "Open the dashboard" })).toBeNull();

    await user.click(within(membership()).getByRole("button", { name: "Leave community" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave Book Club?" });
    await user.click(within(dialog).getByRole("button", { name: "Leave community" }));
    expect(await within(membership()).findByRole("button", { name: "Join" })).toBeTruthy();
  });

  it("paints the Join button in the community's brand colour, as on its event pages", async () => {
    await open(community({ brandColor: "#0f766e" }));
    const join = within(membership()).getByRole("button", { name: "Join" });
    // The colour comes through CSS variables, one pair for each theme, set on the page.
    expect(join.style.backgroundColor).toBe("var(--brand)");
    const page = join.closest("article") as HTMLElement;
    expect(page.style.getPropertyValue("--brand-light")).toBe("#0f766e");
    expect(page.style.getPropertyValue("--brand-dark")).not.toBe("");
  });

  it("asks a signed-out visitor to sign in before joining", async () => {
    server.use(
      http.get("/api/config", () =>
        HttpResponse.json({ googleClientId: null, phoneSignIn: false, signInProviders: [] }),
      ),
    );
    const { user, joins } = await open(community(), false);
    await user.click(within(membership()).getByRole("button", { name: "Join" }));
    expect(within(membership()).getByRole("heading", { name: "Sign in to continue" })).toBeTruthy();
    expect(within(membership()).getByLabelText("Email")).toBeTruthy();
    expect(joins).toEqual([]);
  });

  it("sends a request with the join questions' answers, showing what is wrong next to the question", async () => {
    const { user, joins } = await open(
      community({
        joinPolicy: "APPROVAL",
        joinQuestions: [
          { id: WHY, kind: "SHORT_TEXT", label: "Why do you want to join?", required: true, options: [] },
        ],
      }),
    );
    const request = within(membership()).getByRole("button", { name: "Request to join" });
    await user.click(request);
    expect(await screen.findByText("Answer this question.")).toBeTruthy();
    expect(joins).toEqual([]);

    const answer = screen.getByLabelText(/Why do you want to join\?/);
    await user.type(answer, "Hi");
    await user.click(request);
    expect(await screen.findByText("Tell us a little more.")).toBeTruthy();
    expect((answer as HTMLInputElement).value).toBe("Hi");

    await user.type(answer, " there, I love books");
    await user.click(request);
    expect(await within(membership()).findByText("Request sent, waiting for approval")).toBeTruthy();
    expect(joins.at(-1)).toEqual([{ questionId: WHY, values: ["Hi there, I love books"] }]);
    expect(within(membership()).getByRole("button", { name: "Withdraw request" })).toBeTruthy();
  });

  it("says an invite-only community takes people by invitation, with nothing to press", async () => {
    await open(community({ joinPolicy: "INVITE" }));
    expect(within(membership()).getByText("Invite only")).toBeTruthy();
    expect(within(membership()).queryByRole("button")).toBeNull();
  });

  it("refuses a banned person clearly", async () => {
    await open(
      community({
        viewerMembership: { id: "m1", role: "MEMBER", status: "BANNED", planStatus: null, plan: null },
      }),
    );
    expect(within(membership()).getByRole("alert").textContent).toContain("You can't join this community");
    expect(within(membership()).queryByRole("button")).toBeNull();
  });

  it("shows only a private community's face and the request action to non-members", async () => {
    await open(
      community({
        visibility: "PRIVATE",
        joinPolicy: "APPROVAL",
        description: null,
        memberCount: null,
        pastEventCount: null,
        upcomingEvents: null,
        coverUrl: null,
      }),
    );
    expect(screen.getByText("Private community")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Upcoming events" })).toBeNull();
    expect(screen.queryByText(/members$/)).toBeNull();
    expect(within(membership()).getByRole("button", { name: "Request to join" })).toBeTruthy();
  });

  it("tells the owner why they cannot leave and links organizers and up to the dashboard", async () => {
    await open(
      community({
        viewerMembership: { id: "m1", role: "OWNER", status: "ACTIVE", planStatus: null, plan: null },
      }),
    );
    expect(within(membership()).getByText("You're a member · Owner")).toBeTruthy();
    expect(within(membership()).getByText(/transfer ownership to another member/)).toBeTruthy();
    expect(within(membership()).queryByRole("button", { name: "Leave community" })).toBeNull();
    expect(within(membership()).getByRole("link", { name: "Open the dashboard" }).getAttribute("href")).toBe(
      "/dashboard/c1",
    );
  });

  it("shows members the directory page by page when the community shows it, and nobody else", async () => {
    const names = ["Ada Guest", "Bo Guest", "Cy Guest"];
    const asked: (string | null | undefined)[] = [];
    server.use(
      api.query(MemberDirectoryDocument, ({ variables }) => {
        asked.push(variables.after);
        const start = variables.after ? 2 : 0;
        const nodes = names.slice(start, start + 2).map((name, i) => ({
          id: `m${start + i}`,
          name,
          role: start + i === 0 ? ("ORGANIZER" as const) : ("MEMBER" as const),
          joinedAt: "2026-01-01T10:00:00.000Z",
        }));
        return HttpResponse.json({
          data: {
            memberDirectory: {
              totalCount: names.length,
              hasNextPage: start === 0,
              endCursor: start === 0 ? "page-2" : null,
              nodes,
            },
          },
        });
      }),
    );
    const { user } = await open(
      community({
        viewerMembership: { id: "m9", role: "MEMBER", status: "ACTIVE", planStatus: null, plan: null },
        viewerSeesDirectory: true,
      }),
    );
    const list = await screen.findByRole("list", { name: "Members" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["AGAda GuestOrganizer", "BGBo Guest"]);
    expect(screen.getByText("Showing 2 of 3")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Show more members" }));
    expect(await within(list).findByText("Cy Guest")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more members" })).toBeNull();
    expect(asked).toEqual([null, "page-2"]);
  });

  it("has no member directory for people the community does not show it to", async () => {
    await open(
      community({
        viewerMembership: { id: "m9", role: "MEMBER", status: "ACTIVE", planStatus: null, plan: null },
      }),
    );
    expect(screen.queryByRole("region", { name: "Members" })).toBeNull();
  });

  it("answers Not Found for an unknown slug", async () => {
    const network = communityServer(community());
    await renderApp("/c/nobody-here", { signedInAs: adaUser, handlers: network.handlers });
    // The test app has the router's own Not Found (main.tsx lazily loads the styled page).
    expect(await screen.findByText("Not Found")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Book Club" })).toBeNull();
  });
});

const PLANS: CommunityPageData["plans"] = [
  {
    id: "p-free",
    name: "Friends",
    description: "Public events and the newsletter.",
    priceMinor: 0,
    currency: "EUR",
    interval: "FREE",
    membersOnlyEvents: false,
    memberPrices: false,
    approvalRequired: false,
  },
  {
    id: "p-month",
    name: "Supporter",
    description: "",
    priceMinor: 1200,
    currency: "EUR",
    interval: "MONTH",
    membersOnlyEvents: true,
    memberPrices: true,
    approvalRequired: false,
  },
];

describe("joining with a plan", () => {
  it("asks for a plan, then sends a priced one to Stripe Checkout and joins a free one at once", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    const subscribed: string[] = [];
    const { user, joinedPlans } = await open(community({ plans: PLANS }));
    server.use(
      api.mutation(SubscribeToPlanDocument, ({ variables }) => {
        subscribed.push(variables.planId as string);
        return HttpResponse.json({
          data: { subscribeToPlan: { url: "https://checkout.example/cs_test_1" } },
        });
      }),
    );
    const panel = membership();
    expect(within(panel).getByText("€12.00 a month")).toBeTruthy();
    expect(within(panel).getByText("Members-only events · Member ticket prices")).toBeTruthy();
    await user.click(within(panel).getByRole("button", { name: "Join" }));
    expect(await within(panel).findByText("Choose a plan.")).toBeTruthy();
    expect(joinedPlans).toEqual([]);

    await user.click(within(panel).getByRole("radio", { name: /Supporter/ }));
    await user.click(within(panel).getByRole("button", { name: "Continue to payment" }));
    await vi.waitFor(() =>
      expect(opened).toHaveBeenCalledWith("https://checkout.example/cs_test_1", "_self"),
    );
    expect(subscribed).toEqual(["p-month"]);
    expect(joinedPlans).toEqual([]);

    await user.click(within(panel).getByRole("radio", { name: /Friends/ }));
    await user.click(within(panel).getByRole("button", { name: "Join" }));
    expect(await within(membership()).findByText("You're a member · Member")).toBeTruthy();
    expect(joinedPlans).toEqual(["p-free"]);
    opened.mockRestore();
  });

  it("offers the payment an approved plan waits for, and says a canceled checkout charged nothing", async () => {
    const opened = vi.spyOn(window, "open").mockReturnValue(null);
    const data = community({
      plans: PLANS,
      viewerMembership: {
        id: "m1",
        role: "MEMBER",
        status: "ACTIVE",
        planStatus: "AWAITING_PAYMENT",
        plan: { id: "p-month", name: "Supporter" },
      },
    });
    const network = communityServer(data);
    const { user } = await renderApp(`/c/${data.slug}?membership=canceled`, {
      signedInAs: adaUser,
      handlers: [
        ...network.handlers,
        api.mutation(SubscribeToPlanDocument, () =>
          HttpResponse.json({ data: { subscribeToPlan: { url: "https://checkout.example/cs_test_2" } } }),
        ),
      ],
    });
    const panel = await screen.findByRole("region", { name: "Membership" });
    expect(
      within(panel).getByText("Checkout canceled: nothing was charged. You can choose a plan again."),
    ).toBeTruthy();
    expect(within(panel).getByText("Awaiting payment")).toBeTruthy();
    await user.click(within(panel).getByRole("button", { name: "Pay for Supporter" }));
    await vi.waitFor(() =>
      expect(opened).toHaveBeenCalledWith("https://checkout.example/cs_test_2", "_self"),
    );
    opened.mockRestore();
  });
});
