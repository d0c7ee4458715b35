import type { PropertyActivity, ReportWindow } from "./agent-report.entity";

/** The agent's reports read model, summed by the store (SUM/COUNT in the database). */
export interface AgentReportsReader {
  /**
   * One row per property the agent lists (hidden and closed ones too, and ones with no activity,
   * as zeros), never another agent's: views on the window's days, visit bookings created inside it
   * that count (countsAsVisitBooking), and viewings whose outcome 'confirmed' was recorded inside it.
   */
  activityByProperty(agentId: string, window: ReportWindow): Promise<PropertyActivity[]>;
}
