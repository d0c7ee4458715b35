import { CompiledQuery, PostgresAdapter, type Kysely, type QueryResult } from "kysely";

const FORCE_GENERIC = CompiledQuery.raw("set plan_cache_mode = force_generic_plan");
const RESET = CompiledQuery.raw("reset plan_cache_mode");

/**
 * Runs a statement whose best plan does not depend on its values, with PostgreSQL's generic plan:
 * planned once per connection, then kept (decision 0177). Left to choose, PostgreSQL plans a
 * prepared statement for each run's values whenever its estimate for them beats its estimate for
 * any values; for the property page's similar listings (ten index ranges in a UNION ALL, each
 * bounded by the listing's rent) that was every run, 3.4 ms of planning for 0.35 ms of work at
 * 100 000 listings, though the plan was the same for every listing.
 *
 * Only for a statement whose plan is one index range per table read whatever the values: a search
 * bounded by a rent a student typed keeps its plan made for the bound. The setting is set and reset
 * around the statement on a connection of its own (statement-batches.ts gives a SET one), the
 * three written together: one round trip. SQLite plans each statement once already (decision 0168).
 */
export async function executeWithGenericPlan<R>(db: Kysely<any>, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return db.executeQuery(query);
  return db.connection().execute(async (connection) => {
    const sent = [FORCE_GENERIC, query, RESET].map((statement) => connection.executeQuery(statement));
    // Every answer waited for, so the connection goes back to the pool only once the setting is reset.
    const [forced, result, reset] = await Promise.allSettled(sent);
    for (const answer of [result, forced, reset]) if (answer.status === "rejected") throw answer.reason;
    return (result as PromiseFulfilledResult<QueryResult<R>>).value;
  });
}
