import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { TestBrowser, TestServer } from "#server/test/harness.ts";

/** Asks for the deletion code and reads it from the mail to `email`. */
export async function mailedDeletionCode(
  t: TestServer,
  browser: TestBrowser,
  email: string,
): Promise<string> {
  const before = t.smtp.mails.length;
  const sent = await browser.post("/api/account/deletion/code", {});
  expect(sent.status).toBe(200);
  const mail = await t.smtp.waitFor(
    (m) => t.smtp.mails.indexOf(m) >= before && m.to.includes(email) && /confirms deleting/.test(m.subject),
  );
  return mail.subject.match(/\d{6}/)?.[0] as string;
}

/** Deletes the signed-in account of `browser` with the code mailed to `email`. */
export async function deleteAccountByMail(t: TestServer, browser: TestBrowser, email: string): Promise<void> {
  const code = await mailedDeletionCode(t, browser, email);
  const done = await browser.post("/api/account/deletion", { code });
  expect(done.status, await done.clone().text()).toBe(200);
}

/** Every row of every table whose text mentions one of `needles`, as "table: row". */
export async function rowsMentioning(t: TestServer, needles: string[]): Promise<string[]> {
  const db = t.server.database.db;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    for (const needle of needles) {
      const rows = (await db.execute(
        sql`select t::text as row from ${sql.identifier(table_name)} t where strpos(lower(t::text), lower(${needle})) > 0`,
      )) as unknown as { rows: { row: string }[] };
      for (const { row } of rows.rows) found.push(`${table_name}: ${row}`);
    }
  }
  return found;
}
