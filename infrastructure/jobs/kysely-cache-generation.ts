// A counter in the database that says "the data behind cached pages changed" to every instance
// (issue 13, docs/decisions/0134): the instance that changed something bumps it, the others see
// the new value at their next poll and empty their page cache. One small row, read by primary key.
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface SharedCacheGeneration {
  /** Tells every instance that cached pages may be stale. */
  bump(): Promise<void>;
  /** The current value; a change since the last read means "empty your cache". */
  read(): Promise<number>;
}

export class KyselyCacheGeneration implements SharedCacheGeneration {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly name = "pages",
  ) {}

  async bump(): Promise<void> {
    await this.db
      .insertInto("cache_generations")
      .values({ name: this.name, generation: 1 })
      .onConflict((oc) => oc.column("name").doUpdateSet({ generation: sql<number>`cache_generations.generation + 1` }))
      .execute();
  }

  async read(): Promise<number> {
    const row = await this.db.selectFrom("cache_generations").select("generation").where("name", "=", this.name).executeTakeFirst();
    return Number(row?.generation ?? 0);
  }
}
