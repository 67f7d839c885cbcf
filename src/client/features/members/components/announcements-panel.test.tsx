import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  AnnouncementAudienceCountDocument,
  AnnouncementDraftsDocument,
  type AnnouncementDraftsQuery,
  AnnouncementsDocument,
  type AnnouncementsQuery,
  DeleteAnnouncementDraftDocument,
  MembersDocument,
  SendAnnouncementDocument,
  type SendAnnouncementMutationVariables,
} from "#client/gql/graphql.ts";
import { api, graphqlError, server } from "#client/test-network.ts";
import {
  memberRow,
  membersPageHandlers,
  openMembersPage as open,
  segmentFixture,
} from "./members-page-test-support.ts";

type Announcement = AnnouncementsQuery["announcements"][number];
type Draft = AnnouncementDraftsQuery["announcementDrafts"][number];

const member = (id: string, name: string) => memberRow(id, name, { eventsAttended: 0, checkIns: 0 });

const segment = segmentFixture("s1", "Volunteers", { tags: ["volunteer"] });

function announcementsServer(history: Announcement[] = [], draftList: Draft[] = []) {
  const sent: SendAnnouncementMutationVariables[] = [];
  const deleted: string[] = [];
  let kept = history;
  let drafts = draftList;
  server.use(
    api.query(AnnouncementDraftsDocument, () => HttpResponse.json({ data: { announcementDrafts: drafts } })),
    api.mutation(DeleteAnnouncementDraftDocument, ({ variables }) => {
      const id = String(variables.id);
      deleted.push(id);
      drafts = drafts.filter((d) => d.id !== id);
      return HttpResponse.json({ data: { deleteAnnouncementDraft: id } });
    }),
    ...membersPageHandlers({
      members: () => [member("m1", "Ada Guest"), member("m2", "Bo Guest")],
      segments: () => [segment],
    }),
    api.query(AnnouncementsDocument, () => HttpResponse.json({ data: { announcements: kept } })),
    api.query(AnnouncementAudienceCountDocument, ({ variables }) =>
      HttpResponse.json({
        data: {
          announcementAudienceCount: variables.audience.segmentId
            ? 12
            : variables.audience.membershipIds
              ? [variables.audience.membershipIds].flat().length
              : 40,
        },
      }),
    ),
    api.mutation(SendAnnouncementDocument, ({ variables }) => {
      sent.push(variables);
      drafts = drafts.filter((d) => d.id !== variables.input.draftId);
      const recipientCount = variables.input.audience.segmentId ? 12 : 2;
      kept = [
        {
          id: `a${kept.length + 1}`,
          subject: variables.input.subject,
          audienceLabel: variables.input.audience.segmentId ? "Segment “Volunteers”" : "2 selected members",
          sentAt: "2026-04-01T10:00:00.000Z",
          sentByName: "Ada Guest",
          recipientCount,
          deliveredCount: 0,
          failedCount: 0,
        },
        ...kept,
      ];
      return HttpResponse.json({ data: { sendAnnouncement: { id: "a-new", recipientCount } } });
    }),
  );
  return { sent, deleted };
}

describe("announcements on the members page", () => {
  it("emails a segment from the Announcements tab, with a preview, and lists it in the history", async () => {
    const network = announcementsServer([
      {
        id: "a0",
        subject: "Welcome",
        audienceLabel: "All members",
        sentAt: "2026-03-01T10:00:00.000Z",
        sentByName: "Ada Guest",
        recipientCount: 38,
        deliveredCount: 36,
        failedCount: 1,
      },
    ]);
    const { user } = await open();
    await user.click(await screen.findByRole("tab", { name: "Announcements" }));
    const history = await screen.findByRole("list", { name: "Sent announcements" });
    expect(within(history).getByText("Welcome")).toBeTruthy();
    expect(within(history).getByText("38 recipients")).toBeTruthy();
    expect(within(history).getByText("36 delivered")).toBeTruthy();
    expect(within(history).getByText("· 1 failed")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Email members" }));
    const dialog = await screen.findByRole("dialog", { name: "Email members" });
    expect(await within(dialog).findByText("Goes to 40 members.")).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("Send to"), "s1");
    expect(await within(dialog).findByText("Goes to 12 members.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Subject"), "Saturday clean-up");
    await user.type(
      within(dialog).getByLabelText("Message"),
      "Bring **gloves** <img src=x onerror=alert(1)>",
    );
    await user.click(within(dialog).getByRole("button", { name: "Preview" }));
    const preview = await within(dialog).findByText("gloves");
    expect(preview.tagName).toBe("STRONG");
    expect(dialog.querySelector("img")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Send" }));

    expect(await screen.findByText("Announcement sent to 12 members.")).toBeTruthy();
    expect(network.sent).toEqual([
      {
        communityId: "c1",
        input: {
          subject: "Saturday clean-up",
          body: "Bring **gloves** <img src=x onerror=alert(1)>",
          audience: { segmentId: "s1" },
        },
      },
    ]);
    expect(await within(history).findByText("Saturday clean-up")).toBeTruthy();
    expect(within(history).getByText("0 delivered")).toBeTruthy();
  });

  it("lists the drafts agents wrote; Send opens them in the dialog and sending takes them off the list", async () => {
    const draft = (id: string, subject: string): Draft => ({
      id,
      subject,
      body: "Thanks for **coming**!",
      fromAgent: true,
      createdAt: "2026-04-02T10:00:00.000Z",
    });
    const network = announcementsServer([], [draft("d1", "Spring recap"), draft("d2", "Old idea")]);
    const { user } = await open();
    await user.click(await screen.findByRole("tab", { name: "Announcements" }));
    const drafts = await screen.findByRole("list", { name: "Drafts to send" });
    expect(within(drafts).getAllByText(/Drafted by an agent/)).toHaveLength(2);

    await user.click(within(drafts).getByRole("button", { name: "Delete the draft “Old idea”" }));
    expect(await screen.findByText("Draft deleted.")).toBeTruthy();
    expect(network.deleted).toEqual(["d2"]);
    await waitFor(() => expect(within(drafts).queryByText("Old idea")).toBeNull());

    await user.click(within(drafts).getByRole("button", { name: "Send “Spring recap”" }));
    const dialog = await screen.findByRole("dialog", { name: "Email members" });
    expect((within(dialog).getByLabelText("Subject") as HTMLInputElement).value).toBe("Spring recap");
    expect((within(dialog).getByLabelText("Message") as HTMLTextAreaElement).value).toBe(
      "Thanks for **coming**!",
    );
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Announcement sent to 2 members.")).toBeTruthy();
    expect(network.sent).toEqual([
      {
        communityId: "c1",
        input: {
          subject: "Spring recap",
          body: "Thanks for **coming**!",
          audience: { all: true },
          draftId: "d1",
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("list", { name: "Drafts to send" })).toBeNull());
  });

  it("keeps what was typed and shows the server's reason beside the field", async () => {
    announcementsServer();
    server.use(
      api.mutation(SendAnnouncementDocument, () =>
        graphqlError("BAD_USER_INPUT", "Invalid input.", [
          { field: "subject", code: "TOO_LONG", message: "Use at most 200 characters." },
        ]),
      ),
    );
    const { user } = await open();
    await user.click(await screen.findByRole("tab", { name: "Announcements" }));
    await user.click(await screen.findByRole("button", { name: "Email members" }));
    const dialog = await screen.findByRole("dialog", { name: "Email members" });
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(within(dialog).getByText("Write a subject.")).toBeTruthy();
    expect(within(dialog).getByText("Write the message.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Subject"), "Hello");
    await user.type(within(dialog).getByLabelText("Message"), "Body text");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await within(dialog).findByText("Use at most 200 characters.")).toBeTruthy();
    expect((within(dialog).getByLabelText("Subject") as HTMLInputElement).value).toBe("Hello");
    expect((within(dialog).getByLabelText("Message") as HTMLTextAreaElement).value).toBe("Body text");
  });

  it("emails the selected rows from the bulk bar", async () => {
    const network = announcementsServer();
    const { user } = await open();
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("checkbox", { name: "Select Ada Guest" }));
    await user.click(within(table).getByRole("checkbox", { name: "Select Bo Guest" }));
    await user.click(screen.getByRole("button", { name: "Email them" }));
    const dialog = await screen.findByRole("dialog", { name: "Email members" });
    expect(within(dialog).getByText("2 members selected")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Subject"), "Just you two");
    await user.type(within(dialog).getByLabelText("Message"), "Hi!");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(network.sent).toHaveLength(1));
    expect(network.sent[0]?.input.audience).toEqual({ membershipIds: ["m1", "m2"] });
    expect(await screen.findByText("Announcement sent to 2 members.")).toBeTruthy();
  });

  it("emails every member the search and filters match after 'select all matching', sending the search", async () => {
    const network = announcementsServer();
    server.use(
      api.query(MembersDocument, () =>
        HttpResponse.json({
          data: {
            members: {
              totalCount: 40,
              totalCountCapped: false,
              pageInfo: { endCursor: "next", hasNextPage: true },
              nodes: [member("m1", "Ada Guest"), member("m2", "Bo Adams")],
            },
          },
        }),
      ),
    );
    const { user } = await open(undefined, "/dashboard/c1/members?q=ada&tag=%5B%22volunteer%22%5D");
    const table = await screen.findByRole("table", { name: /Members/ });
    await user.click(within(table).getByRole("checkbox", { name: "Select all members on this page" }));
    await user.click(screen.getByRole("button", { name: "Select all 40 members matching" }));
    await user.click(screen.getByRole("button", { name: "Email them" }));
    const dialog = await screen.findByRole("dialog", { name: "Email members" });
    expect(within(dialog).getByText("All 40 members matching “ada” and your filters")).toBeTruthy();
    expect(await within(dialog).findByText("Goes to 40 members.")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Subject"), "Ada fans");
    await user.type(within(dialog).getByLabelText("Message"), "Hi!");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(network.sent).toHaveLength(1));
    expect(network.sent[0]?.input.audience).toEqual({
      filter: expect.objectContaining({ tags: ["volunteer"], roles: null }),
      search: "ada",
    });
  });
});
