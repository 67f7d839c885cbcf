import { useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { EventInput, SavedEventFragment as SavedEvent } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { eventKeys } from "./events-queries.ts";

/** What every event mutation answers: enough to refetch the event and its community's lists. */
export const SavedEventFragment = graphql(`
  fragment SavedEvent on Event {
    id
    status
    host {
      id
    }
  }
`);

const CreateEventMutation = graphql(`
  mutation CreateEvent($communityId: ID!, $input: EventInput!, $publish: Boolean!) {
    createEvent(communityId: $communityId, input: $input, publish: $publish) {
      ...SavedEvent
    }
  }
`);

const UpdateEventMutation = graphql(`
  mutation UpdateEvent($id: ID!, $input: EventInput!) {
    updateEvent(id: $id, input: $input) {
      ...SavedEvent
    }
  }
`);

const PublishEventMutation = graphql(`
  mutation PublishEvent($id: ID!) {
    publishEvent(id: $id) {
      ...SavedEvent
    }
  }
`);

const CancelEventMutation = graphql(`
  mutation CancelEvent($id: ID!, $message: String) {
    cancelEvent(id: $id, message: $message) {
      ...SavedEvent
    }
  }
`);

const DuplicateEventMutation = graphql(`
  mutation DuplicateEvent($id: ID!) {
    duplicateEvent(id: $id) {
      ...SavedEvent
    }
  }
`);

function useInvalidateEvent() {
  const queryClient = useQueryClient();
  return (event: SavedEvent) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: eventKeys.lists(event.host.id) }),
      queryClient.invalidateQueries({ queryKey: eventKeys.overview(event.host.id) }),
      queryClient.invalidateQueries({ queryKey: eventKeys.detail(event.id) }),
    ]);
}

export function useCreateEvent(communityId: string) {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: async ({ input, publish }: { input: EventInput; publish: boolean }) =>
      (await request(CreateEventMutation, { communityId, input, publish })).createEvent,
    onSuccess: invalidate,
  });
}

export function useUpdateEvent() {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string; input: EventInput }) =>
      (await request(UpdateEventMutation, { id, input })).updateEvent,
    onSuccess: invalidate,
  });
}

export function usePublishEvent() {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: async (id: string) => (await request(PublishEventMutation, { id })).publishEvent,
    onSuccess: invalidate,
  });
}

export function useCancelEvent() {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: async ({ id, message }: { id: string; message: string }) =>
      (await request(CancelEventMutation, { id, message: message.trim() || null })).cancelEvent,
    onSuccess: invalidate,
  });
}

export function useDuplicateEvent() {
  const invalidate = useInvalidateEvent();
  return useMutation({
    mutationFn: async (id: string) => (await request(DuplicateEventMutation, { id })).duplicateEvent,
    onSuccess: invalidate,
  });
}
