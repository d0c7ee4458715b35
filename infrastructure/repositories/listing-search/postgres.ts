// The listing search's SQL that only PostgreSQL runs: the one-statement count that tests the agent
// by exclusion (decision 0159) and the generic plan for the benchmark (decision 0176).
import { CompiledQuery, sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { countIndex, filtered, notHidden, preparedSearch, unapprovedAgents, type KeywordPlan, type SearchFilters } from "./shared";

/**
 * visibleToStudents for PostgreSQL's count: "no agent of this listing is unapproved" rather than
 * "its agent is approved". The same rows (every listing has its agent: a NOT NULL foreign key;
 * verification_status is NOT NULL), but PostgreSQL tests NOT IN against the few unapproved agents
 * hashed once per statement, where EXISTS was a cached index probe of agents for each listing read.
 */
function visibleToStudentsByExclusion(eb: ExpressionBuilder<Database, "properties">) {
  return eb.and([notHidden(eb), eb("properties.agent_id", "not in", unapprovedAgents(eb))]);
}

function postgresCountQuery(db: Kysely<Database>, c: SearchFilters, plan: KeywordPlan, cap: number): CompiledQuery<{ n: number }> {
  const filteredMatches = filtered(
    db.selectFrom("properties").select(sql<number>`1`.as("one")),
    c,
    "postgres",
    plan,
    visibleToStudentsByExclusion,
  );
  // Asked in a covering index's order, so the planner reads it: by neighbourhood, the range of
  // each one named (decision 0170); else the index countIndex chooses (decision 0171).
  const matches = (
    c.neighbourhoods.length > 0
      ? filteredMatches.orderBy("properties.neighbourhood").orderBy("properties.monthly_rent")
      : filteredMatches.orderBy(`properties.${countIndex(c).column}`)
  ).limit(cap);
  return db
    .selectFrom(matches.as("matches"))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .compile();
}

export const preparedPostgresCount = preparedSearch((db, c, shape, slot, limit) =>
  postgresCountQuery(db, c, shape.plan, limit ?? slot("cap")),
);

/**
 * PostgreSQL: the plan of a statement prepared without its values, the generic plan PostgreSQL
 * keeps for a named statement once it finds it no worse than planning each run (decision 0159).
 * EXPLAIN with values shows the plan for those values instead.
 */
export async function explainGenericPlan(db: Kysely<Database>, compiled: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await trx.executeQuery(CompiledQuery.raw(`prepare kn_generic_plan as ${compiled.sql}`));
    // EXECUTE takes no bound parameters: the values go in as Kysely's literals.
    const values = compiled.parameters.length > 0 ? sql`(${sql.join(compiled.parameters.map((v) => sql.lit(v)))})` : sql``;
    const result = await sql<{ "QUERY PLAN": string }>`explain execute kn_generic_plan${values}`.execute(trx);
    await trx.executeQuery(CompiledQuery.raw("deallocate kn_generic_plan"));
    return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}

/** PostgreSQL's plan for a statement with its values; `analyze` runs it and adds actual times and row counts. */
export async function explainPostgres(db: Kysely<Database>, compiled: CompiledQuery, analyze: boolean): Promise<string> {
  const prefix = analyze ? "explain (analyze, buffers off, costs off, timing on)" : "explain";
  const result = await db.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`${prefix} ${compiled.sql}`, [...compiled.parameters]));
  return result.rows.map((r) => r["QUERY PLAN"]).join("\n");
}
