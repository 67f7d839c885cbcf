import { Link } from "@tanstack/react-router";
import {
  CalendarDaysIcon,
  CheckCircle2Icon,
  CircleIcon,
  CreditCardIcon,
  MegaphoneIcon,
  UsersIcon,
  WalletIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#client/components/ui/card.tsx";

/**
 * How far the community is, from real data. A part the viewer's role may not see is null, and its
 * steps are left out.
 */
export type SetupProgress = {
  /** Any event at all, drafts included. */
  hasEvent: boolean;
  /** Any event that was published (upcoming or past). */
  hasPublished: boolean;
  /** Someone was invited, or someone besides the owner is a member. */
  membersIn: boolean | null;
  /** Payments can be taken: Stripe is connected and takes charges. */
  paymentsConnected: boolean | null;
  /** A payment was ever received. */
  paymentTaken: boolean | null;
};

type Step = {
  key: string;
  title: string;
  detail: string;
  /** Null when the viewer's role may not see this part: the step is left out. */
  done: boolean | null;
  icon: ReactNode;
  to:
    | "/dashboard/$communityId/create-event"
    | "/dashboard/$communityId/events"
    | "/dashboard/$communityId/members"
    | "/dashboard/$communityId/edit"
    | "/dashboard/$communityId/payments";
  hash?: string;
  action: string;
};

export function GettingStarted({
  communityId,
  slug,
  currency,
  progress,
}: {
  communityId: string;
  slug: string;
  currency: string;
  progress: SetupProgress;
}) {
  const allSteps: Step[] = [
    {
      key: "event",
      title: "Plan your first event",
      detail: "Create an event with its date, place and tickets.",
      done: progress.hasEvent,
      icon: <CalendarDaysIcon aria-hidden="true" />,
      to: "/dashboard/$communityId/create-event",
      action: "Create an event",
    },
    {
      key: "publish",
      title: "Publish an event",
      detail: `Published events show on /c/${slug} and take registrations.`,
      done: progress.hasPublished,
      icon: <MegaphoneIcon aria-hidden="true" />,
      to: "/dashboard/$communityId/events",
      action: "Go to events",
    },
    {
      key: "members",
      title: "Bring your members in",
      detail: "Invite people by email or import a list; join requests arrive in Members.",
      done: progress.membersIn,
      icon: <UsersIcon aria-hidden="true" />,
      to: "/dashboard/$communityId/members",
      action: "Invite members",
    },
    {
      key: "connect",
      title: "Connect payments",
      detail: `Connect Stripe to sell tickets and memberships in ${currency}.`,
      done: progress.paymentsConnected,
      icon: <CreditCardIcon aria-hidden="true" />,
      to: "/dashboard/$communityId/edit",
      hash: "payments",
      action: "Connect Stripe",
    },
    {
      key: "payment",
      title: "Take your first payment",
      detail: "Price a ticket or offer a paid plan; payments show in Payments.",
      done: progress.paymentTaken,
      icon: <WalletIcon aria-hidden="true" />,
      to: "/dashboard/$communityId/payments",
      action: "See payments",
    },
  ];
  const steps = allSteps.filter((step): step is Step & { done: boolean } => step.done !== null);
  const done = steps.filter((step) => step.done).length + 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Getting started</CardTitle>
        <CardDescription>
          {done} of {steps.length + 1} steps done.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-1" aria-label="Steps">
          <StepItem
            done
            title="Create your community"
            detail={`It has the address /c/${slug}.`}
            icon={<CircleIcon aria-hidden="true" />}
          />
          {steps.map((step) => (
            <StepItem
              key={step.key}
              done={step.done}
              title={step.title}
              detail={step.detail}
              icon={step.icon}
              link={
                <Link
                  to={step.to}
                  params={{ communityId }}
                  hash={step.hash}
                  className="text-primary hover:underline"
                >
                  {step.action}
                </Link>
              }
            />
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function StepItem({
  title,
  detail,
  done,
  link,
  icon,
}: {
  title: string;
  detail: string;
  done: boolean;
  link?: ReactNode;
  icon: ReactNode;
}) {
  return (
    <li className="flex gap-3 rounded-lg p-3">
      <span className="mt-0.5 text-muted-foreground [&_svg]:size-5">
        {done ? <CheckCircle2Icon className="text-success" aria-label="Done" /> : icon}
      </span>
      <span className="grid gap-0.5 text-sm">
        <span className="font-medium">
          {title}
          {done ? null : <span className="sr-only"> (not done yet)</span>}
        </span>
        <span className="text-muted-foreground">{detail}</span>
        {link ? <span>{link}</span> : null}
      </span>
    </li>
  );
}
