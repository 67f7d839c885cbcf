import type { APIRequestContext } from "@playwright/test";
import { sampleEventInput } from "#server/test/event-input.ts";
import { E2E_PORT } from "./paths.ts";

const origin = `http://localhost:${E2E_PORT}`;

/** Creates (and by default publishes) an event through GraphQL as the signed-in organizer. */
export async function createEventByApi(
  request: APIRequestContext,
  communityId: string,
  input: Record<string, unknown> = {},
  publish = true,
): Promise<string> {
  const response = await request.post("/api/graphql", {
    headers: { origin },
    data: {
      query: `mutation ($communityId: ID!, $input: EventInput!, $publish: Boolean!) {
        createEvent(communityId: $communityId, input: $input, publish: $publish) { id }
      }`,
      variables: {
        communityId,
        publish,
        input: sampleEventInput(20, input),
      },
    },
  });
  const body = (await response.json()) as { data?: { createEvent: { id: string } } };
  if (!body.data) throw new Error(`createEvent: ${JSON.stringify(body)}`);
  return body.data.createEvent.id;
}

/** Uploads a small image to the community's assets (as the cover field does) and returns its path. */
export async function uploadCommunityAsset(
  request: APIRequestContext,
  communityId: string,
  png: Buffer,
): Promise<string> {
  const name = `${communityId}/events/${Date.now()}.png`;
  const response = await request.post(
    `/api/storage/v0/b/community-assets/o?name=${encodeURIComponent(name)}`,
    { headers: { origin }, multipart: { file: { name: "cover.png", mimeType: "image/png", buffer: png } } },
  );
  if (!response.ok()) throw new Error(`upload: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { fullPath: string }).fullPath;
}

/** Registers the signed-in person for an event through GraphQL. */
export async function registerByApi(request: APIRequestContext, eventId: string) {
  const response = await request.post("/api/graphql", {
    headers: { origin },
    data: {
      query:
        "mutation ($eventId: ID!, $input: RegisterInput!) { register(eventId: $eventId, input: $input) { id status } }",
      variables: { eventId, input: { answers: [] } },
    },
  });
  const body = (await response.json()) as { data?: { register: { id: string; status: string } } };
  if (!body.data) throw new Error(`register: ${JSON.stringify(body)}`);
  return body.data.register;
}
