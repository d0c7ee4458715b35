// npm run db:migrate: applies every pending migration to DATABASE_URL (the server also does this on start).
import { ConfigError, loadConfig } from "../infrastructure/config/config";
import { connect } from "../infrastructure/db/connection";
import { migrateToLatest } from "../infrastructure/db/migrate";

try {
  const config = loadConfig();
  const database = connect({ url: config.databaseUrl });
  const applied = await migrateToLatest(database.db, database.schema);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "The database is up to date.");
  await database.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
