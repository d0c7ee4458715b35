// The property form's schema, shared by the form (Conform) and the actions (parseWithZod). It only
// types the fields: every rule about them (lengths, ranges, Buea's bounds) lives in
// domain/property-management/managed-property.entity.ts and is checked there, once. Messages are
// i18n keys named after the domain's error codes.
import { z } from "zod";
import { cleanKey } from "~/utils/clean-key";
import { WEEKDAYS } from "#domain/booking/visiting-hours";
import {
  AMENITIES,
  NEIGHBOURHOODS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  type Amenities,
  type PropertyDetailsInput,
} from "#domain/property-management/managed-property.entity";
import { formMessage } from "~/utils/form-message";
import {
  ADDRESS_MAX,
  DESCRIPTION_MAX,
  MAX_ADVANCE_MONTHS,
  MAX_BATHROOMS,
  MAX_BEDROOMS,
  MAX_RENT_XAF,
  MIN_RENT_XAF,
  TITLE_MAX,
  TITLE_MIN,
} from "#domain/property-management/managed-property.entity";

const number = (message: string) => z.number({ required_error: message, invalid_type_error: message });
const text = (message: string, max: number) =>
  // A generous cap before the domain's own limit, so a megabyte of text is refused cheaply.
  z.string({ required_error: message, invalid_type_error: message }).max(max, message);
const flag = z.boolean({ invalid_type_error: "portal:errors.invalid_form" }).optional();
const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
// PostgreSQL refuses NUL in text: an id with control characters is refused here, not by a 500.
const key = z
  .string()
  .min(1)
  .max(100)
  .refine((v) => cleanKey(v) === v);

export const propertyFormSchema = z.object({
  intent: z.literal("details").optional(),
  title: text(formMessage("portal:errors.invalid_title", { min: TITLE_MIN, max: TITLE_MAX }), 1000),
  description: text(formMessage("portal:errors.invalid_description", { max: DESCRIPTION_MAX }), 20_000).optional(),
  propertyType: z.enum(PROPERTY_TYPES, { errorMap: () => ({ message: "portal:errors.invalid_property_type" }) }),
  monthlyRent: number(formMessage("portal:errors.invalid_rent", { min: MIN_RENT_XAF, max: MAX_RENT_XAF })),
  advanceMonths: number(formMessage("portal:errors.invalid_advance_months", { max: MAX_ADVANCE_MONTHS })),
  neighbourhood: z.enum(NEIGHBOURHOODS, { errorMap: () => ({ message: "portal:errors.invalid_neighbourhood" }) }),
  address: text(formMessage("portal:errors.invalid_address", { max: ADDRESS_MAX }), 1000),
  // Optional (decision 0205): without a map point the listing stands at its neighbourhood's centre.
  latitude: number("portal:errors.invalid_coordinates").optional(),
  longitude: number("portal:errors.invalid_coordinates").optional(),
  bedrooms: number(formMessage("portal:errors.invalid_bedrooms", { max: MAX_BEDROOMS })),
  bathrooms: number(formMessage("portal:errors.invalid_bathrooms", { max: MAX_BATHROOMS })),
  ...(Object.fromEntries(AMENITIES.map((a) => [a, flag])) as Record<(typeof AMENITIES)[number], typeof flag>),
  visitDays: z.array(z.enum(WEEKDAYS, { errorMap: () => ({ message: "portal:errors.invalid_visiting_hours" }) })).optional(),
  visitFrom: z.string().regex(HH_MM, "portal:errors.invalid_visiting_hours").optional(),
  visitTo: z.string().regex(HH_MM, "portal:errors.invalid_visiting_hours").optional(),
});

export type PropertyFormValue = z.infer<typeof propertyFormSchema>;

/** The form's values as the domain's input (no rule applied here). */
export function toPropertyDetails(v: PropertyFormValue): PropertyDetailsInput {
  const amenities = Object.fromEntries(AMENITIES.map((a) => [a, v[a] === true])) as Amenities;
  // No day ticked and no hours typed: the default visiting hours (Monday to Saturday, 9 to 5).
  const hasHours = (v.visitDays?.length ?? 0) > 0 || v.visitFrom !== undefined || v.visitTo !== undefined;
  return {
    title: v.title,
    description: v.description ?? "",
    propertyType: v.propertyType,
    monthlyRent: v.monthlyRent,
    advanceMonths: v.advanceMonths,
    neighbourhood: v.neighbourhood,
    address: v.address,
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
    bedrooms: v.bedrooms,
    bathrooms: v.bathrooms,
    amenities,
    visitingHours: hasHours
      ? { days: v.visitDays ?? [], from: v.visitFrom ?? "09:00", to: v.visitTo ?? "17:00", stepMinutes: 60, closedDates: [] }
      : null,
  };
}

/** The quick buttons on My Properties and the photo buttons on the edit page. */
export const statusFormSchema = z.object({
  intent: z.literal("status"),
  propertyId: key,
  status: z.enum(PROPERTY_STATUSES),
});
export const confirmFormSchema = z.object({ intent: z.literal("confirm"), propertyId: key });
export const listActionSchema = z.discriminatedUnion("intent", [statusFormSchema, confirmFormSchema]);

export const photoMoveSchema = z.object({ intent: z.literal("move-photo"), photoId: key, move: z.enum(["up", "down", "cover"]) });
export const photoDeleteSchema = z.object({ intent: z.literal("delete-photo"), photoId: key });
