// In-memory adapters of the booking ports, for unit tests.
import type { AccountRepository } from "../accounts/account-repository.port";
import { ownerIsActive } from "../accounts/owner-standing";
import type { BookableGuestHouse, BookableGuestHouseReader } from "./bookable-guest-house.port";
import type { BookingAttempt, BookingAttemptSummary } from "./booking-attempt.entity";
import type { BookingAttemptRepository } from "./booking-attempt-repository.port";
import type { BookingDraft } from "./booking-draft";

export class InMemoryBookableGuestHouses implements BookableGuestHouseReader {
  readonly houses = new Map<string, BookableGuestHouse>();
  readonly blocked = new Map<string, Set<string>>();

  /**
   * `accounts`: where the hosts' accounts live, as the databases read them; without it, each house
   * keeps the hostSuspended it was added with.
   */
  constructor(private readonly accounts?: Pick<AccountRepository, "findById">) {}

  add(house: BookableGuestHouse, blockedDates: string[] = []): void {
    this.houses.set(house.id, house);
    this.blocked.set(house.id, new Set(blockedDates));
  }

  async findBookable(id: string): Promise<BookableGuestHouse | null> {
    const house = this.houses.get(id);
    if (!house) return null;
    if (!this.accounts) return { ...house };
    const host = await this.accounts.findById(house.hostId);
    return { ...house, hostSuspended: host !== null && !ownerIsActive(host) };
  }

  async blockedDates(id: string, from: string): Promise<string[]> {
    return [...(this.blocked.get(id) ?? [])].filter((d) => d >= from).sort();
  }
}

const draftKey = (userId: string, guestHouseId: string) => JSON.stringify([userId, guestHouseId]);

export class InMemoryBookingAttemptRepository implements BookingAttemptRepository {
  readonly attempts: BookingAttempt[] = [];
  readonly drafts = new Map<string, BookingDraft>();

  constructor(private readonly nameOf: (guestHouseId: string) => string = () => "") {}

  async insert(attempt: BookingAttempt): Promise<void> {
    this.attempts.push({ ...attempt });
    this.drafts.delete(draftKey(attempt.userId, attempt.guestHouseId));
  }

  async saveDraft(draft: BookingDraft): Promise<void> {
    this.drafts.set(draftKey(draft.userId, draft.guestHouseId), { ...draft, savedAt: new Date(draft.savedAt) });
  }

  async findDraft(userId: string, guestHouseId: string, savedSince: Date): Promise<BookingDraft | null> {
    const found = this.drafts.get(draftKey(userId, guestHouseId));
    return found && found.savedAt.getTime() >= savedSince.getTime() ? { ...found, savedAt: new Date(found.savedAt) } : null;
  }

  async findLatestDraft(userId: string, savedSince: Date): Promise<BookingDraft | null> {
    const latest = [...this.drafts.values()]
      .filter((d) => d.userId === userId && d.savedAt.getTime() >= savedSince.getTime())
      .sort((a, b) => b.savedAt.getTime() - a.savedAt.getTime() || (a.guestHouseId < b.guestHouseId ? -1 : 1))[0];
    return latest ? { ...latest, savedAt: new Date(latest.savedAt) } : null;
  }

  async forgetDrafts(userId: string): Promise<void> {
    for (const [key, draft] of this.drafts) if (draft.userId === userId) this.drafts.delete(key);
  }

  async forgetDraftsSavedBefore(cutoff: Date): Promise<number> {
    let forgotten = 0;
    for (const [key, draft] of this.drafts) {
      if (draft.savedAt.getTime() < cutoff.getTime()) {
        this.drafts.delete(key);
        forgotten += 1;
      }
    }
    return forgotten;
  }

  async findOwn(userId: string, attemptId: string): Promise<BookingAttempt | null> {
    const found = this.attempts.find((a) => a.id === attemptId && a.userId === userId);
    return found ? { ...found } : null;
  }

  async markWhatsappSent(userId: string, attemptId: string): Promise<boolean> {
    const found = this.attempts.find((a) => a.id === attemptId && a.userId === userId);
    if (!found) return false;
    found.whatsappMessageSent = true;
    return true;
  }

  async listForUser(userId: string, limit: number): Promise<BookingAttemptSummary[]> {
    return this.attempts
      .filter((a) => a.userId === userId)
      .sort((a, b) => b.attemptDate.getTime() - a.attemptDate.getTime() || (a.id < b.id ? 1 : -1))
      .slice(0, limit)
      .map((a) => ({
        id: a.id,
        guestHouseId: a.guestHouseId,
        guestHouseName: this.nameOf(a.guestHouseId),
        attemptDate: a.attemptDate,
        checkIn: a.checkIn,
        checkOut: a.checkOut,
        guests: a.guests,
        whatsappMessageSent: a.whatsappMessageSent,
      }));
  }
}
