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
