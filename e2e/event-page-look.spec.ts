import { type APIRequestContext, type Browser, expect, type Page, test } from "@playwright/test";
import sharp from "sharp";
import { sampleEventInput } from "#server/test/event-input.ts";
import { expectAccessible } from "./support/axe.ts";
import { createEventByApi, registerByApi, uploadCommunityAsset } from "./support/events.ts";
import { scrollsSideways } from "./support/layout.ts";
import { E2E_PORT } from "./support/paths.ts";
import { saveThemedScreenshots } from "./support/screenshots.ts";
import { createCommunityByApi, signInByApi } from "./support/session.ts";

const origin = `http://localhost:${E2E_PORT}`;

async function graphql(request: APIRequestContext, query: string, variables: Record<string, unknown>) {
  const response = await request.post("/api/graphql", { headers: { origin }, data: { query, variables } });
  const body = (await response.json()) as { data?: unknown; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body));
  return body.data;
}

/** A soft two-colour picture, as a cover or a logo. */
async function picture(width: number, height: number, from: string, to: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width * 0.7}" cy="${height * 0.35}" r="${height * 0.25}" fill="#ffffff" fill-opacity="0.35"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** People signed in on their own, each registered for the event. */
async function goingPeople(browser: Browser, eventId: string, names: string[]) {
  for (const name of names) {
    const context = await browser.newContext();
    await signInByApi(context.request, name);
    await registerByApi(context.request, eventId);
    await context.close();
  }
}

/** Both widths, both themes: no sideways scrolling, axe clean, and pictures to look at. */
async function lookAt(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await scrollsSideways(page), `${name} at ${width} px scrolls sideways`).toBe(false);
    await saveThemedScreenshots(page, `event-page-look-${name}-${width}`);
  }
  await expectAccessible(page, `event page (${name})`);
}

test("the event page in the community's colours: cover beside the title, who is going, hosts, calendar and share, at phone and desktop widths in both themes", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page.request, "Olivia Organizer");
  const communityId = await createCommunityByApi(page.request, "Lisbon Night Runners");
  const logoPath = await uploadCommunityAsset(
    page.request,
    communityId,
    await picture(256, 256, "#f59e0b", "#db2777"),
  );
  await graphql(
    page.request,
    "mutation ($id: ID!, $input: UpdateCommunityInput!) { updateCommunity(id: $id, input: $input) { id } }",
    { id: communityId, input: { brandColor: "#facc15", logoPath } },
  );
  const coverPath = await uploadCommunityAsset(
    page.request,
    communityId,
    await picture(1200, 600, "#1e3a8a", "#f472b6"),
  );
  const eventId = await createEventByApi(page.request, communityId, {
    title: "Sunset run along the river, then pastéis de nata",
    description:
      "We meet at the kiosk and run **8 km** at an easy pace.\n\nSupercalifragilisticexpialidociouslyunbreakablewordthatgoesonandonandonwithoutanyspacesatall.\n\n- Water on the way\n- Showers nearby",
    venueName: "Cais do Sodré kiosk",
    venueAddress: "Praça do Duque da Terceira, 1200-161 Lisboa",
    timeZone: "Pacific/Auckland",
    capacity: 30,
    coverPath,
  });
  await goingPeople(browser, eventId, ["Beatriz Lima", "سلمى حداد", "Tomás Sousa"]);

  // A signed-out visitor, in another zone than the event's.
  const visitor = await browser.newContext({ timezoneId: "Europe/Lisbon" });
  const guest = await visitor.newPage();
  await guest.goto(`/e/${eventId}`);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText(/Sunset run/);
  // The header carries the community, not the Commons logo.
  await expect(guest.getByRole("banner").getByRole("link", { name: "Lisbon Night Runners" })).toBeVisible();
  await expect(guest.getByRole("link", { name: "Commons home" })).toHaveCount(0);
  await expect(guest.getByTestId("viewer-time")).toHaveText(/Your time: /);
  await expect(guest.getByText("Free", { exact: true })).toBeVisible();
  await expect(guest.getByRole("list", { name: "People going" }).getByRole("listitem")).toHaveCount(3);
  await expect(guest.getByText("3 going").first()).toBeVisible();
  for (const name of ["Google Calendar", "Outlook", "Apple, other (.ics)", "Copy link"]) {
    await expect(
      guest.getByRole(name === "Copy link" ? "button" : "link", {
        name: new RegExp(name.replace(/[()]/g, "\\$&")),
      }),
    ).toBeVisible();
  }
  await expect(guest.getByRole("link", { name: /OpenStreetMap/ })).toHaveAttribute(
    "href",
    /openstreetmap\.org\/search/,
  );
  // The brand yellow fills buttons on the dark theme; on the light one, where it would be too
  // light to read as text, a darker shade of it does.
  const fill = async (theme: "light" | "dark") => {
    await guest.evaluate((next) => {
      document.documentElement.className = next;
      // Colours move between themes through CSS transitions: read them once they have arrived.
      return Promise.all(
        document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
      );
    }, theme);
    return guest
      .getByRole("button", { name: "Register" })
      .evaluate((b) => getComputedStyle(b).backgroundColor);
  };
  expect(await fill("dark")).toBe("rgb(250, 204, 21)");
  expect(await fill("light")).not.toBe("rgb(250, 204, 21)");
  await lookAt(guest, "cover");
  // On a desktop the registration card stays in view while the description scrolls past.
  await expect(
    guest.getByRole("complementary", { name: "Registration and sharing" }).locator("> div"),
  ).toHaveCSS("position", "sticky");

  // The organizer hides the guest list: the count stays, the faces go.
  const saved = (await graphql(
    page.request,
    "query ($id: ID!) { event(id: $id) { ticketTypes { id name } } }",
    {
      id: eventId,
    },
  )) as { event: { ticketTypes: { id: string; name: string }[] } };
  await graphql(
    page.request,
    "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
    {
      id: eventId,
      input: sampleEventInput(20, {
        title: "Sunset run along the river, then pastéis de nata",
        timeZone: "Pacific/Auckland",
        capacity: 30,
        guestListVisible: false,
        ticketTypes: saved.event.ticketTypes,
      }),
    },
  );
  await guest.reload();
  await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(guest.getByRole("list", { name: "People going" })).toHaveCount(0);
  await expect(guest.getByText("3 going").first()).toBeVisible();

  // No cover, a right-to-left title and a long word: a gradient stands in, nothing overflows.
  const plainId = await createEventByApi(page.request, communityId, {
    title: "ركض عند الغروب على ضفاف النهر InternationalisationWorkshopForEveryoneWhoLovesRunning",
    venueName: null,
    venueAddress: null,
    onlineUrl: "https://meet.example.org/a-very-long-meeting-room-name-that-keeps-going-and-going",
    timeZone: "Europe/Lisbon",
  });
  await guest.goto(`/e/${plainId}`);
  await expect(guest.getByTestId("cover-fallback")).toBeVisible();
  await expect(guest.getByText("Online event")).toBeVisible();
  await lookAt(guest, "no-cover");
  await visitor.close();
});
