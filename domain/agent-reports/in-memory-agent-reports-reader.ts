import type { Booking } from "../booking/booking.entity";
import { countsAsVisitBooking, type PropertyActivity, type ReportWindow } from "./agent-report.entity";
import type { AgentReportsReader } from "./agent-reports-reader.port";
import type { ViewDay } from "./in-memory-property-view-tally";

/** What the in-memory reader reads: the listings, the bookings and the daily view counts. */
export interface AgentReportsSource {
  properties(): Array<{ id: string; agentId: string; title: string; neighbourhood?: string }>;
  bookings(): Booking[];
  viewDays(): ViewDay[];
}

const inside = (at: Date | null, w: ReportWindow) => at !== null && at.getTime() >= w.from.getTime() && at.getTime() < w.to.getTime();

export class InMemoryAgentReportsReader implements AgentReportsReader {
  constructor(private readonly source: AgentReportsSource) {}

  async activityByProperty(agentId: string, window: ReportWindow): Promise<PropertyActivity[]> {
    const bookings = this.source.bookings();
    const views = this.source.viewDays();
    return this.source
      .properties()
      .filter((p) => p.agentId === agentId)
      .map((p) => ({
        propertyId: p.id,
        title: p.title,
        neighbourhood: p.neighbourhood ?? "",
        views: views
          .filter((v) => v.propertyId === p.id && v.day >= window.firstDay && v.day <= window.lastDay)
          .reduce((s, v) => s + v.views, 0),
        visitBookings: bookings.filter((b) => b.propertyId === p.id && countsAsVisitBooking(b) && inside(b.createdAt, window)).length,
        confirmedViewings: bookings.filter(
          (b) => b.propertyId === p.id && b.viewingOutcome === "confirmed" && inside(b.viewingRecordedAt, window),
        ).length,
      }));
  }
}
