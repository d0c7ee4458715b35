// The guest-house form's schema, shared by the form and the actions. It only types the fields:
// every rule (lengths, ranges, Buea's bounds, the WhatsApp number) lives in
// domain/hosting/hosted-guest-house.entity.ts and is checked there, once. Messages are i18n keys
// named after the domain's error codes.
import { z } from "zod";
import { GUEST_HOUSE_AMENITIES, NEIGHBOURHOODS, type GuestHouseDetailsInput } from "#domain/hosting/hosted-guest-house.entity";
import { formMessage } from "~/utils/form-message";
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  HOUSE_RULES_MAX,
  MAX_BLOCK_NIGHTS,
  MAX_GUESTS,
  MAX_NIGHTLY_RATE_XAF,
  MAX_ROOMS,
  MIN_NIGHTLY_RATE_XAF,
  NAME_MAX,
  NAME_MIN,
} from "#domain/hosting/hosted-guest-house.entity";
import { REJECT_REASON_MAX } from "#domain/hosting/host-verification.entity";

const REASON_REQUIRED = formMessage("hosting:errors.reason_required", { max: REJECT_REASON_MAX });

const number = (message: string) => z.number({ required_error: message, invalid_type_error: message });
// A generous cap before the domain's own limit, so a megabyte of text is refused cheaply.
const text = (message: string, max: number) => z.string({ required_error: message, invalid_type_error: message }).max(max, message);

export const guestHouseFormSchema = z.object({
  intent: z.literal("details").optional(),
  name: text(formMessage("hosting:errors.invalid_name", { min: NAME_MIN, max: NAME_MAX }), 1000),
  description: text(formMessage("hosting:errors.invalid_description", { max: DESCRIPTION_MAX }), 20_000).optional(),
  neighbourhood: z.enum(NEIGHBOURHOODS, { errorMap: () => ({ message: "hosting:errors.invalid_neighbourhood" }) }),
  address: text(formMessage("hosting:errors.invalid_address", { max: ADDRESS_MAX }), 1000),
  // Optional (decision 0205): without a map point the listing stands at its neighbourhood's centre.
  latitude: number("hosting:errors.invalid_coordinates").optional(),
  longitude: number("hosting:errors.invalid_coordinates").optional(),
  nightlyRate: number(formMessage("hosting:errors.invalid_rate", { min: MIN_NIGHTLY_RATE_XAF, max: MAX_NIGHTLY_RATE_XAF })),
  rooms: number(formMessage("hosting:errors.invalid_rooms", { max: MAX_ROOMS })),
  maxGuests: number(formMessage("hosting:errors.invalid_max_guests", { max: MAX_GUESTS })),
  amenities: z
    .array(z.enum(GUEST_HOUSE_AMENITIES, { errorMap: () => ({ message: "hosting:errors.invalid_amenities" }) }))
    .max(GUEST_HOUSE_AMENITIES.length)
    .optional(),
  houseRules: text(formMessage("hosting:errors.invalid_house_rules", { max: HOUSE_RULES_MAX }), 10_000).optional(),
  whatsappNumber: text("hosting:errors.invalid_whatsapp", 100),
});

export type GuestHouseFormValue = z.infer<typeof guestHouseFormSchema>;

/** The form's values as the domain's input (no rule applied here). */
export function toGuestHouseDetails(v: GuestHouseFormValue): GuestHouseDetailsInput {
  return {
    name: v.name,
    description: v.description ?? "",
    neighbourhood: v.neighbourhood,
    address: v.address,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    nightlyRate: v.nightlyRate,
    rooms: v.rooms,
    maxGuests: v.maxGuests,
    amenities: v.amenities ?? [],
    houseRules: v.houseRules ?? "",
    whatsappNumber: v.whatsappNumber,
  };
}

const ISO_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, formMessage("hosting:errors.invalid_dates", { max: MAX_BLOCK_NIGHTS }));
export const blockNightsSchema = z.object({ intent: z.enum(["block", "unblock"]), from: ISO_DATE, to: ISO_DATE });
/** The photo buttons post the same fields as on the agent's property page (ids checked with cleanKey there). */
export { photoDeleteSchema, photoMoveSchema } from "~/components/portal/property-schema";
export const reviewHostSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    confirmed: z.literal("yes", { errorMap: () => ({ message: "auth:errors.approval_not_confirmed" }) }),
    // Only read when the applicant has no document on file (the domain's rule); kept in the audit log.
    overrideReason: z.string().trim().max(1000, "auth:errors.approval_reason_too_long").optional(),
  }),
  z.object({
    intent: z.literal("reject"),
    reason: z.string({ required_error: REASON_REQUIRED }).trim().min(1, REASON_REQUIRED).max(1000, REASON_REQUIRED),
  }),
]);

/** The domain's refusal of one field, as the form field it belongs to. */
const FIELD_OF: Record<string, string> = {
  "hosting.invalid_name": "name",
  "hosting.invalid_description": "description",
  "hosting.invalid_neighbourhood": "neighbourhood",
  "hosting.invalid_address": "address",
  "hosting.invalid_coordinates": "latitude",
  "hosting.invalid_rate": "nightlyRate",
  "hosting.invalid_rooms": "rooms",
  "hosting.invalid_max_guests": "maxGuests",
  "hosting.invalid_amenities": "amenities",
  "hosting.invalid_house_rules": "houseRules",
  "hosting.invalid_whatsapp": "whatsappNumber",
};
export const hostingFieldOf = (code: string): string | null => FIELD_OF[code] ?? null;
