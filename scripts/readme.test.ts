import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

// What a newcomer reads first: the two commands, then a tour whose steps name scripts that exist.
const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const scripts = Object.keys(
  (
    JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      scripts: Record<string, string>;
    }
  ).scripts,
);

it("opens with the two commands", () => {
  const [title, blank, fence, install, test] = readme.split("\n");
  expect([title, blank, fence]).toEqual(["# Commons", "", "```sh"]);
  expect(install).toMatch(/^npm install && npm start\s/);
  expect(test).toMatch(/^npm test\s/);
});

it("walks through the first steps before the settings table", () => {
  const headings = [...readme.matchAll(/^#{2,3} .+$/gm)].map((match) => match[0]);
  const tour = [
    "## First steps",
    "### 1. Sign in with the code from the log",
    "### 2. Create a community",
    "### 3. Publish an event",
    "### 4. Open its public page",
    "### 5. Sell a ticket through the Stripe stand-in",
    "## Configuration",
  ];
  expect(headings.filter((heading) => tour.includes(heading))).toEqual(tour);
  expect(headings.indexOf("## First steps")).toBe(0);
});

it("names only npm scripts that package.json has", () => {
  const named = [...readme.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]);
  expect(named).toContain("stripe:standin");
  expect(named.filter((name) => !scripts.includes(name as string))).toEqual([]);
});
