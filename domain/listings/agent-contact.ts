import type { BookingRepository } from "../booking/booking-repository.port";
// Agents type their phone numbers every way there is ("6 77 12 34 56", "+237 677...", "00237...").
// A WhatsApp link (wa.me/<digits>) needs the digits with the country code and nothing else.

export const CAMEROON_COUNTRY_CODE = "237";
const NATIONAL_NUMBER_LENGTH = 9;

/** Digits for wa.me, with 237 added to a 9-digit Cameroon number; null when nothing usable is left. */
export function whatsappDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  if (digits.length === NATIONAL_NUMBER_LENGTH) digits = CAMEROON_COUNTRY_CODE + digits;
  // Shorter than a national number plus a one-digit country code cannot be dialled.
  return digits.length >= NATIONAL_NUMBER_LENGTH + 1 && digits.length <= 15 ? digits : null;
}

/**
 * Who sees an agent's direct number (phone and WhatsApp) on a listing (docs/decisions/0201):
 * the agent themselves, and a student who holds a booked visit on that listing. Everyone else,
 * visitors included, writes through KamerNest's messages, so "book through us, never pay before
 * visiting" holds. The server applies it (hideDirectNumber) before anything reaches the page.
 */
export function mayShowAgentNumber(facts: { viewerId: string | null; agentUserId: string; hasBookedVisit: boolean }): boolean {
  if (facts.viewerId === null) return false;
  return facts.viewerId === facts.agentUserId || facts.hasBookedVisit;
}

/** The agent without their direct number, for whoever may not see it. */
export function hideDirectNumber<T extends { phone: string | null; whatsapp: string | null }>(agent: T): T & { numberHidden: boolean } {
  return { ...agent, phone: null, whatsapp: null, numberHidden: agent.phone !== null || agent.whatsapp !== null };
}

/** The agent as `allowed` lets the viewer see them. */
export function agentForViewer<T extends { phone: string | null; whatsapp: string | null }>(
  agent: T,
  allowed: boolean,
): T & { numberHidden: boolean } {
  return allowed ? { ...agent, numberHidden: false } : hideDirectNumber(agent);
}

/** The listing's agent as the viewer may see them (mayShowAgentNumber), asking the bookings only when it matters. */
export async function listingAgentForViewer<T extends { userId: string; phone: string | null; whatsapp: string | null }>(
  deps: { bookings: Pick<BookingRepository, "hasBookedVisit"> },
  viewerId: string | null,
  listing: { id: string; agent: T },
): Promise<T & { numberHidden: boolean }> {
  const { agent } = listing;
  const asks = viewerId !== null && viewerId !== agent.userId && (agent.phone !== null || agent.whatsapp !== null);
  const hasBookedVisit = asks ? await deps.bookings.hasBookedVisit(viewerId, listing.id) : false;
  return agentForViewer(agent, mayShowAgentNumber({ viewerId, agentUserId: agent.userId, hasBookedVisit }));
}
