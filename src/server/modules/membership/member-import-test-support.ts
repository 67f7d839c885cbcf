import { expect } from "vitest";
import { multipart } from "#server/modules/files/storage-test-support.ts";
import type { TestBrowser } from "#server/test/harness.ts";

export type ImportResult = {
  id: string;
  status: string;
  totalRows: number | null;
  rowsDone: number;
  added: number;
  invited: number;
  skipped: number;
  rejected: number;
  error: string | null;
  reportUrl: string;
  rejectedRows: { line: number; email: string; reason: string }[];
};

export const IMPORT_FIELDS =
  "id status totalRows rowsDone added invited skipped rejected error reportUrl rejectedRows { line email reason }";

/** Stores a CSV file in the community's folder of the `member-imports` bucket; returns its path. */
export async function uploadCsv(
  browser: TestBrowser,
  communityId: string,
  text: string,
  name = "people.csv",
) {
  const path = `${communityId}/${Math.random().toString(36).slice(2, 8)}-${name}`;
  const response = await multipart(browser, "member-imports", path, new TextEncoder().encode(text), {
    type: "text/csv",
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return path;
}

export type StartInput = {
  filePath: string;
  emailColumn: number;
  nameColumn?: number | null;
  tagsColumn?: number | null;
  tags?: string[];
  role?: string;
  mode?: "ADD" | "INVITE";
};

export function startImport(browser: TestBrowser, communityId: string, input: StartInput) {
  return browser.graphql<{ startMemberImport: ImportResult }>(
    `mutation ($communityId: ID!, $input: MemberImportInput!) {
      startMemberImport(communityId: $communityId, input: $input) { ${IMPORT_FIELDS} } }`,
    { communityId, input: { role: "MEMBER", mode: "ADD", ...input } },
  );
}

export async function importById(browser: TestBrowser, id: string) {
  const result = await browser.graphql<{ memberImport: ImportResult }>(
    `query ($id: ID!) { memberImport(id: $id) { ${IMPORT_FIELDS} } }`,
    { id },
  );
  expect(result.errors).toBeUndefined();
  return result.data?.memberImport as ImportResult;
}
