// A booking attempt (SPEC §3): a signed-in guest with platform access asked a host for a stay.
// The host is reached on WhatsApp; whatsappMessageSent turns true when the guest really left for
// WhatsApp through our redirect (never when the form was merely submitted).
export type BookingLanguage = "en" | "fr";

export interface BookingAttempt {
  id: string;
  userId: string;
  guestHouseId: string;
  attemptDate: Date;
  checkIn: string;
  checkOut: string;
  guests: number;
  message: string;
  /** The language of the prefilled WhatsApp message: the guest's language when they asked. */
  language: BookingLanguage;
  whatsappMessageSent: boolean;
}

/** An attempt as the guest's profile lists it. */
export interface BookingAttemptSummary {
  id: string;
  guestHouseId: string;
  guestHouseName: string;
  attemptDate: Date;
  /** Null on attempts recorded before stays were asked for. */
  checkIn: string | null;
  checkOut: string | null;
  guests: number | null;
  whatsappMessageSent: boolean;
}

export const BOOKING_ATTEMPTS_LISTED = 20;
