// npm run db:migrate: applies every pending migration to DATABASE_URL (the server also does this on
// start unless MIGRATE_ON_START=false), under the lock concurrent starts wait on (decision 0130).
import { ConfigError, loadConfig } from "#infrastructure/config/config";
import { connect } from "#infrastructure/db/connection";
import { migrateDatabase, SchemaMismatchError } from "#infrastructure/db/migrate";

try {
  const config = loadConfig();
  const database = connect({ url: config.databaseUrl });
  const applied = await migrateDatabase(database);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof SchemaMismatchError ? error.message : error);
  process.exit(1);
}
