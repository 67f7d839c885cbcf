import { useQuery, useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { CatchBoundary } from "@tanstack/react-router";
import { type ReactNode, Suspense, useState } from "react";
import { EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { ListError, ListSkeleton, ListSummary, LoadMore } from "#client/components/layout/list-states.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { Capability } from "#client/gql/graphql.ts";
import { membersQueryOptions, memberTablePlansQueryOptions } from "../api/members-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { type MemberColumn, readHiddenColumns, rememberHiddenColumns } from "../member-columns.ts";
import { isFiltered, membersCsvHref } from "../member-filter.ts";
import type { MembersSearch } from "../search-params.ts";
import { BulkActions } from "./bulk-actions.tsx";
import { ColumnChooser } from "./column-chooser.tsx";
import { MemberDrawer } from "./member-drawer.tsx";
import { MemberFilters } from "./member-filters.tsx";
import { MemberKinds } from "./member-kinds.tsx";
import { MembersTable } from "./members-table.tsx";
import { SegmentsPanel } from "./segments-panel.tsx";

type Props = {
  communityId: string;
  search: MembersSearch;
  /** Tag, save and delete segments: members.manage. */
  canManage: boolean;
  capabilities: readonly Capability[];
  onSearchChange: (next: MembersSearch) => void;
  onCommunityChanged: () => void;
  /** A member's payments in their drawer, for those who manage payments. */
  memberPayments?: ((userId: string) => ReactNode) | undefined;
};

export function MembersPage(props: Props) {
  const { communityId, search, canManage, onSearchChange } = props;
  // Only a community offering plans gets the plan filters; until they load, there are none.
  const plans = useQuery(memberTablePlansQueryOptions(communityId)).data ?? [];
  // Kept here, not in the list: a new search remounts the list but keeps the columns chosen.
  const [hidden, setHidden] = useState(readHiddenColumns);
  const columns = {
    hidden,
    onColumnsChange: (next: ReadonlySet<MemberColumn>) => {
      setHidden(next);
      rememberHiddenColumns(next);
    },
  };
  return (
    // The segments sit beside the table only where the table's useful columns still fit.
    <div className="grid gap-6 2xl:grid-cols-[1fr_13rem]">
      <div className="grid min-w-0 content-start gap-4">
        <MemberKinds search={search} onChange={onSearchChange} />
        <MemberFilters search={search} onChange={onSearchChange} plans={plans} />
        {reversedRange(search) ? (
          <EmptyPanel>Fix the dates above: a range cannot end before it starts.</EmptyPanel>
        ) : (
          <CatchBoundary getResetKey={() => JSON.stringify(search)} errorComponent={MembersListError}>
            {/* A new search starts a new selection: the rows picked before may no longer be shown. */}
            <Suspense fallback={<ListSkeleton label="Loading members" rows={8} />}>
              <MemberList key={JSON.stringify(search)} {...props} {...columns} showPlans={plans.length > 0} />
            </Suspense>
          </CatchBoundary>
        )}
      </div>
      <div className="max-w-md 2xl:max-w-none">
        <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
          <SegmentsPanel communityId={communityId} search={search} canManage={canManage} />
        </Suspense>
      </div>
    </div>
  );
}

function MemberList({
  communityId,
  search,
  canManage,
  capabilities,
  onSearchChange,
  onCommunityChanged,
  memberPayments,
  showPlans,
  hidden,
  onColumnsChange,
}: Props & {
  showPlans: boolean;
  hidden: ReadonlySet<MemberColumn>;
  onColumnsChange: (next: ReadonlySet<MemberColumn>) => void;
}) {
  const { data, fetchNextPage, hasNextPage, isFetchingNextPage } = useSuspenseInfiniteQuery(
    membersQueryOptions(communityId, search),
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [opened, setOpened] = useState<{ id: string; name: string } | null>(null);
  const rows = data.pages.flatMap((page) => page.nodes);
  const total = data.pages[0]?.totalCount ?? rows.length;
  // A search or filter is counted up to a cap; past it the server says so and the page says "1,000+".
  const totalCapped = data.pages[0]?.totalCountCapped ?? false;
  const filtered = isFiltered(search);
  const pageFullySelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  return (
    <section aria-label="Member list" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <ListSummary
          total={total}
          capped={totalCapped}
          noun={search.kind === "people" && !search.status ? ["person", "people"] : ["member", "members"]}
          filtered={filtered}
          csvHref={membersCsvHref(communityId, search)}
        />
        <ColumnChooser hidden={hidden} showPlans={showPlans} onChange={onColumnsChange} />
      </div>
      <BulkActions
        communityId={communityId}
        search={search}
        selectedIds={[...selected]}
        allMatching={allMatching}
        total={total}
        totalCapped={totalCapped}
        pageFullySelected={pageFullySelected}
        canManage={canManage}
        capabilities={capabilities}
        onSelectAllMatching={() => setAllMatching(true)}
        onClear={() => {
          setSelected(new Set());
          setAllMatching(false);
        }}
      />
      {rows.length === 0 ? (
        <EmptyPanel>
          {filtered ? (
            <>
              <p>No one matches these filters.</p>
              <Button variant="link" onClick={() => onSearchChange({ sort: search.sort, dir: search.dir })}>
                Clear filters
              </Button>
            </>
          ) : (
            <p>No members yet. People who join, register for an event or accept an invitation appear here.</p>
          )}
        </EmptyPanel>
      ) : (
        <MembersTable
          showPlans={showPlans}
          hidden={hidden}
          rows={rows}
          total={total}
          totalCapped={totalCapped}
          search={search}
          selected={selected}
          allMatching={allMatching}
          onToggle={(id) =>
            setSelected((prev) => {
              const next = new Set(prev);
              if (!next.delete(id)) next.add(id);
              return next;
            })
          }
          onTogglePage={(select) => {
            setAllMatching(false);
            setSelected(select ? new Set(rows.map((row) => row.id)) : new Set());
          }}
          onSort={(sort, dir) => onSearchChange({ ...search, sort, dir })}
          onOpen={(row) => setOpened({ id: row.id, name: row.person.name })}
        />
      )}
      <MemberDrawer
        communityId={communityId}
        membershipId={opened?.id ?? null}
        name={opened?.name ?? ""}
        capabilities={capabilities}
        onClose={() => setOpened(null)}
        onCommunityChanged={onCommunityChanged}
        payments={memberPayments}
      />
      <LoadMore
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
        loadingLabel="Loading more members"
        messageOf={(error) => memberErrorMessage(error, "Could not load more members.")}
      />
    </section>
  );
}

const reversedRange = (search: MembersSearch) =>
  Boolean(
    (search.joinedFrom && search.joinedTo && search.joinedFrom > search.joinedTo) ||
      (search.activeFrom && search.activeTo && search.activeFrom > search.activeTo),
  );

function MembersListError(props: { error: unknown; reset: () => void }) {
  return (
    <ListError
      {...props}
      messageOf={(error) => memberErrorMessage(error, "The member list could not be loaded.")}
    />
  );
}
