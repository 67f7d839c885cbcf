import { Link } from "@tanstack/react-router";
import { Card, CardContent, CardHeader, CardTitle } from "#client/components/ui/card.tsx";
import type { MemberFiguresQuery } from "#client/gql/graphql.ts";

type Figures = MemberFiguresQuery["community"];

const count = (n: number) => new Intl.NumberFormat().format(n);

/**
 * The overview's key figures about people, as the server counts them. Roles that may not see the
 * members get null figures, and then nothing is shown. New members are the insights page's count
 * of the last 30 days, so the two pages never disagree.
 */
export function MemberFigures({ figures }: { figures: Figures }) {
  const { memberStats, insightsSummary, newestMembers, pendingJoinRequests } = figures;
  if (!memberStats) return null;
  const params = { communityId: figures.id };
  const joined = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
  return (
    <div className="grid gap-3">
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure label="Members" value={count(memberStats.activeCount)} />
        <Figure
          label="People who came to events, not members"
          value={count(memberStats.peopleCount)}
          link={
            memberStats.peopleCount > 0 ? (
              <Link
                to="/dashboard/$communityId/members"
                params={params}
                search={{ kind: "people" }}
                className="text-primary hover:underline"
              >
                See them
              </Link>
            ) : null
          }
        />
        {insightsSummary ? (
          <Figure label="New in the last 30 days" value={count(insightsSummary.newMembers)} />
        ) : null}
        {pendingJoinRequests === null ? null : (
          <Figure
            label="Pending requests"
            value={count(pendingJoinRequests)}
            link={
              pendingJoinRequests > 0 ? (
                <Link
                  to="/dashboard/$communityId/members"
                  params={params}
                  className="text-primary hover:underline"
                >
                  Review requests
                </Link>
              ) : null
            }
          />
        )}
      </dl>
      {newestMembers && newestMembers.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle>Newest members</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-2 text-sm" aria-label="Newest members">
              {newestMembers.map((member) => (
                <li key={member.id} className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link
                    to="/dashboard/$communityId/members"
                    params={params}
                    search={{ q: member.person.name }}
                    className="font-medium text-primary hover:underline"
                  >
                    {member.person.name}
                  </Link>
                  <span className="text-muted-foreground">
                    Joined <time dateTime={member.joinedAt}>{joined.format(new Date(member.joinedAt))}</time>
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}

function Figure({ label, value, link }: { label: string; value: string; link?: React.ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-4 shadow-xs">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-lg font-semibold tracking-tight">{value}</dd>
      {link ? <dd className="mt-1 text-sm">{link}</dd> : null}
    </div>
  );
}
