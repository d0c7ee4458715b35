// Property management in memory, for unit tests and the contract suite. Views and bookings are
// counted from what the test puts in.
import type { UnitOfWork } from "../shared/transaction";
import type { ManagedPhoto, ManagedProperty, PortalPropertyPage } from "./managed-property.entity";
import type { InMemoryAuditLog } from "../accounts/in-memory-account-repositories";
import type { AdminPropertyRepos, ManagedPropertyRepository, PropertyManagementRepos } from "./managed-property-repository.port";
import type { PhotoRefusal, PhotoStore, StoredPhotoFile } from "./photo-store.port";

const copy = (p: ManagedProperty): ManagedProperty => structuredClone(p);

export class InMemoryManagedPropertyRepository implements ManagedPropertyRepository {
  properties = new Map<string, ManagedProperty>();
  views = new Map<string, number>();
  bookings = new Map<string, number>();

  async findOwned(agentId: string, id: string): Promise<ManagedProperty | null> {
    const p = this.properties.get(id);
    if (!p || p.agentId !== agentId) return null;
    const out = copy(p);
    out.photos.sort((a, b) => a.position - b.position);
    return out;
  }

  async findAny(id: string): Promise<ManagedProperty | null> {
    const p = this.properties.get(id);
    return p ? this.findOwned(p.agentId, id) : null;
  }

  lockOwned(agentId: string, id: string): Promise<ManagedProperty | null> {
    return this.findOwned(agentId, id);
  }

  async listForAgent(agentId: string, page: number, pageSize: number): Promise<PortalPropertyPage> {
    const mine = [...this.properties.values()]
      .filter((p) => p.agentId === agentId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const items = mine.slice((page - 1) * pageSize, page * pageSize).map((p) => {
      const photos = [...p.photos].sort((a, b) => a.position - b.position);
      return {
        id: p.id,
        title: p.title,
        neighbourhood: p.neighbourhood,
        monthlyRent: p.monthlyRent,
        status: p.status,
        isVerified: p.isVerified,
        hiddenAt: p.hiddenAt,
        availabilityConfirmedAt: p.availabilityConfirmedAt,
        views: this.views.get(p.id) ?? 0,
        bookings: this.bookings.get(p.id) ?? 0,
        photoCount: photos.length,
        cover: photos[0] ? { ...photos[0] } : null,
        createdAt: p.createdAt,
      };
    });
    return { items, total: mine.length, page, pageCount: Math.ceil(mine.length / pageSize) };
  }

  async insert(property: ManagedProperty): Promise<void> {
    if (this.properties.has(property.id)) throw new Error(`duplicate property ${property.id}`);
    this.properties.set(property.id, copy({ ...property, photos: [] }));
  }

  async update(property: ManagedProperty): Promise<boolean> {
    const current = this.properties.get(property.id);
    if (!current || current.agentId !== property.agentId) return false;
    this.properties.set(property.id, copy({ ...property, photos: current.photos }));
    return true;
  }

  async insertPhoto(propertyId: string, photo: ManagedPhoto): Promise<void> {
    const p = this.properties.get(propertyId);
    if (!p) throw new Error(`no property ${propertyId}`);
    p.photos.push({ ...photo });
  }

  async deletePhoto(propertyId: string, photoId: string): Promise<boolean> {
    const p = this.properties.get(propertyId);
    if (!p) return false;
    const before = p.photos.length;
    p.photos = p.photos.filter((ph) => ph.id !== photoId);
    return p.photos.length < before;
  }

  async setPhotoPositions(propertyId: string, photos: readonly Pick<ManagedPhoto, "id" | "position">[]): Promise<void> {
    const p = this.properties.get(propertyId);
    if (!p) return;
    for (const { id, position } of photos) {
      const photo = p.photos.find((ph) => ph.id === id);
      if (photo) photo.position = position;
    }
  }
}

/** All or nothing, like the database transaction: a thrown error restores the state from before. */
export class InMemoryPropertyManagementUnitOfWork implements UnitOfWork<PropertyManagementRepos> {
  /** Set by a test to make the next transaction fail after its work ran (a crash before commit). */
  failNextCommit = false;

  constructor(private readonly repo: InMemoryManagedPropertyRepository) {}

  async run<T>(work: (repos: PropertyManagementRepos) => Promise<T>): Promise<T> {
    const snapshot = structuredClone(this.repo.properties);
    try {
      const result = await work({ properties: this.repo });
      if (this.failNextCommit) {
        this.failNextCommit = false;
        throw new Error("simulated commit failure");
      }
      return result;
    } catch (error) {
      this.repo.properties = snapshot;
      throw error;
    }
  }
}

/** The admin's edit: the properties and the audit log, restored together when the work throws. */
export class InMemoryAdminPropertyUnitOfWork implements UnitOfWork<AdminPropertyRepos> {
  constructor(
    private readonly repo: InMemoryManagedPropertyRepository,
    readonly audit: InMemoryAuditLog,
  ) {}

  async run<T>(work: (repos: AdminPropertyRepos) => Promise<T>): Promise<T> {
    const saved = { properties: structuredClone(this.repo.properties), audit: this.audit.snapshot() };
    try {
      return await work({ properties: this.repo, audit: this.audit });
    } catch (error) {
      this.repo.properties = saved.properties;
      this.audit.restore(saved.audit);
      throw error;
    }
  }
}

/** Photos in memory: bytes starting with "BAD" are unreadable, ones not starting with "IMG" unsupported. */
export class InMemoryPhotoStore implements PhotoStore {
  readonly files = new Map<string, StoredPhotoFile>();
  private n = 0;

  async save(bytes: Uint8Array): Promise<{ ok: true; photo: StoredPhotoFile } | { ok: false; reason: PhotoRefusal }> {
    const head = new TextDecoder().decode(bytes.slice(0, 3));
    if (head === "BAD") return { ok: false, reason: "unreadable" };
    if (head !== "IMG") return { ok: false, reason: "unsupported_format" };
    this.n += 1;
    const photo = { storageKey: `photos/mem-${this.n}`, width: 1024, height: 768 };
    this.files.set(photo.storageKey, photo);
    return { ok: true, photo };
  }

  async remove(storageKey: string): Promise<void> {
    this.files.delete(storageKey);
  }
}
