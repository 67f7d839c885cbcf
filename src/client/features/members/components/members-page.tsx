import { useQueryErrorResetBoundary, useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { CatchBoundary } from "@tanstack/react-router";
import { DownloadIcon } from "lucide-react";
import { Suspense, useState } from "react";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import { Spinner } from "#client/components/ui/spinner.tsx";
import type { Capability } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { membersQueryOptions } from "../api/members-queries.ts";
import { memberErrorMessage } from "../error-message.ts";
import { isFiltered, membersCsvHref } from "../member-filter.ts";
import type { MembersSearch } from "../search-params.ts";
import { BulkActions } from "./bulk-actions.tsx";
import { MemberDrawer } from "./member-drawer.tsx";
import { MemberFilters } from "./member-filters.tsx";
import { MembersTable } from "./members-table.tsx";
import { SegmentsPanel } from "./segments-panel.tsx";

const count = new Intl.NumberFormat();

type Props = {
  communityId: string;
  search: MembersSearch;
  /** Tag, save and delete segments: members.manage. */
  canManage: boolean;
  capabilities: readonly Capability[];
  onSearchChange: (next: MembersSearch) => void;
  onCommunityChanged: () => void;
};

export function MembersPage(props: Props) {
  const { communityId, search, canManage, onSearchChange } = props;
  return (
    <div className="grid gap-6 xl:grid-cols-[1fr_13rem]">
      <div className="grid min-w-0 content-start gap-4">
        <MemberFilters search={search} onChange={onSearchChange} />
        {reversedRange(search) ? (
          <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
            Fix the dates above: a range cannot end before it starts.
          </p>
        ) : (
          <CatchBoundary getResetKey={() => JSON.stringify(search)} errorComponent={ListError}>
            {/* A new search starts a new selection: the rows picked before may no longer be shown. */}
            <Suspense fallback={<MembersSkeleton />}>
              <MemberList key={JSON.stringify(search)} {...props} />
            </Suspense>
          </CatchBoundary>
        )}
      </div>
      <Suspense fallback={<Skeleton className="h-40 rounded-xl" />}>
        <SegmentsPanel communityId={communityId} search={search} canManage={canManage} />
      </Suspense>
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
}: Props) {
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium" aria-live="polite">
          {count.format(total)}
          {totalCapped ? "+" : ""} {total === 1 && !totalCapped ? "member" : "members"}
          {filtered ? " match" : ""}
        </p>
        <a
          href={membersCsvHref(communityId, search)}
          download
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          <DownloadIcon aria-hidden="true" /> Export {filtered ? "filtered" : "all"} to CSV
        </a>
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
        <div className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
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
        </div>
      ) : (
        <MembersTable
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
      />
      {hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="outline"
            disabled={isFetchingNextPage}
            onClick={() =>
              void fetchNextPage().then((result) => {
                if (result.isError)
                  notify("error", memberErrorMessage(result.error, "Could not load more members."));
              })
            }
          >
            {isFetchingNextPage ? <Spinner label="Loading more members" /> : null}
            Load more
          </Button>
        </div>
      ) : null}
    </section>
  );
}

const reversedRange = (search: MembersSearch) =>
  Boolean(
    (search.joinedFrom && search.joinedTo && search.joinedFrom > search.joinedTo) ||
      (search.activeFrom && search.activeTo && search.activeFrom > search.activeTo),
  );

/** The list could not load: the server's reason and code, and a way to ask again. */
function ListError({ error, reset }: { error: unknown; reset: () => void }) {
  const queries = useQueryErrorResetBoundary();
  return (
    <div
      role="alert"
      className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center"
    >
      <p className="text-sm">{memberErrorMessage(error, "The member list could not be loaded.")}</p>
      <Button
        variant="outline"
        onClick={() => {
          queries.reset();
          reset();
        }}
      >
        Try again
      </Button>
    </div>
  );
}

export function MembersSkeleton() {
  return (
    <div className="grid gap-2" role="status" aria-label="Loading members">
      <Skeleton className="h-5 w-32" />
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} className="h-12 w-full rounded-lg" />
      ))}
    </div>
  );
}
