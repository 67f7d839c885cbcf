import { act, screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  MyJoinRequestsDocument,
  MyMembershipsDocument,
  MyPlanMembershipsDocument,
  MyRegistrationsDocument,
} from "#client/gql/graphql.ts";
import type { AuthUser } from "#client/lib/auth-client.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { api, server } from "#client/test-network.ts";

type UserChanges = { name?: string; image?: string | null };

/**
 * The auth server as /me uses it: the session reads the person as last saved, `update-user`
 * saves changes (or answers `refusal`), `sign-out` ends the session. `sent` lists each request.
 */
function authServer(refusal?: { status: number; code: string; message: string }) {
  let user: AuthUser | null = { ...adaUser };
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    http.post("/api/auth/update-user", async ({ request }) => {
      const changes = (await request.json()) as UserChanges;
      sent.push({ path: "update-user", body: changes });
      if (refusal) return HttpResponse.json(refusal, { status: refusal.status });
      if (user) user = { ...user, ...changes };
      return HttpResponse.json({ status: true });
    }),
    http.post("/api/auth/sign-out", async ({ request }) => {
      sent.push({ path: "sign-out", body: await request.json() });
      user = null;
      return HttpResponse.json({ success: true });
    }),
  );
  return { sent, session: () => user };
}

const noRegistrations = api.query(MyRegistrationsDocument, () =>
  HttpResponse.json({
    data: {
      myRegistrations: { totalCount: 0, pageInfo: { endCursor: null, hasNextPage: false }, nodes: [] },
    },
  }),
);

const noCommunities = api.query(MyMembershipsDocument, () =>
  HttpResponse.json({ data: { myCommunities: [] } }),
);

const noJoinRequests = api.query(MyJoinRequestsDocument, () =>
  HttpResponse.json({ data: { myJoinRequests: [] } }),
);

const noPlans = api.query(MyPlanMembershipsDocument, () =>
  HttpResponse.json({ data: { myPlanMemberships: [] } }),
);

const noLinkedAccounts = http.get("/api/auth/list-accounts", () => HttpResponse.json([]));
const noProviders = http.get("/api/config", () =>
  HttpResponse.json({ googleClientId: null, phoneSignIn: false, signInProviders: [] }),
);

async function openProfile(auth: ReturnType<typeof authServer>) {
  const app = await renderApp("/me", {
    signedInAs: auth.session,
    handlers: [noRegistrations, noCommunities, noJoinRequests, noPlans, noLinkedAccounts, noProviders],
  });
  await screen.findByRole("heading", { name: "Your profile" });
  return app;
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});

describe("the profile page", () => {
  it("says next to the name what is wrong with it, then saves a new name that shows everywhere", async () => {
    const auth = authServer();
    const { user } = await openProfile(auth);
    const name = screen.getByLabelText("Name") as HTMLInputElement;
    expect(name.value).toBe("Ada Guest");
    expect(screen.getByRole("button", { name: "Account menu for Ada Guest" })).toBeTruthy();

    await user.clear(name);
    await user.tab();
    const error = screen.getByText("Enter the name people will see.");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(error.id);
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(document.activeElement).toBe(name);
    expect(auth.sent).toEqual([]);

    await user.type(name, "Ada Lovelace");
    expect(screen.queryByText("Enter the name people will see.")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Save name" }));

    expect(await screen.findByText("Your name was saved.")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Account menu for Ada Lovelace" })).toBeTruthy();
    expect(auth.sent).toEqual([{ path: "update-user", body: { name: "Ada Lovelace" } }]);
    expect((screen.getByRole("button", { name: "Save name" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal of a name under the form and keeps what was typed", async () => {
    const message = "Use one line of text, without special control characters.";
    const auth = authServer({ status: 400, code: "INVALID_CHARACTERS", message });
    const { user } = await openProfile(auth);
    const name = screen.getByLabelText("Name") as HTMLInputElement;

    await user.clear(name);
    await user.type(name, "Ada the Second");
    await user.click(screen.getByRole("button", { name: "Save name" }));

    expect(await screen.findByText(message)).toBeTruthy();
    expect(name.value).toBe("Ada the Second");
    expect(screen.getByRole("button", { name: "Account menu for Ada Guest" })).toBeTruthy();
  });

  it("uploads a new photo, saves it on the profile, and removes it again", async () => {
    const auth = authServer();
    const photoUrl = "/api/storage/v0/b/avatars/o/u-ada%2Favatar.gif?alt=media";
    const uploads: string[] = [];
    server.use(
      http.post("/api/storage/v0/b/avatars/o", ({ request }) => {
        uploads.push(new URL(request.url).searchParams.get("name") ?? "");
        return HttpResponse.json({
          bucket: "avatars",
          fullPath: "u-ada/avatar.gif",
          generation: "1",
          downloadUrl: photoUrl,
        });
      }),
    );
    const { user } = await openProfile(auth);
    expect(screen.queryByRole("button", { name: "Remove photo" })).toBeNull();

    // The crop dialog is a lazy chunk: awaited inside act, React shows it once the chunk arrives.
    await act(() =>
      user.upload(
        screen.getByLabelText("Profile photo"),
        new File(["GIF89a"], "me.gif", { type: "image/gif" }),
      ),
    );
    const dialog = await screen.findByRole("dialog", { name: "Crop image" });
    await user.click(within(dialog).getByRole("button", { name: "Upload without cropping" }));

    expect(await screen.findByText("Photo updated.")).toBeTruthy();
    expect(uploads).toEqual([expect.stringMatching(/^u-ada\/avatar-\d+\.gif$/)]);
    expect(auth.sent).toEqual([{ path: "update-user", body: { image: photoUrl } }]);
    const group = screen.getByRole("group", { name: "Profile photo" });
    expect(group.querySelector("img")?.getAttribute("src")).toBe(photoUrl);

    await user.click(await screen.findByRole("button", { name: "Remove photo" }));
    expect(await screen.findByText("Photo removed.")).toBeTruthy();
    expect(auth.sent.at(-1)).toEqual({ path: "update-user", body: { image: null } });
    expect(screen.queryByRole("button", { name: "Remove photo" })).toBeNull();
  });

  it("sends a signed-out visitor to the sign-in page, which leads back to the profile", async () => {
    server.use(http.get("/api/config", () => HttpResponse.json({ googleClientId: null })));
    const { router } = await renderApp("/me");

    expect(await screen.findByRole("heading", { name: /sign in/i })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.search).toEqual({ redirect: "/me" });
    expect(screen.queryByRole("heading", { name: "Your profile" })).toBeNull();
  });

  it("signs out from the account menu and lands on the sign-in page", async () => {
    const auth = authServer();
    server.use(http.get("/api/config", () => HttpResponse.json({ googleClientId: null })));
    const { user, router } = await openProfile(auth);

    await user.click(screen.getByRole("button", { name: "Account menu for Ada Guest" }));
    await user.click(await screen.findByRole("menuitem", { name: "Sign out" }));

    expect(await screen.findByRole("heading", { name: /sign in/i })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/login");
    expect(auth.sent).toEqual([{ path: "sign-out", body: {} }]);
  });
});
