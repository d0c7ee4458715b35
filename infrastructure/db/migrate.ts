import { Migrator, type Kysely, type MigrationProvider } from "kysely";
import { migrations } from "../../migrations/index";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs every pending migration; throws with the failing migration's name.
 * `schema` (PostgreSQL) keeps Kysely's bookkeeping tables in that schema: without it Kysely
 * would find another schema's tables and think its own exist.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  // Migrations written in parallel may land out of name order; each is independent, so run any missing one.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
