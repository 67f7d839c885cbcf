import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addMember,
  createCommunity,
  createEvent,
  quickSignIn,
  registerFor,
} from "#server/modules/events/events-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { parseCsv } from "#server/test/parse-csv.ts";
import { parseIcs, parseIcsUtc } from "#shared/ics.ts";
import { csvCell } from "./csv.ts";

let t: TestServer;
let owner: TestBrowser;
let communityId: string;

beforeAll(async () => {
  t = await startTestServer({ overrides: { jobs: { pollIntervalMs: 3_600_000, testHoldMs: 3_600_000 } } });
  const distDir = path.join(t.config.dataDir, "no-client");
  mkdirSync(distDir, { recursive: true });
  writeFileSync(
    path.join(distDir, "index.html"),
    '<!doctype html><html><head><meta charset="utf-8"><meta name="description" content="Commons: run your community."><title>Commons</title></head><body><div id="root"></div></body></html>',
  );
  owner = t.browser();
  await owner.signIn(uniqueEmail("owner"), "Olga Owner");
  communityId = await createCommunity(owner, "Night Owls");
});
afterAll(() => t.close());

describe("calendar file", () => {
  it("serves the event as iCalendar with UTC times and the place", async () => {
    const event = await createEvent(owner, communityId, {
      title: "Stargazing, with snacks; bring a blanket",
      timeZone: "America/New_York",
      startsAtLocal: "2030-03-10T19:00",
      endsAtLocal: "2030-03-10T22:00",
      venueName: "Hilltop",
      venueAddress: "1 Ridge Rd, Beacon",
    });
    const response = await t.browser().fetch(`/api/events/${event.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/calendar");
    const [vevent] = parseIcs(await response.text());
    expect(vevent?.SUMMARY).toBe("Stargazing, with snacks; bring a blanket");
    expect(vevent?.DTSTART).toBe("20300310T230000Z");
    expect(parseIcsUtc(vevent?.DTEND ?? "")?.toISOString()).toBe("2030-03-11T02:00:00.000Z");
    expect(vevent?.LOCATION).toBe("Hilltop, 1 Ridge Rd, Beacon");
    expect(vevent?.URL).toBe(`${t.url}/e/${event.id}`);
    expect(vevent?.STATUS).toBe("CONFIRMED");
  });

  it("follows the event's visibility", async () => {
    const draft = await createEvent(owner, communityId, {}, false);
    expect((await t.browser().fetch(`/api/events/${draft.id}/calendar.ics`)).status).toBe(404);
    const membersOnly = await createEvent(owner, communityId, { visibility: "MEMBERS" });
    expect((await t.browser().fetch(`/api/events/${membersOnly.id}/calendar.ics`)).status).toBe(401);
    expect((await owner.fetch(`/api/events/${membersOnly.id}/calendar.ics`)).status).toBe(200);
  });
});

describe("registrations export", () => {
  it("exports every registration with answers, quoted and defused, for managers only", async () => {
    const event = await createEvent(owner, communityId, {
      title: "Workshop",
      capacity: 1,
      questions: [
        { kind: "SHORT_TEXT", label: "Company, if any", required: false },
        { kind: "MULTIPLE_CHOICE", label: "Tracks", required: false, options: ["A", "B"] },
      ],
    });
    const [company, tracks] = event.questions.map((q) => q.id) as [string, string];
    const a = await quickSignIn(t, 'Ann "The Hacker" Lee');
    const b = await quickSignIn(t, "=HYPERLINK(evil)");
    await registerFor(a.browser, event.id, {
      answers: [
        { questionId: company, values: ["ACME, Inc.\nBerlin"] },
        { questionId: tracks, values: ["A", "B"] },
      ],
    });
    await registerFor(b.browser, event.id, { answers: [{ questionId: company, values: ["@home"] }] });

    const response = await owner.fetch(`/api/events/${event.id}/registrations.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([
      "Name",
      "Email",
      "Status",
      "Ticket type",
      "Registered at",
      "Checked in at",
      "Company, if any",
      "Tracks",
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]?.slice(0, 4)).toEqual([
      'Ann "The Hacker" Lee',
      expect.stringContaining("@"),
      "going",
      "General",
    ]);
    expect(new Date(rows[1]?.[4] ?? "").toISOString()).toBe(rows[1]?.[4]);
    expect(rows[1]?.slice(5)).toEqual(["", "ACME, Inc.\nBerlin", "A; B"]);
    expect(rows[2]?.[0]).toBe("'=HYPERLINK(evil)");
    expect(rows[2]?.[2]).toBe("waitlisted");
    expect(rows[2]?.[6]).toBe("'@home");

    const filtered = parseCsv(
      (
        await (await owner.fetch(`/api/events/${event.id}/registrations.csv?status=WAITLISTED`)).text()
      ).replace(/^\uFEFF/, ""),
    );
    expect(filtered).toHaveLength(2);
    expect((await a.browser.fetch(`/api/events/${event.id}/registrations.csv`)).status).toBe(403);
    expect((await t.browser().fetch(`/api/events/${event.id}/registrations.csv`)).status).toBe(401);
    const organizer = await quickSignIn(t, "Org");
    await addMember(t, communityId, organizer.id, "organizer");
    expect((await organizer.browser.fetch(`/api/events/${event.id}/registrations.csv`)).status).toBe(200);
  });

  it("defuses formula cells", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+49 30")).toBe("'+49 30");
    expect(csvCell("-5")).toBe("'-5");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell("plain")).toBe("plain");
  });
});

describe("link previews", () => {
  it("puts Open Graph tags into the page of a public event, escaped", async () => {
    const event = await createEvent(owner, communityId, {
      title: 'Jazz & "Blues" <night>',
      description: "An evening of **live** music. [Tickets](https://x.test/buy_(now)) ![poster](p.png)",
    });
    const response = await t.browser().fetch(`/e/${event.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta property="og:title" content="Jazz &amp; &quot;Blues&quot; &lt;night&gt;">');
    expect(html).toContain('<meta property="og:description" content="An evening of live music. Tickets">');
    expect(html).toContain(`<meta property="og:url" content="${t.url}/e/${event.id}">`);
    expect(html).toContain('<meta property="og:type" content="event">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain("<title>Jazz &amp; &quot;Blues&quot; &lt;night&gt; · Night Owls</title>");
    expect(html).not.toContain("<title>Commons</title>");
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="An evening of live music. Tickets">');
    expect(html).toContain('<div id="root"></div>');
  });

  it("serves the plain app for drafts and members-only events: 404 where the visitor cannot see it at all", async () => {
    const draft = await createEvent(owner, communityId, { title: "Hidden draft" }, false);
    const membersOnly = await createEvent(owner, communityId, {
      title: "Members night",
      visibility: "MEMBERS",
    });
    for (const [event, status] of [
      [draft, 404],
      [membersOnly, 200],
    ] as const) {
      const response = await t.browser().fetch(`/e/${event.id}`);
      expect(response.status).toBe(status);
      const html = await response.text();
      expect(html).toContain("<title>Commons</title>");
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain("og:title");
      expect(html).not.toContain(event.title);
    }
    expect((await owner.fetch(`/e/${draft.id}`)).status).toBe(200);
  });
});

describe("pages that do not exist", () => {
  it("answer 404 with the app, which shows Not Found, for unknown event ids and unknown paths", async () => {
    for (const path of [
      "/e/00000000-0000-4000-8000-000000000000",
      "/e/not-an-id",
      "/no/such/page",
      "/dashboard/some-id/nothing-here",
    ]) {
      const response = await t.browser().fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('<div id="root"></div>');
    }
  });

  it("answer 200 for every path the client has a screen for", async () => {
    for (const path of ["/", "/login", "/terms", "/dashboard", `/dashboard/${communityId}/events`, "/me"]) {
      expect((await t.browser().fetch(path)).status, path).toBe(200);
    }
  });
});
