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
  if (missing.length > 0) {
    await tx
      .insert(user)
      .values(missing.map((p) => ({ id: randomUUID(), name: p.name, email: p.email, emailVerified: false })))
      .onConflictDoNothing();
    for (const [email, id] of await accountIdsByEmail(
      tx,
      missing.map((p) => p.email),
    ))
      ids.set(email, id);
  }
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
