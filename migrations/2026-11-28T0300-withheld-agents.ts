import { sql, type Kysely } from "kysely";

// Issue 30: an approved agent whose account is suspended, or is no longer an agent, is 'withheld'
// (domain/accounts/owner-standing.ts): their listings leave every page that tests for 'approved'.
// From now on the use cases keep it so; this puts the accounts changed before in step. The
// neighbourhood counts follow through their trigger on agents (migration 0027).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update agents set verification_status = 'withheld'
    where verification_status = 'approved'
      and user_id in (select id from profiles where suspended_at is not null or role <> 'agent')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update agents set verification_status = 'approved' where verification_status = 'withheld'`.execute(db);
}
