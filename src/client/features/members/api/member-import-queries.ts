import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { MemberImportInput } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";

const MemberImportQuery = graphql(`
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
`);

const MemberImportsQuery = graphql(`
  query MemberImports($communityId: ID!) {
    memberImports(communityId: $communityId) {
      id
      status
      totalRows
      rowsDone
      createdAt
    }
  }
`);

const StartMemberImportMutation = graphql(`
  mutation StartMemberImport($communityId: ID!, $input: MemberImportInput!) {
    startMemberImport(communityId: $communityId, input: $input) {
      id
      status
    }
  }
`);

export const memberImportKeys = {
  all: (communityId: string) => ["member-imports", communityId] as const,
  one: (id: string) => ["member-import", id] as const,
};

/** Whether an import is still under way: the progress bar polls while it is. */
export const importRunning = (status: string | undefined) => status === "QUEUED" || status === "RUNNING";

/** One import, polled every second while it runs. */
export const memberImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: memberImportKeys.one(id),
    queryFn: () => request(MemberImportQuery, { id }).then((data) => data.memberImport),
    refetchInterval: (query) => (importRunning(query.state.data?.status) ? 1000 : false),
  });

/** The community's latest imports: after a reload the page finds a running one here. */
export const memberImportsQueryOptions = (communityId: string) =>
  queryOptions({
    queryKey: memberImportKeys.all(communityId),
    queryFn: () => request(MemberImportsQuery, { communityId }).then((data) => data.memberImports),
  });

export function useStartMemberImport(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MemberImportInput) =>
      request(StartMemberImportMutation, { communityId, input }).then((data) => data.startMemberImport),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberImportKeys.all(communityId) }),
  });
}
