import type { DomainError } from "../shared/result";
import type { StayErrorCode } from "./stay";

export type GuestHouseBookingErrorCode =
  | StayErrorCode
  | "guest-houses.guest_house_not_found" // unknown, or hidden from visitors
  | "guest-houses.own_guest_house_forbidden" // the host asking for their own house
  | "guest-houses.access_required" // no valid platform access: pay /guest-house-payment first
  | "guest-houses.message_too_long"
  | "guest-houses.host_unreachable" // the host's WhatsApp number is unusable
  | "guest-houses.attempt_not_found";

export type GuestHouseBookingError = DomainError<GuestHouseBookingErrorCode>;
