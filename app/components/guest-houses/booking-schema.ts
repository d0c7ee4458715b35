// The guest-house booking form's schema, shared by the form (Conform) and the action. Messages are
// i18n keys named after the domain's error codes; the domain (checkStay) checks the same rules
// again and decides what needs the database (capacity, blocked nights, access).
import { z } from "zod";
import { BOOKING_MESSAGE_MAX } from "#domain/guest-house-booking/stay";
import { hasForbiddenControls } from "~/utils/clean-key";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date field: a missing date (empty, or only spaces) asks for that date ("Choose your check-in
 * date"); "Enter the dates as calendar dates" is only for something typed that is not a date.
 */
const date = (required: string) =>
  z
    .string({ required_error: required, invalid_type_error: "guest-houses:errors.invalid_date" })
    .trim()
    .min(1, required)
    .refine((v) => v === "" || ISO_DATE.test(v), "guest-houses:errors.invalid_date");

export const guestHouseBookingSchema = z
  .object({
    checkIn: date("guest-houses:errors.check_in_required"),
    checkOut: date("guest-houses:errors.check_out_required"),
    guests: z.coerce
      .number({ required_error: "guest-houses:errors.invalid_guests", invalid_type_error: "guest-houses:errors.invalid_guests" })
      .int("guest-houses:errors.invalid_guests")
      .min(1, "guest-houses:errors.invalid_guests")
      .max(1000, "guest-houses:errors.invalid_guests"),
    message: z
      .string({ invalid_type_error: "guest-houses:errors.message_too_long" })
      .max(BOOKING_MESSAGE_MAX * 4, "guest-houses:errors.message_too_long")
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .max(BOOKING_MESSAGE_MAX, "guest-houses:errors.message_too_long")
          .refine((v) => !hasForbiddenControls(v), "guest-houses:errors.invalid_message"),
      )
      .default(""),
  })
  // Compared only once both are dates: a missing or malformed one has its own message.
  .refine((v) => !ISO_DATE.test(v.checkIn) || !ISO_DATE.test(v.checkOut) || v.checkOut > v.checkIn, {
    path: ["checkOut"],
    message: "guest-houses:errors.check_out_not_after_check_in",
  });

export type GuestHouseBookingForm = z.infer<typeof guestHouseBookingSchema>;
