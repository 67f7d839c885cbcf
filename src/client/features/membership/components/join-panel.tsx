import { Link } from "@tanstack/react-router";
import { BanIcon, CheckCircle2Icon, ClockIcon, MailIcon } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import {
  type CommunityPageData,
  type JoinQuestion,
  type OfferedPlan,
  useJoinCommunity,
} from "#client/features/membership/api/community-page.ts";
import type { CommunityRole } from "#client/gql/graphql.ts";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { capabilitiesOf, type Role } from "#shared/capabilities.ts";
import type { MembershipReturnSearch } from "../membership-return.ts";
import { ROLE_NAME } from "../role-names.ts";
import { brandButtonStyle } from "./brand-style.ts";
import { LeaveCommunityButton } from "./leave-community-button.tsx";
import { PlanChoice } from "./plan-choice.tsx";
import { CheckoutReturnNote, PlanStanding, usePayForPlan } from "./plan-standing.tsx";

export type QuestionSlot = (props: {
  question: JoinQuestion;
  values: string[];
  error: string | undefined;
  onChange: (values: string[]) => void;
  idPrefix: string;
}) => ReactNode;

export type JoinPanelSlots = {
  isSignedIn: boolean;
  /** What the page was opened with: back from Stripe's checkout, or the plan an approval mail names. */
  returned?: MembershipReturnSearch;
  renderSignIn: (props: {
    onSignedIn: () => Promise<unknown>;
    onCancel: () => void;
    /** What signing in is for, above the form; the joining words otherwise. */
    intro?: string;
  }) => ReactNode;
  /** The answer input event registration uses, so both forms ask questions the same way. */
  renderQuestion: QuestionSlot;
  /** Reloads the page's data after joining, leaving or signing in. */
  onChanged: () => Promise<unknown>;
};

/** Roles that can do more than see the community have a dashboard to go to. */
const hasDashboard = (role: CommunityRole) =>
  capabilitiesOf(role.toLowerCase() as Role).some((capability) => capability !== "community.view");

type Answers = Record<string, string[]>;

function missingAnswers(questions: readonly JoinQuestion[], answers: Answers): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const question of questions) {
    const values = (answers[question.id] ?? []).filter((value) => value.trim() !== "");
    if (question.required && values.length === 0) errors[question.id] = "Answer this question.";
  }
  return errors;
}

function Note({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex gap-3">
      <span className="mt-0.5 shrink-0 [&_svg]:size-5">{icon}</span>
      <div className="grid gap-1">
        <p className="font-semibold">{title}</p>
        {children ? <div className="text-sm text-muted-foreground">{children}</div> : null}
      </div>
    </div>
  );
}

/** Whether the viewer's plan is over or missing, so that they may choose one (again). */
const mayChoosePlan = (membership: CommunityPageData["viewerMembership"]) =>
  !membership || membership.planStatus === null || membership.planStatus === "ENDED";

/** The plan still being paid for: Stripe has the money, our side waits for its word. */
export const awaitingPaidPlan = (
  community: CommunityPageData,
  returned: MembershipReturnSearch | undefined,
) =>
  returned?.membership === "paid" &&
  !["ACTIVE", "PAST_DUE", "CANCELING"].includes(community.viewerMembership?.planStatus ?? "");

/**
 * The one way in (or out) that the community's join policy, its plans and the viewer's membership
 * allow. Where plans are offered, a person joins with one: a free one at once, one an admin
 * approves first as a request (paid once approved), a priced one through Stripe Checkout.
 */
export function JoinPanel({ community, slots }: { community: CommunityPageData; slots: JoinPanelSlots }) {
  const membership = community.viewerMembership;
  const join = useJoinCommunity(community.id);
  const checkout = usePayForPlan();
  const brandStyle = brandButtonStyle(community.brandColor);
  const plans = community.plans;
  const offered = (id: string | undefined) => plans.find((plan) => plan.id === id);
  const [planId, setPlanId] = useState(
    offered(slots.returned?.plan)?.id ?? (plans.length === 1 ? (plans[0]?.id ?? "") : ""),
  );
  const [planError, setPlanError] = useState<string | undefined>();
  const [answers, setAnswers] = useState<Answers>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const chosen = offered(planId) ?? null;
  const needsApproval = (plan: OfferedPlan) => community.joinPolicy === "APPROVAL" || plan.approvalRequired;
  const paidNow = chosen !== null && chosen.interval !== "FREE" && !needsApproval(chosen);
  const questions =
    plans.length > 0
      ? chosen && needsApproval(chosen) && !membership
        ? community.joinQuestions
        : []
      : community.joinPolicy === "APPROVAL"
        ? community.joinQuestions
        : [];

  async function submit() {
    setError(null);
    const missing = missingAnswers(questions, answers);
    setFieldErrors(missing);
    const noPlan = plans.length > 0 && !chosen;
    setPlanError(noPlan ? "Choose a plan." : undefined);
    if (noPlan || Object.keys(missing).length > 0) return;
    if (!slots.isSignedIn) {
      setSigningIn(true);
      return;
    }
    await send();
  }

  async function send() {
    if (chosen && paidNow) {
      await checkout.pay(chosen.id);
      return;
    }
    try {
      await join.mutateAsync({
        planId: chosen?.id ?? null,
        answers: questions.flatMap((q) => {
          const values = (answers[q.id] ?? []).map((value) => value.trim()).filter(Boolean);
          return values.length > 0 ? [{ questionId: q.id, values }] : [];
        }),
      });
    } catch (caught) {
      if (caught instanceof GraphQLRequestError) {
        const byQuestion: Record<string, string> = {};
        for (const field of caught.fields) {
          if (field.field.startsWith("answers.")) byQuestion[field.field.slice(8)] = field.message;
          if (field.field === "planId") setPlanError(field.message);
        }
        setFieldErrors(byQuestion);
        if (Object.keys(byQuestion).length === 0 && !caught.fields.some((f) => f.field === "planId"))
          setError(caught.message);
      } else {
        setError("We couldn't reach the server. Please try again.");
      }
    }
    await slots.onChanged();
  }

  const returnNote = slots.returned?.membership ? (
    <CheckoutReturnNote
      outcome={slots.returned.membership}
      waiting={awaitingPaidPlan(community, slots.returned)}
    />
  ) : null;
  if (awaitingPaidPlan(community, slots.returned)) return returnNote;

  if (membership?.status === "BANNED") {
    return (
      <div role="alert" className="flex gap-3">
        <BanIcon className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        <div className="grid gap-1">
          <p className="font-semibold">You can&apos;t join this community</p>
          <p className="text-sm text-muted-foreground">An admin removed you from {community.name}.</p>
        </div>
      </div>
    );
  }

  if (membership?.status === "ACTIVE") {
    const priced = plans.filter((plan) => plan.interval !== "FREE");
    return (
      <div className="grid gap-4">
        <Note
          icon={<CheckCircle2Icon className="text-primary" aria-hidden="true" />}
          title={`You're a member · ${ROLE_NAME[membership.role]}`}
        />
        {returnNote}
        <PlanStanding community={community} />
        {mayChoosePlan(membership) && priced.length > 0 ? (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!chosen || chosen.interval === "FREE") {
                setPlanError("Choose a plan.");
                return;
              }
              setPlanError(undefined);
              void checkout.pay(chosen.id);
            }}
          >
            <PlanChoice
              plans={priced}
              value={planId}
              onChange={setPlanId}
              error={planError}
              needsApproval={() => false}
            />
            <Button type="submit" className="w-fit" style={brandStyle} disabled={checkout.pending}>
              {checkout.pending ? <Spinner label="Opening checkout" /> : null}
              Continue to payment
            </Button>
            {checkout.error ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {checkout.error}
              </p>
            ) : null}
          </form>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {hasDashboard(membership.role) ? (
            <Link
              to="/dashboard/$communityId"
              params={{ communityId: community.id }}
              className="text-sm font-medium text-primary underline underline-offset-4"
            >
              Open the dashboard
            </Link>
          ) : null}
          {membership.role === "OWNER" ? (
            <p className="text-sm text-muted-foreground">
              You own this community, so you can&apos;t leave it: transfer ownership to another member in the
              dashboard first.
            </p>
          ) : (
            <LeaveCommunityButton
              communityId={community.id}
              communityName={community.name}
              onLeft={slots.onChanged}
            />
          )}
        </div>
      </div>
    );
  }

  if (membership?.status === "PENDING") {
    return (
      <div className="grid gap-4">
        <Note
          icon={<ClockIcon className="text-primary" aria-hidden="true" />}
          title="Request sent, waiting for approval"
        >
          An admin of {community.name} reviews each request. We&apos;ll email you their answer.
        </Note>
        <div>
          <LeaveCommunityButton
            communityId={community.id}
            communityName={community.name}
            pending
            onLeft={slots.onChanged}
            variant="ghost"
          />
        </div>
      </div>
    );
  }

  if (community.joinPolicy === "INVITE") {
    return (
      <Note icon={<MailIcon className="text-muted-foreground" aria-hidden="true" />} title="Invite only">
        People join {community.name} by invitation from its admins.
      </Note>
    );
  }

  const approval = community.joinPolicy === "APPROVAL";
  const asksApproval = chosen ? needsApproval(chosen) : approval;
  // Signing in refreshes the session half-way (a new person still names themselves after the
  // code): the sign-in step stays until it is done, whatever the session says.
  const askingSignIn = signingIn;
  return (
    <div className="grid gap-5">
      {/* The sign-in step has forms of its own, so it sits beside this one, never inside. */}
      <form
        className="grid gap-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {returnNote}
        <p className="text-sm text-muted-foreground">
          {plans.length > 0
            ? `Join ${community.name} with one of its plans.`
            : approval
              ? "An admin reviews each request to join."
              : `Join ${community.name} to hear about its events and see what's for members.`}
        </p>
        {plans.length > 0 ? (
          <PlanChoice
            plans={plans}
            value={planId}
            onChange={(next) => {
              setPlanId(next);
              setPlanError(undefined);
            }}
            error={planError}
            needsApproval={needsApproval}
          />
        ) : null}
        {questions.map((question) => (
          <div key={question.id}>
            {slots.renderQuestion({
              question,
              values: answers[question.id] ?? [],
              error: fieldErrors[question.id],
              idPrefix: "join",
              onChange: (values) => setAnswers((current) => ({ ...current, [question.id]: values })),
            })}
          </div>
        ))}
        {askingSignIn ? null : (
          <Button
            type="submit"
            className="w-fit"
            style={brandStyle}
            disabled={join.isPending || checkout.pending}
          >
            {join.isPending || checkout.pending ? <Spinner label={approval ? "Sending" : "Joining"} /> : null}
            {paidNow ? "Continue to payment" : asksApproval ? "Request to join" : "Join"}
          </Button>
        )}
      </form>
      {askingSignIn ? (
        <div className="rounded-xl border p-4">
          {slots.renderSignIn({
            onSignedIn: async () => {
              setSigningIn(false);
              await send();
            },
            onCancel: () => setSigningIn(false),
          })}
        </div>
      ) : null}
      {error || checkout.error ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error ?? checkout.error}
        </p>
      ) : null}
    </div>
  );
}
