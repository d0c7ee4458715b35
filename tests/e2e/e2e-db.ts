// The e2e server's SQLite file (playwright.config.ts sets E2E_DB_FILE per port), opened for a
// spec's own setup rows and checks (not a spec file).
import path from "node:path";
import Database from "better-sqlite3";

export const DB_FILE = path.resolve(process.env.E2E_DB_FILE ?? "tests/.tmp/e2e/kamernest.db");

/** Runs `work` on a connection that waits for the server's write lock, then closes it. */
export function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(DB_FILE, { fileMustExist: true });
  db.pragma("busy_timeout = 5000");
  try {
    return work(db);
  } finally {
    db.close();
  }
}
