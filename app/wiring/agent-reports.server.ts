// Wiring of the agent's reports (domain/agent-reports, issue 9): the Kysely read model. Composed
// into Services as `agentReports`. The daily view counts it reads are written by recordView
// through the `engagement` module's `viewTally`.
import type { AgentReportDeps } from "#domain/agent-reports/agent-report.query";
import { systemClock } from "#domain/shared/clock";
import type { DatabaseHandle } from "#infrastructure/db/connection";
import { KyselyAgentReportsReader } from "#infrastructure/repositories/kysely-agent-reports-reader";

export type AgentReportsModule = AgentReportDeps;

export function createAgentReportsModule(database: DatabaseHandle): AgentReportsModule {
  return { reports: new KyselyAgentReportsReader(database.db), clock: systemClock };
}
