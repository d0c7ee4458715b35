// What the one-shot scripts (payments:reconcile, alerts:send, notices:send) share: read the
// configuration, open and migrate the database, do the work, close, and exit with its code (1 and
// a plain message on a configuration error or a crash).
import { pathToFileURL } from "node:url";
import { ConfigError, loadConfig, type Config } from "#infrastructure/config/config";
import { connect, type DatabaseHandle } from "#infrastructure/db/connection";
import { checkSchema, migrateDatabase, SchemaMismatchError } from "#infrastructure/db/migrate";

/** Runs `work` when `moduleUrl` is the script node was started with (not when a test imports it). */
export function runScript(moduleUrl: string, work: (config: Config, database: DatabaseHandle) => Promise<number>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const main = async (): Promise<number> => {
    const config = loadConfig();
    const database = connect({ url: config.databaseUrl });
    try {
      // Like the server: migrate under the lock, or (MIGRATE_ON_START=false) only refuse a mismatched schema.
      if (config.database.migrateOnStart) await migrateDatabase(database);
      else await checkSchema(database);
      return await work(config, database);
    } finally {
      await database.close();
    }
  };
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof ConfigError || error instanceof SchemaMismatchError) console.error(error.message);
      else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
      process.exit(1);
    },
  );
}
