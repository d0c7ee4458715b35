// The `photos` rows of one kind of owner (a property, a guest house): read in position order,
// insert, delete and renumber, always scoped by owner_type and owner_id, so one owner's photo id
// never reaches another's. Shared by the property and hosting repositories.
import type { Kysely } from "kysely";
import type { ManagedPhoto } from "#domain/property-management/managed-property.entity";
import type { PhotoRows } from "#domain/property-management/owned-photos";
import type { Database, PhotosTable } from "../db/schema";

export type PhotoOwnerType = PhotosTable["owner_type"];

export class KyselyPhotoRows implements PhotoRows {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ownerType: PhotoOwnerType,
  ) {}

  /** Each owner's photos in position order (owners without photos are absent). */
  async listFor(ownerIds: readonly string[]): Promise<Map<string, ManagedPhoto[]>> {
    const byOwner = new Map<string, ManagedPhoto[]>();
    if (ownerIds.length === 0) return byOwner;
    const rows = await this.db
      .selectFrom("photos")
      .select(["id", "owner_id", "storage_key", "width", "height", "position"])
      .where("owner_type", "=", this.ownerType)
      .where("owner_id", "in", [...ownerIds])
      .orderBy("position")
      .orderBy("id")
      .execute();
    for (const p of rows) {
      const list = byOwner.get(p.owner_id) ?? [];
      list.push({ id: p.id, storageKey: p.storage_key, width: Number(p.width), height: Number(p.height), position: Number(p.position) });
      byOwner.set(p.owner_id, list);
    }
    return byOwner;
  }

  async insertPhoto(ownerId: string, photo: ManagedPhoto, createdAt: Date): Promise<void> {
    await this.db
      .insertInto("photos")
      .values({
        id: photo.id,
        owner_type: this.ownerType,
        owner_id: ownerId,
        position: photo.position,
        storage_key: photo.storageKey,
        width: photo.width,
        height: photo.height,
        created_at: createdAt.toISOString(),
      })
      .execute();
  }

  async deletePhoto(ownerId: string, photoId: string): Promise<boolean> {
    const r = await this.db
      .deleteFrom("photos")
      .where("id", "=", photoId)
      .where("owner_type", "=", this.ownerType)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async setPhotoPositions(ownerId: string, photos: readonly Pick<ManagedPhoto, "id" | "position">[]): Promise<void> {
    for (const { id, position } of photos) {
      await this.db
        .updateTable("photos")
        .set({ position })
        .where("id", "=", id)
        .where("owner_type", "=", this.ownerType)
        .where("owner_id", "=", ownerId)
        .execute();
    }
  }
}
