import type { VisitingHours } from "./visiting-hours";

export type BookablePropertyStatus = "available" | "booked" | "sold" | "unavailable" | "rented_out";

/** The facts about a property that booking a visit depends on. */
export interface BookableProperty {
  id: string;
  agentId: string;
  title: string;
  status: BookablePropertyStatus;
  isAvailable: boolean;
  hidden: boolean;
  visitingHours: VisitingHours;
}

export interface BookingPropertyReader {
  findPropertyForBooking(id: string): Promise<BookableProperty | null>;
}
