// Once per period across every instance (issue 13, docs/decisions/0133). Each background job has a
// row holding when it last started, on any instance. An instance whose timer fires runs the job
// only if its conditional update of that row wins: "set last_run_at = now where last_run_at is old
// enough". On PostgreSQL a second instance updating at the same moment waits for the first's row
// lock, then re-reads the row and finds it no longer matches; SQLite runs writes one at a time. So
// one database row, one winner, on both engines, with no lock held while the job runs.
import os from "node:os";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema";

export interface JobLeases {
  /** True when this instance should run `job` now: no instance started it within the period. */
  claim(job: string, periodMs: number): Promise<boolean>;
}

/**
 * Once per calendar period (the weekly payout, decision 0223): the row holds the start of the last
 * period claimed, and a claim wins only for a later period. A second instance, or this one after a
 * restart, in the same period finds the row already there and does nothing.
 */
export interface PeriodLeases {
  claimPeriod(job: string, periodStart: Date): Promise<boolean>;
  /** Counts `periodStart` as claimed when the job has never run anywhere (its first period is the next one). */
  armPeriod(job: string, periodStart: Date): Promise<void>;
}

/**
 * A run is due once 90 % of the period has passed since the last start anywhere: two instances'
 * timers drift, and claiming a little early is better than skipping a whole period.
 */
export const DUE_FRACTION = 0.9;

export class KyselyJobLeases implements JobLeases, PeriodLeases {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly holder = `${os.hostname()}:${process.pid}`,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async claim(job: string, periodMs: number): Promise<boolean> {
    const now = this.now();
    const dueBefore = new Date(now.getTime() - periodMs * DUE_FRACTION).toISOString();
    await this.ensureRow(job);
    const result = await this.db
      .updateTable("job_leases")
      .set({ last_run_at: now.toISOString(), holder: this.holder, runs: sql<number>`runs + 1` })
      .where("job", "=", job)
      .where("last_run_at", "<=", dueBefore)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async claimPeriod(job: string, periodStart: Date): Promise<boolean> {
    await this.ensureRow(job);
    // ISO-8601 UTC text of one length orders as time does.
    const result = await this.db
      .updateTable("job_leases")
      .set({ last_run_at: periodStart.toISOString(), holder: this.holder, runs: sql<number>`runs + 1` })
      .where("job", "=", job)
      .where("last_run_at", "<", periodStart.toISOString())
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async armPeriod(job: string, periodStart: Date): Promise<void> {
    await this.db
      .insertInto("job_leases")
      .values({ job, last_run_at: periodStart.toISOString(), holder: this.holder })
      .onConflict((oc) => oc.column("job").doNothing())
      .execute();
  }

  private async ensureRow(job: string): Promise<void> {
    await this.db
      .insertInto("job_leases")
      .values({ job, last_run_at: new Date(0).toISOString(), holder: "" })
      .onConflict((oc) => oc.column("job").doNothing())
      .execute();
  }
}
