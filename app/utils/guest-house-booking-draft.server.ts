// What a guest typed on /guest-house-booking/{id} before being sent to pay the access fee, kept in
// a signed, http-only cookie for a day so the form comes back filled after the payment (with or
// without JavaScript). It holds only the guest's own form input; the action checks it all again.
// The cookie belongs to the browser, not the account: it names the user who typed it, is shown to
// that user only, and signing out clears it, so the next person on a shared phone or a cybercafé
// computer never sees someone else's dates and message.
import { createCookie, type AppLoadContext } from "@remix-run/node";
import { BOOKING_MESSAGE_MAX } from "#domain/guest-house-booking/stay";

export interface BookingDraft {
  /** Who typed it: another account signed in on the same browser gets an empty form. */
  userId: string;
  houseId: string;
  checkIn: string;
  checkOut: string;
  guests: string;
  message: string;
}

function draftCookie(context: AppLoadContext) {
  const { config } = context.services;
  return createCookie("kn_gh_draft", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: config.isProduction && config.appUrl.startsWith("https://"),
    maxAge: 60 * 60 * 24,
    secrets: config.sessionSecrets,
  });
}

const field = (value: unknown, max: number) => (typeof value === "string" ? value.slice(0, max) : "");

/** The draft `userId` typed for `houseId`, or null (none, another house, another account, an older cookie without its author). */
export async function readBookingDraft(
  context: AppLoadContext,
  request: Request,
  userId: string,
  houseId: string,
): Promise<BookingDraft | null> {
  const raw: unknown = await draftCookie(context).parse(request.headers.get("Cookie"));
  if (!raw || typeof raw !== "object") return null;
  const d = raw as Record<string, unknown>;
  if (d.userId !== userId || d.houseId !== houseId) return null;
  return {
    userId,
    houseId,
    checkIn: field(d.checkIn, 10),
    checkOut: field(d.checkOut, 10),
    guests: field(d.guests, 4),
    message: field(d.message, BOOKING_MESSAGE_MAX),
  };
}

export function saveBookingDraft(context: AppLoadContext, draft: BookingDraft): Promise<string> {
  return draftCookie(context).serialize(draft);
}

/** The Set-Cookie that removes the draft (after a booking, and at sign-out). */
export function clearBookingDraft(context: AppLoadContext): Promise<string> {
  return draftCookie(context).serialize("", { maxAge: 0 });
}
