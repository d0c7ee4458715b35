// The host area in memory, for unit tests and the contract suite: the same scoping by host as the
// Kysely adapter (another host's house is not found), and a unit of work that snapshots the
// repository and the audit log and restores both when the work throws.
import { InMemoryAuditLog } from "../accounts/in-memory-account-repositories";
import type { UnitOfWork } from "../shared/transaction";
import type { HostBookingAttempt, HostedGuestHouse, ManagedPhoto } from "./hosted-guest-house.entity";
import type { HostVerification, HostVerificationStatus } from "./host-verification.entity";
import type { HostingRepos, HostingRepository } from "./hosting-repository.port";

const copy = <T>(value: T): T => structuredClone(value);
const byPosition = (a: ManagedPhoto, b: ManagedPhoto) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const newestFirst = (a: { id: string; at: Date }, b: { id: string; at: Date }) =>
  b.at.getTime() - a.at.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** A booking attempt as stored: the house's name is read from the house, as the join does. */
export type StoredBookingAttempt = Omit<HostBookingAttempt, "guestHouseName">;

interface State {
  verifications: Map<string, HostVerification>;
  houses: Map<string, HostedGuestHouse>;
  blocked: Map<string, Set<string>>;
  attempts: StoredBookingAttempt[];
}

export class InMemoryHostingRepository implements HostingRepository {
  private state: State = { verifications: new Map(), houses: new Map(), blocked: new Map(), attempts: [] };

  async findVerification(hostId: string): Promise<HostVerification | null> {
    const row = this.state.verifications.get(hostId);
    return row ? copy(row) : null;
  }

  async saveSubmission(verification: HostVerification): Promise<void> {
    const current = this.state.verifications.get(verification.hostId);
    // One row per host: a new submission keeps the row's id, as the upsert on host_id does.
    this.state.verifications.set(verification.hostId, copy({ ...verification, id: current?.id ?? verification.id }));
  }

  async review(
    hostId: string,
    outcome: { status: Exclude<HostVerificationStatus, "pending">; reviewedAt: Date; reviewedBy: string; rejectReason: string | null },
  ): Promise<boolean> {
    const row = this.state.verifications.get(hostId);
    if (!row || row.status !== "pending") return false;
    this.state.verifications.set(hostId, { ...row, ...copy(outcome) });
    return true;
  }

  async listVerifications(status: HostVerificationStatus, limit: number): Promise<HostVerification[]> {
    return copy(
      [...this.state.verifications.values()]
        .filter((v) => v.status === status)
        .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, limit),
    );
  }

  private read(house: HostedGuestHouse): HostedGuestHouse {
    const out = copy(house);
    out.photos.sort(byPosition);
    return out;
  }

  async findHouse(hostId: string, id: string): Promise<HostedGuestHouse | null> {
    const house = this.state.houses.get(id);
    return house && house.hostId === hostId ? this.read(house) : null;
  }

  lockHouse(hostId: string, id: string): Promise<HostedGuestHouse | null> {
    return this.findHouse(hostId, id);
  }

  async listHouses(hostId: string): Promise<HostedGuestHouse[]> {
    return [...this.state.houses.values()]
      .filter((h) => h.hostId === hostId)
      .sort((a, b) => newestFirst({ id: a.id, at: a.createdAt }, { id: b.id, at: b.createdAt }))
      .map((h) => this.read(h));
  }

  async insertHouse(house: HostedGuestHouse): Promise<void> {
    if (this.state.houses.has(house.id)) throw new Error(`duplicate guest house ${house.id}`);
    this.state.houses.set(house.id, copy({ ...house, photos: [] }));
  }

  async updateHouse(house: HostedGuestHouse): Promise<boolean> {
    const current = this.state.houses.get(house.id);
    if (!current || current.hostId !== house.hostId) return false;
    this.state.houses.set(house.id, copy({ ...house, createdAt: current.createdAt, photos: current.photos }));
    return true;
  }

  async insertPhoto(houseId: string, photo: ManagedPhoto): Promise<void> {
    const house = this.state.houses.get(houseId);
    if (!house) throw new Error(`no guest house ${houseId}`);
    house.photos.push(copy(photo));
  }

  async deletePhoto(houseId: string, photoId: string): Promise<boolean> {
    const house = this.state.houses.get(houseId);
    if (!house) return false;
    const before = house.photos.length;
    house.photos = house.photos.filter((p) => p.id !== photoId);
    return house.photos.length < before;
  }

  async setPhotoPositions(houseId: string, photos: readonly Pick<ManagedPhoto, "id" | "position">[]): Promise<void> {
    const house = this.state.houses.get(houseId);
    if (!house) return;
    for (const { id, position } of photos) {
      const photo = house.photos.find((p) => p.id === id);
      if (photo) photo.position = position;
    }
  }

  async blockNights(houseId: string, nights: readonly string[]): Promise<void> {
    if (!this.state.houses.has(houseId)) throw new Error(`no guest house ${houseId}`);
    const set = this.state.blocked.get(houseId) ?? new Set<string>();
    for (const night of nights) set.add(night);
    this.state.blocked.set(houseId, set);
  }

  async unblockNights(houseId: string, nights: readonly string[]): Promise<void> {
    const set = this.state.blocked.get(houseId);
    for (const night of nights) set?.delete(night);
  }

  async listBlockedNights(houseId: string, fromNight: string): Promise<string[]> {
    return [...(this.state.blocked.get(houseId) ?? [])].filter((n) => n >= fromNight).sort();
  }

  /** Test set-up: a booking attempt by a guest on a house (the bookings module writes them). */
  addBookingAttempt(attempt: StoredBookingAttempt): void {
    this.state.attempts.push(copy(attempt));
  }

  async listBookingAttempts(hostId: string, limit: number): Promise<HostBookingAttempt[]> {
    return this.state.attempts
      .flatMap((a) => {
        const house = this.state.houses.get(a.guestHouseId);
        return house && house.hostId === hostId ? [{ ...copy(a), guestHouseName: house.name }] : [];
      })
      .sort((a, b) => newestFirst({ id: a.id, at: a.attemptDate }, { id: b.id, at: b.attemptDate }))
      .slice(0, limit);
  }

  snapshot(): unknown {
    return copy(this.state);
  }

  restore(state: unknown): void {
    this.state = copy(state as State);
  }
}

/** All or nothing, like the database transaction: one piece of work at a time, restored when it throws. */
export class InMemoryHostingUnitOfWork implements UnitOfWork<HostingRepos> {
  /** Set by a test to make the next transaction fail after its work ran (a crash before commit). */
  failNextCommit = false;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly hosting: InMemoryHostingRepository = new InMemoryHostingRepository(),
    readonly auditLog: InMemoryAuditLog = new InMemoryAuditLog(),
  ) {}

  run<T>(work: (repos: HostingRepos) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => {
      const saved = { hosting: this.hosting.snapshot(), auditLog: this.auditLog.snapshot() };
      try {
        const result = await work({ hosting: this.hosting, auditLog: this.auditLog });
        if (this.failNextCommit) {
          this.failNextCommit = false;
          throw new Error("simulated commit failure");
        }
        return result;
      } catch (error) {
        this.hosting.restore(saved.hosting);
        this.auditLog.restore(saved.auditLog);
        throw error;
      }
    });
    // The queue continues whether this work succeeded or not.
    this.queue = next.catch(() => undefined);
    return next;
  }
}
