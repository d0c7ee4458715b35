import { sql, type Kysely } from "kysely";

// Issue 32 (decision 0237): the first sign-in greets "Welcome to KamerNest", later ones "Welcome
// back". When the account last signed in; null until its first sign-in. An account that already
// has a session signed in before: it is given its latest session's start.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profiles").addColumn("last_sign_in_at", "text").execute();
  await sql`update profiles set last_sign_in_at = (select max(s.created_at) from sessions s where s.user_id = profiles.id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("profiles").dropColumn("last_sign_in_at").execute();
}
