/**
 * Runs work atomically: every repository write inside `work` lands, or none does.
 * The Kysely adapter opens a database transaction; the in-memory one snapshots and restores.
 */
export interface UnitOfWork<Repos> {
  run<T>(work: (repos: Repos) => Promise<T>): Promise<T>;
}
