import type { DomainError } from "../shared/result";

export type BookingErrorCode =
  | "booking.property_not_found"
  | "booking.property_unavailable" // 'This property is currently unavailable'
  | "booking.property_rented_out" // 'This property is rented out'
  | "booking.slot_taken" // 'This time slot is already booked'
  | "booking.invalid_date"
  | "booking.date_out_of_range"
  | "booking.invalid_slot"
  | "booking.invalid_visitor_name"
  | "booking.invalid_visitor_email"
  | "booking.invalid_visitor_phone"
  | "booking.message_too_long"
  | "booking.not_found"
  // Self-dealing and slot hoarding (docs/decisions/0108).
  | "booking.own_listing_forbidden" // an agent books a visit to their own listing
  | "booking.too_many_live_bookings" // params { max }
  | "booking.property_already_booked" // the student already has a live booking for this property
  // The visit lifecycle (docs/decisions/0117).
  | "booking.not_changeable" // cancelled, expired, unpaid, past, or its outcome recorded
  | "booking.already_accepted" // the agent already accepted this time
  | "booking.no_proposal" // there is no proposed time to answer
  | "booking.proposal_expired" // the proposed day is no longer bookable
  | "booking.proposal_slot_taken" // someone took the proposed time meanwhile
  | "booking.same_slot" // the new time is the booking's own
  | "booking.invalid_reason" // params { min, max }
  | "booking.changed_meanwhile"; // the booking changed between reading and writing

export type BookingError = DomainError<BookingErrorCode>;
