import { randomUUID } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { user } from "./users.tables.ts";

/** What other modules show of a person. */
export type Person = { id: string; name: string; email: string; image: string | null };

const personColumns = { id: user.id, name: user.name, email: user.email, image: user.image };

/**
 * People for lists that search and sort their own rows by a person's name or address in one
 * statement (registrations): join on `people.id`, read only the person columns.
 */
export const people = user;

/** Several people in one query, ordered by id; unknown ids are left out. */
export async function listUsers(db: Pick<Db, "select">, ids: string[]): Promise<Person[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.select(personColumns).from(user).where(inArray(user.id, unique)).orderBy(asc(user.id));
}

/** Whether the account exists and was not deleted. */
export async function isLiveUser(db: Pick<Db, "select">, id: string): Promise<boolean> {
  const [row] = await db.select({ deletedAt: user.deletedAt }).from(user).where(eq(user.id, id)).limit(1);
  return row !== undefined && row.deletedAt === null;
}

/** The account holding this address, or a new unverified one that a sign-in code later proves. */
export async function userIdForEmail(tx: Db, email: string): Promise<string> {
  await tx
    .insert(user)
    .values({ id: randomUUID(), name: "", email, emailVerified: false })
    .onConflictDoNothing();
  const [found] = await tx.select({ id: user.id }).from(user).where(eq(user.email, email)).limit(1);
  if (!found) throw new Error("the account for this address vanished");
  return found.id;
}

/** The accounts holding these addresses (compared lower-cased), keyed by the lower-cased address. */
export async function usersByEmail(db: Pick<Db, "select">, emails: string[]): Promise<Map<string, Person>> {
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select(personColumns)
    .from(user)
    .where(inArray(sql`lower(${user.email})`, wanted));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}

/**
 * The accounts holding these lower-cased addresses, creating unverified ones for the rest (claimed
 * later by signing in with a code for that address), keyed by address. A new account takes the
 * name given for it; an existing one keeps its own.
 */
export async function accountsForEmails(
  tx: Db,
  people: readonly { email: string; name: string }[],
): Promise<Map<string, string>> {
  if (people.length === 0) return new Map();
  const ids = await accountIdsByEmail(
    tx,
    people.map((p) => p.email),
  );
  const missing = people.filter((p) => !ids.has(p.email));
  if (missing.length === 0) return ids;
  // One JSON parameter for the whole set: building thousands of bound values costs more than the insert.
  const rows = JSON.stringify(missing.map((p) => ({ id: randomUUID(), name: p.name, email: p.email })));
  const created = await tx.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select r.id, r.name, r.email, false from jsonb_to_recordset(${rows}::jsonb) as r(id text, name text, email text)
    on conflict (email) do nothing
    returning id, email`);
  for (const row of (created as unknown as { rows: { id: string; email: string }[] }).rows)
    ids.set(row.email, row.id);
  // Accounts created meanwhile by someone else (a sign-up, another import) are read back.
  const raced = missing.filter((p) => !ids.has(p.email)).map((p) => p.email);
  for (const [email, id] of await accountIdsByEmail(tx, raced)) ids.set(email, id);
  return ids;
}

/**
 * Account ids for lower-cased addresses, keyed by address. Addresses are stored lower-cased (sign-in
 * and guest registration lower-case them), so the unique index answers, however many are asked.
 */
export async function accountIdsByEmail(
  db: Pick<Db, "select">,
  emails: string[],
): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.email, emails));
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** Whether this person has a second factor turned on (an authenticator app, texts, or both). */
export async function hasSecondFactorOn(db: Pick<Db, "select">, userId: string): Promise<boolean> {
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.on === true;
}
