import type { BookableProperty, BookingPropertyReader } from "./booking-property-reader.port";
import { DEFAULT_VISITING_HOURS } from "./visiting-hours";

export class InMemoryBookingPropertyReader implements BookingPropertyReader {
  private readonly properties = new Map<string, BookableProperty>();

  async findPropertyForBooking(id: string): Promise<BookableProperty | null> {
    const p = this.properties.get(id);
    return p ? { ...p } : null;
  }

  /** Adds or replaces a property; unspecified fields make a visible, available listing. */
  add(property: Partial<BookableProperty> & { id: string; agentId: string }): BookableProperty {
    const full: BookableProperty = {
      title: "Room in Molyko",
      status: "available",
      isAvailable: true,
      hidden: false,
      visitingHours: DEFAULT_VISITING_HOURS,
      ...property,
    };
    this.properties.set(full.id, full);
    return full;
  }

  agentOf(propertyId: string): string | undefined {
    return this.properties.get(propertyId)?.agentId;
  }

  titleOf(propertyId: string): string | undefined {
    return this.properties.get(propertyId)?.title;
  }
}
