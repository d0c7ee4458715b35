// The visit lifecycle on both sides (issue 9, docs/decisions/0117). The agent of the listing
// accepts the time, proposes another, or declines with a reason; the student answers a proposal,
// cancels, or moves the visit to another free slot; an admin may cancel too (with an audit row). Each step is one unit
// of work: the booking is re-read inside it, changed by a compare-and-set (a racing answer is
// refused, not lost), and the e-mail to the OTHER side is queued in the same transaction.
// A cancelled booking keeps the subscription it bought: nothing here touches payments.
import { auditData, type AuditLog } from "../accounts/audit-log.port";
import type { BookingNoticeOutbox } from "../notifications/booking-notice-outbox.port";
import type { BookingNoticeKind, NoticeData, NoticeRecipient } from "../notifications/booking-notice";
import type { Clock } from "../shared/clock";
import type { IdGenerator } from "../shared/ids";
import { domainError, err, ok, type Result } from "../shared/result";
import type { UnitOfWork } from "../shared/transaction";
import { propertyBookingError } from "./book-visit.use-case";
import { cleanReason, isUpcomingVisit, MAX_REASON_LENGTH, MIN_REASON_LENGTH } from "./booking-lifecycle";
import type { BookableProperty, BookingPropertyReader } from "./booking-property-reader.port";
import type { BookingLifecycleChange, BookingRepository } from "./booking-repository.port";
import { visibleToAgent, type Booking, type CancelledBy } from "./booking.entity";
import type { BookingError } from "./booking.errors";
import { checkVisitDate, doualaDate, weekdayOf } from "./visit-date";
import { slotsFor } from "./visiting-hours";

export interface BookingLifecycleDeps {
  uow: UnitOfWork<{ bookings: BookingRepository; notices: BookingNoticeOutbox }>;
  /** For the reads below (the pages before a step); steps re-read inside their unit of work. */
  bookings: BookingRepository;
  properties: BookingPropertyReader;
  clock: Clock;
}

/** A booking the agent may answer now, with its property; null when missing, someone else's, unpaid or no longer upcoming. */
export async function findAnswerableBooking(
  deps: BookingLifecycleDeps,
  input: { agentId: string; bookingId: string },
): Promise<Found | null> {
  const found = await readFound(deps, input.bookingId);
  return found &&
    found.property.agentId === input.agentId &&
    visibleToAgent(found.booking) &&
    isUpcomingVisit(found.booking, doualaDate(deps.clock.now()))
    ? found
    : null;
}

/** One of the student's bookings that is still upcoming (cancel or move it), with its property; null otherwise. */
export async function findChangeableBooking(
  deps: BookingLifecycleDeps,
  input: { studentId: string; bookingId: string },
): Promise<Found | null> {
  const found = await readFound(deps, input.bookingId);
  return found && found.booking.studentId === input.studentId && isUpcomingVisit(found.booking, doualaDate(deps.clock.now()))
    ? found
    : null;
}

/** Any booking with its property, and whether an admin may cancel it now (isUpcomingVisit); null when missing. */
export async function findBookingForAdmin(
  deps: Omit<BookingLifecycleDeps, "uow">,
  bookingId: string,
): Promise<(Found & { cancellable: boolean }) | null> {
  const found = await readFound(deps, bookingId);
  return found ? { ...found, cancellable: isUpcomingVisit(found.booking, doualaDate(deps.clock.now())) } : null;
}

async function readFound(deps: Omit<BookingLifecycleDeps, "uow">, bookingId: string): Promise<Found | null> {
  const booking = await deps.bookings.findById(bookingId);
  const property = booking ? await deps.properties.findPropertyForBooking(booking.propertyId) : null;
  return booking && property ? { booking, property } : null;
}

export interface LifecycleOutcome {
  booking: Booking;
  propertyTitle: string;
}

type Repos = { bookings: BookingRepository; notices: BookingNoticeOutbox };
export type Found = { booking: Booking; property: BookableProperty };
type Outcome = Promise<Result<LifecycleOutcome, BookingError>>;

export interface NewSlot {
  visitDate: string;
  visitTime: string;
}

// ── Agent ──────────────────────────────────────────────────────────────────────────────────────

/** The agent accepts the booked time (withdrawing a proposal of theirs, if any). */
export function acceptVisitTime(deps: BookingLifecycleDeps, input: { agentId: string; bookingId: string }): Outcome {
  return asAgent(deps, input, async (repos, { booking, property }, now) => {
    if (booking.agentResponse === "accepted") return err(domainError("booking.already_accepted"));
    return apply(repos, booking, property, { agentResponse: "accepted", proposedSlot: null }, now, [
      { kind: "visit_accepted", recipient: "student" },
    ]);
  });
}

/** The agent proposes another free slot within the property's visiting hours; it holds nothing until the student accepts. */
export function proposeVisitTime(deps: BookingLifecycleDeps, input: { agentId: string; bookingId: string } & NewSlot): Outcome {
  return asAgent(deps, input, async (repos, { booking, property }, now) => {
    const free = await checkNewSlot(repos.bookings, property, booking, input, now);
    if (!free.ok) return free;
    const proposedSlot = { visitDate: input.visitDate, visitTime: input.visitTime };
    return apply(repos, booking, property, { agentResponse: "proposed", proposedSlot }, now, [
      { kind: "visit_time_proposed", recipient: "student", data: { proposedDate: input.visitDate, proposedTime: input.visitTime } },
    ]);
  });
}

/** The agent declines the visit with a reason (the property was let, ...): the booking is cancelled and its slot freed. */
export function declineVisit(deps: BookingLifecycleDeps, input: { agentId: string; bookingId: string; reason: string }): Outcome {
  const reason = cleanReason(input.reason, true);
  if (reason === null)
    return Promise.resolve(err(domainError("booking.invalid_reason", { min: MIN_REASON_LENGTH, max: MAX_REASON_LENGTH })));
  return asAgent(deps, input, async (repos, { booking, property }, now) =>
    apply(
      repos,
      booking,
      property,
      { bookingStatus: "cancelled", agentResponse: "declined", proposedSlot: null, cancellation: { at: now, by: "agent", reason } },
      now,
      [{ kind: "visit_declined", recipient: "student", data: { reason } }],
    ),
  );
}

// ── Student ────────────────────────────────────────────────────────────────────────────────────

/**
 * The student accepts or declines the agent's proposed time. Accepting moves the booking to that
 * slot if it is still free (the unique index on live slots decides a race) and counts as the
 * agent's acceptance; declining keeps the booked time, awaiting the agent's answer again.
 */
export function answerProposal(deps: BookingLifecycleDeps, input: { studentId: string; bookingId: string; accept: boolean }): Outcome {
  return asStudent(deps, input, async (repos, { booking, property }, now) => {
    if (booking.agentResponse !== "proposed" || booking.proposedSlot === null) return err(domainError("booking.no_proposal"));
    const notice: NoticeSpec[] = [{ kind: "proposal_answered", recipient: "agent", data: { accepted: input.accept } }];
    if (!input.accept) return apply(repos, booking, property, { agentResponse: "awaiting", proposedSlot: null }, now, notice);
    const slot = booking.proposedSlot;
    if (!checkVisitDate(slot.visitDate, now).ok) return err(domainError("booking.proposal_expired"));
    await repos.bookings.expireLapsedHoldsForSlot({ propertyId: booking.propertyId, ...slot }, now);
    return apply(
      repos,
      booking,
      property,
      { slot, agentResponse: "accepted", proposedSlot: null },
      now,
      notice,
      "booking.proposal_slot_taken",
    );
  });
}

/** The student moves the visit to another free slot: the new slot is taken and the old one freed in one write. */
export function rescheduleVisit(deps: BookingLifecycleDeps, input: { studentId: string; bookingId: string } & NewSlot): Outcome {
  return asStudent(deps, input, async (repos, { booking, property }, now) => {
    const free = await checkNewSlot(repos.bookings, property, booking, input, now);
    if (!free.ok) return free;
    const slot = { visitDate: input.visitDate, visitTime: input.visitTime };
    await repos.bookings.expireLapsedHoldsForSlot({ propertyId: booking.propertyId, ...slot }, now);
    return apply(repos, booking, property, { slot, agentResponse: "awaiting", proposedSlot: null }, now, [
      { kind: "visit_rescheduled", recipient: "agent", data: { fromDate: booking.visitDate, fromTime: booking.visitTime } },
    ]);
  });
}

/** The student cancelling their own visit (an admin cancels through cancelVisitAsAdmin, which keeps an audit row). */
export type CancelActor = { role: "student"; id: string };

/**
 * The student cancels an upcoming visit of theirs at once (its slot is freed; a reason is
 * optional) and the agent is told. No refund: the subscription the booking bought stays.
 */
export async function cancelVisit(deps: BookingLifecycleDeps, input: { actor: CancelActor; bookingId: string; reason?: string }): Outcome {
  const reason = cleanReason(input.reason ?? "", false);
  if (reason === null) return err(domainError("booking.invalid_reason", { min: MIN_REASON_LENGTH, max: MAX_REASON_LENGTH }));
  const studentId = input.actor.id;
  return inUnit(
    deps,
    input.bookingId,
    (found) => found.booking.studentId === studentId,
    (repos, found, now) => cancelStep(repos, found, now, "student", reason),
  );
}

/** The admin audit convention (decision 0121): `admin.*`, data { target, before, after, reason }. */
export const ADMIN_BOOKING_CANCEL_ACTION = "admin.booking.cancel";

export interface AdminCancelVisitDeps extends Omit<BookingLifecycleDeps, "uow"> {
  /** The booking, its notices and the audit row change in one transaction. */
  uow: UnitOfWork<Repos & { audit: AuditLog }>;
  ids: IdGenerator;
}

/** What an admin's audit row records of a booking, before and after. */
export function bookingAuditState(b: Booking): Record<string, string | null> {
  return {
    bookingStatus: b.bookingStatus,
    agentResponse: b.agentResponse,
    visit: `${b.visitDate} ${b.visitTime}`,
    cancelledBy: b.cancellation?.by ?? null,
  };
}

/**
 * An admin cancels any upcoming visit with a reason (issue 11, docs/decisions/0126): the slot is
 * freed, the student and the agent are both told by e-mail, and the audit row (who, when, before,
 * after, reason) is written in the same transaction. No refund: the subscription stays.
 */
export async function cancelVisitAsAdmin(
  deps: AdminCancelVisitDeps,
  input: { adminId: string; bookingId: string; reason: string },
): Outcome {
  const reason = cleanReason(input.reason, true);
  if (reason === null) return err(domainError("booking.invalid_reason", { min: MIN_REASON_LENGTH, max: MAX_REASON_LENGTH }));
  return inUnit(
    deps,
    input.bookingId,
    () => true,
    async (repos, found, now) => {
      const result = await cancelStep(repos, found, now, "admin", reason);
      if (!result.ok) return result;
      await repos.audit.record({
        id: deps.ids.id(),
        actorId: input.adminId,
        action: ADMIN_BOOKING_CANCEL_ACTION,
        data: auditData(`booking:${found.booking.id}`, bookingAuditState(found.booking), bookingAuditState(result.value.booking), reason),
        at: now,
      });
      return result;
    },
  );
}

/** Cancels the visit as re-read inside the unit of work and queues the e-mails (an admin's go to both sides). */
function cancelStep(repos: Repos, { booking, property }: Found, now: Date, by: Exclude<CancelledBy, "agent">, reason: string): Outcome {
  const recipients: NoticeRecipient[] = by === "admin" ? ["student", "agent"] : ["agent"];
  // A time the agent proposed dies with the visit: the answer goes back to awaiting, so a booking
  // is never "proposed" without a proposed slot.
  const agentResponse = booking.agentResponse === "proposed" ? "awaiting" : undefined;
  const change: BookingLifecycleChange = {
    bookingStatus: "cancelled",
    agentResponse,
    proposedSlot: null,
    cancellation: { at: now, by, reason },
  };
  return apply(
    repos,
    booking,
    property,
    change,
    now,
    recipients.map((recipient): NoticeSpec => ({ kind: "booking_cancelled", recipient, data: { by, reason } })),
  );
}

// ── Shared steps ───────────────────────────────────────────────────────────────────────────────

type Step<R extends Repos = Repos> = (repos: R, found: Found, now: Date) => Outcome;

function asAgent(deps: BookingLifecycleDeps, input: { agentId: string; bookingId: string }, step: Step): Outcome {
  // Another agent's booking, or one not yet paid for, is reported exactly like a missing one.
  return inUnit(deps, input.bookingId, ({ booking, property }) => property.agentId === input.agentId && visibleToAgent(booking), step);
}

function asStudent(deps: BookingLifecycleDeps, input: { studentId: string; bookingId: string }, step: Step): Outcome {
  return inUnit(deps, input.bookingId, ({ booking }) => booking.studentId === input.studentId, step);
}

/**
 * Checks who may act and that the visit is still upcoming on the booking as re-read inside the unit
 * of work, then runs the step. The property (which never changes for a booking) is read before the
 * unit of work: the SQLite adapter's transaction holds the one connection.
 */
async function inUnit<R extends Repos>(
  deps: Omit<BookingLifecycleDeps, "uow"> & { uow: UnitOfWork<R> },
  bookingId: string,
  mayAct: (found: Found) => boolean,
  step: Step<R>,
): Outcome {
  const now = deps.clock.now();
  const first = await deps.bookings.findById(bookingId);
  const property = first ? await deps.properties.findPropertyForBooking(first.propertyId) : null;
  if (!property) return err(domainError("booking.not_found"));
  return deps.uow.run(async (repos) => {
    const booking = await repos.bookings.findById(bookingId);
    if (!booking || booking.propertyId !== property.id || !mayAct({ booking, property })) return err(domainError("booking.not_found"));
    if (!isUpcomingVisit(booking, doualaDate(now))) return err(domainError("booking.not_changeable"));
    return step(repos, { booking, property }, now);
  });
}

/** A slot the visit can move to (or be proposed at): bookable day, within visiting hours, not its own, free now. */
async function checkNewSlot(
  bookings: BookingRepository,
  property: BookableProperty,
  booking: Booking,
  slot: NewSlot,
  now: Date,
): Promise<Result<null, BookingError>> {
  const unavailable = propertyBookingError(property);
  if (unavailable) return err(unavailable);
  const date = checkVisitDate(slot.visitDate, now);
  if (!date.ok) return date;
  if (!slotsFor(property.visitingHours, slot.visitDate, weekdayOf(slot.visitDate)).includes(slot.visitTime))
    return err(domainError("booking.invalid_slot"));
  if (slot.visitDate === booking.visitDate && slot.visitTime === booking.visitTime) return err(domainError("booking.same_slot"));
  if ((await bookings.listTakenTimes(property.id, slot.visitDate, now)).includes(slot.visitTime))
    return err(domainError("booking.slot_taken"));
  return ok(null);
}

interface NoticeSpec {
  kind: BookingNoticeKind;
  recipient: NoticeRecipient;
  data?: NoticeData;
}

/** Writes the change (compare-and-set) and queues the notices, or answers why it could not. */
async function apply(
  repos: Repos,
  before: Booking,
  property: BookableProperty,
  change: BookingLifecycleChange,
  now: Date,
  notices: NoticeSpec[],
  takenCode: "booking.slot_taken" | "booking.proposal_slot_taken" = "booking.slot_taken",
): Outcome {
  const result = await repos.bookings.applyLifecycleChange(before, change, now);
  if (result === "stale") return err(domainError("booking.changed_meanwhile"));
  if (result === "slot_taken") return err(domainError(takenCode));
  for (const n of notices) await repos.notices.enqueue({ kind: n.kind, bookingId: before.id, recipient: n.recipient, data: n.data }, now);
  const booking = await repos.bookings.findById(before.id);
  if (!booking) throw new Error(`Booking ${before.id} vanished inside its unit of work`);
  return ok({ booking, propertyTitle: property.title });
}
