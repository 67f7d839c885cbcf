import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import {
  MemberImportDocument,
  type MemberImportQuery,
  type MemberImportsQuery,
  StartMemberImportDocument,
  type StartMemberImportMutationVariables,
} from "#client/gql/graphql.ts";
import { api, fieldError, server } from "#client/test-network.ts";
import { membersPageHandlers, openMembersPage } from "./members-page-test-support.ts";

type Import = MemberImportQuery["memberImport"];

const CSV =
  "Full name,E-mail,Groups\nAda Guest,ada@example.test,volunteer\nBo Guest,bo@example.test,speaker\n";

const running = (over: Partial<Import> = {}): Import => ({
  id: "imp1",
  status: "RUNNING",
  mode: "ADD",
  role: "MEMBER",
  totalRows: 1000,
  rowsDone: 500,
  added: 480,
  invited: 0,
  skipped: 5,
  rejected: 15,
  error: null,
  createdAt: "2026-03-01T10:00:00.000Z",
  finishedAt: null,
  reportUrl: "/api/communities/c1/member-imports/imp1/report.csv",
  rejectedRows: [],
  ...over,
});

/** The page's server with an import store: `imports` answers memberImports, `current` memberImport. */
function importServer(
  options: { imports?: MemberImportsQuery["memberImports"]; current?: () => Import } = {},
) {
  const started: StartMemberImportMutationVariables[] = [];
  const uploads: string[] = [];
  let refuse: "filePath" | null = null;
  server.use(
    ...membersPageHandlers({ imports: () => options.imports ?? [] }),
    api.query(MemberImportDocument, () =>
      HttpResponse.json({ data: { memberImport: options.current?.() ?? running() } }),
    ),
    api.mutation(StartMemberImportDocument, ({ variables }) => {
      started.push(variables);
      if (refuse) return fieldError(refuse, "FILE_NOT_FOUND", "Upload the CSV file first.");
      return HttpResponse.json({ data: { startMemberImport: { id: "imp1", status: "QUEUED" } } });
    }),
    http.post("/api/storage/v0/b/:bucket/o", ({ request, params }) => {
      const name = new URL(request.url).searchParams.get("name") ?? "";
      uploads.push(`${String(params.bucket)}/${name}`);
      return HttpResponse.json({ bucket: params.bucket, fullPath: name, name, generation: "1" });
    }),
  );
  return {
    started,
    uploads,
    refuseWith: (field: "filePath" | null) => {
      refuse = field;
    },
  };
}

const open = () => openMembersPage();

async function chooseFile(user: Awaited<ReturnType<typeof open>>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Import" }));
  const dialog = await screen.findByRole("dialog", { name: "Import members" });
  await user.upload(
    within(dialog).getByLabelText("CSV file"),
    new File([CSV], "people.csv", { type: "text/csv" }),
  );
  await within(dialog).findByRole("table", { name: "First rows of the file" });
  await within(dialog).findByText("Uploaded");
  return dialog;
}

const selected = (dialog: HTMLElement, label: string) => {
  const select = within(dialog).getByLabelText(label) as HTMLSelectElement;
  return select.options[select.selectedIndex]?.textContent;
};

describe("importing members", () => {
  it("uploads the file, previews it with the detected columns, and starts the import with the choices", async () => {
    const network = importServer();
    const { user } = await open();
    const dialog = await chooseFile(user);

    expect(network.uploads).toHaveLength(1);
    expect(network.uploads[0]).toMatch(/^member-imports\/c1\/[\w-]+\.csv$/);
    const preview = within(dialog).getByRole("table", { name: "First rows of the file" });
    expect(
      within(preview)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual([
      "Full nameE-mailGroups",
      "Ada Guestada@example.testvolunteer",
      "Bo Guestbo@example.testspeaker",
    ]);
    expect(selected(dialog, "Email column")).toBe("E-mail");
    expect(selected(dialog, "Name column")).toBe("Full name");
    expect(selected(dialog, "Tags column")).toBe("Groups");
    // Admins may give members and organizers, never admins.
    const role = within(dialog).getByLabelText("Role") as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(["MEMBER", "ORGANIZER"]);

    await user.selectOptions(within(dialog).getByLabelText("Tags column"), "");
    await user.type(within(dialog).getByLabelText("Tags to apply"), "spring, newsletter");
    await user.selectOptions(role, "ORGANIZER");
    await user.click(within(dialog).getByRole("radio", { name: /Add silently/ }));
    await user.click(within(dialog).getByRole("button", { name: "Start import" }));

    await within(dialog).findByRole("progressbar", { name: "Importing members" });
    expect(network.started).toEqual([
      {
        communityId: "c1",
        input: {
          filePath: network.uploads[0]?.replace("member-imports/", ""),
          emailColumn: 1,
          nameColumn: 0,
          tagsColumn: null,
          tags: ["spring", "newsletter"],
          role: "ORGANIZER",
          mode: "ADD",
        },
      },
    ]);
  });

  it("asks for the email column when none is detected", async () => {
    const network = importServer();
    const { user } = await open();
    await user.click(await screen.findByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import members" });
    await user.upload(
      within(dialog).getByLabelText("CSV file"),
      new File(["who,what\nAda,x\n"], "odd.csv", { type: "text/csv" }),
    );
    await within(dialog).findByText("Uploaded");
    await user.click(within(dialog).getByRole("button", { name: "Start import" }));
    expect(within(dialog).getByText("Choose the column with the email addresses.")).toBeTruthy();
    expect(network.started).toEqual([]);
  });

  it("keeps every choice when the server refuses, with its message next to the file", async () => {
    const network = importServer();
    network.refuseWith("filePath");
    const { user } = await open();
    const dialog = await chooseFile(user);
    await user.type(within(dialog).getByLabelText("Tags to apply"), "spring");
    await user.selectOptions(within(dialog).getByLabelText("Role"), "ORGANIZER");
    await user.click(within(dialog).getByRole("radio", { name: /Add silently/ }));
    await user.click(within(dialog).getByRole("button", { name: "Start import" }));

    const file = within(dialog).getByLabelText("CSV file");
    await waitFor(() => expect(file.getAttribute("aria-invalid")).toBe("true"));
    expect(within(dialog).getByRole("alert").textContent).toBe("Upload the CSV file first.");
    expect((within(dialog).getByLabelText("Tags to apply") as HTMLInputElement).value).toBe("spring");
    expect((within(dialog).getByLabelText("Role") as HTMLSelectElement).value).toBe("ORGANIZER");
    expect((within(dialog).getByRole("radio", { name: /Add silently/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(selected(dialog, "Email column")).toBe("E-mail");

    network.refuseWith(null);
    await user.click(within(dialog).getByRole("button", { name: "Start import" }));
    await within(dialog).findByRole("progressbar", { name: "Importing members" });
    expect(network.started.map((s) => s.input.tags)).toEqual([["spring"], ["spring"]]);
  });

  it("shows a running import's progress on the page after a reload", async () => {
    importServer({
      imports: [
        {
          id: "imp1",
          status: "RUNNING",
          totalRows: 1000,
          rowsDone: 500,
          createdAt: "2026-03-01T10:00:00.000Z",
        },
      ],
    });
    await open();
    const bar = await screen.findByRole("progressbar", { name: "Importing members" });
    expect(bar.getAttribute("aria-valuenow")).toBe("50");
    expect(screen.getByText("500 of 1,000 rows done")).toBeTruthy();
    const counts = screen.getByLabelText("Import counts");
    expect(counts.textContent).toContain("Added480");
    expect(counts.textContent).toContain("Rejected15");
  });

  it("shows a finished import's counts, its first rejected rows and the report link", async () => {
    let polls = 0;
    importServer({
      imports: [
        { id: "imp1", status: "RUNNING", totalRows: 3, rowsDone: 1, createdAt: "2026-03-01T10:00:00.000Z" },
      ],
      current: () =>
        ++polls === 1
          ? running({ totalRows: 3, rowsDone: 1, added: 1, skipped: 0, rejected: 0 })
          : running({
              status: "DONE",
              totalRows: 3,
              rowsDone: 3,
              added: 1,
              skipped: 0,
              rejected: 2,
              finishedAt: "2026-03-01T10:01:00.000Z",
              rejectedRows: [
                { line: 3, email: "not-an-address", reason: "INVALID_EMAIL" },
                { line: 4, email: "ada@example.test", reason: "DUPLICATE_IN_FILE" },
              ],
            }),
    });
    await open();
    await screen.findByRole("progressbar", { name: "Importing members" });
    await screen.findByRole("progressbar", { name: "Import finished" }, { timeout: 3000 });
    const rejected = screen.getByRole("table", { name: "Rejected rows" });
    expect(
      within(rejected)
        .getAllByRole("row")
        .map((r) => r.textContent),
    ).toEqual([
      "LineEmailReason",
      "3not-an-addressNot a valid email address",
      "4ada@example.testAlready earlier in the file",
    ]);
    const report = screen.getByRole("link", { name: "Download report" });
    expect(report.getAttribute("href")).toBe("/api/communities/c1/member-imports/imp1/report.csv");
  });
});
