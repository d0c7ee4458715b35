// Property management on SQLite and PostgreSQL. Every query is scoped by agent_id: another
// agent's property is simply not found.
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, PropertiesTable } from "../db/schema";
import { KyselyPhotoRows } from "./kysely-photo-rows";
import type { ManagedPhoto, ManagedProperty, PortalPropertyPage } from "#domain/property-management/managed-property.entity";
import type {
  AdminPropertyRepos,
  ManagedPropertyRepository,
  PropertyManagementRepos,
} from "#domain/property-management/managed-property-repository.port";
import type { UnitOfWork } from "#domain/shared/transaction";
import { parseVisitingHours } from "#domain/booking/visiting-hours";
import { KyselyAccountAuditLog } from "./kysely-account-audit-log";

type Row = Selectable<PropertiesTable>;
const bool = (b: boolean) => (b ? 1 : 0);
const date = (s: string | null) => (s === null ? null : new Date(s));

function toProperty(r: Row, photos: ManagedPhoto[]): ManagedProperty {
  return {
    id: r.id,
    agentId: r.agent_id,
    title: r.title,
    description: r.description,
    propertyType: r.property_type,
    monthlyRent: Number(r.monthly_rent),
    advanceMonths: Number(r.advance_months),
    neighbourhood: r.neighbourhood,
    address: r.address,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    locationApproximate: Number(r.location_approximate) === 1,
    bedrooms: Number(r.bedrooms),
    bathrooms: Number(r.bathrooms),
    amenities: {
      furnished: r.furnished === 1,
      toiletInside: r.toilet_inside === 1,
      showerInside: r.shower_inside === 1,
      waterSupply: r.water_supply === 1,
      prepaidMeter: r.prepaid_meter === 1,
      wifi: r.wifi === 1,
      security: r.security === 1,
      parking: r.parking === 1,
    },
    visitingHours: r.visiting_hours === null ? null : parseVisitingHours(r.visiting_hours),
    status: r.status,
    isVerified: r.is_verified === 1,
    isAvailable: r.is_available === 1,
    hiddenAt: date(r.hidden_at),
    availabilityConfirmedAt: date(r.availability_confirmed_at),
    distanceToCampusM: Number(r.distance_to_campus_m),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    photos,
  };
}

function columns(p: ManagedProperty) {
  return {
    title: p.title,
    description: p.description,
    property_type: p.propertyType,
    neighbourhood: p.neighbourhood,
    address: p.address,
    latitude: p.latitude,
    longitude: p.longitude,
    location_approximate: bool(p.locationApproximate),
    distance_to_campus_m: p.distanceToCampusM,
    monthly_rent: p.monthlyRent,
    advance_months: p.advanceMonths,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    furnished: bool(p.amenities.furnished),
    toilet_inside: bool(p.amenities.toiletInside),
    shower_inside: bool(p.amenities.showerInside),
    water_supply: bool(p.amenities.waterSupply),
    prepaid_meter: bool(p.amenities.prepaidMeter),
    wifi: bool(p.amenities.wifi),
    security: bool(p.amenities.security),
    parking: bool(p.amenities.parking),
    status: p.status,
    is_verified: bool(p.isVerified),
    is_available: bool(p.isAvailable),
    visiting_hours: p.visitingHours === null ? null : JSON.stringify(p.visitingHours),
    availability_confirmed_at: p.availabilityConfirmedAt?.toISOString() ?? null,
    updated_at: p.updatedAt.toISOString(),
  } as const;
}

export class KyselyManagedPropertyRepository implements ManagedPropertyRepository {
  constructor(
    private readonly db: Kysely<Database>,
    /** True inside a PostgreSQL transaction: lockOwned takes the row lock (SQLite locks the whole file on write). */
    private readonly lockRows = false,
  ) {
    this.photoRows = new KyselyPhotoRows(db, "property");
  }

  private readonly photoRows: KyselyPhotoRows;

  private async photosOf(propertyId: string): Promise<ManagedPhoto[]> {
    return (await this.photoRows.listFor([propertyId])).get(propertyId) ?? [];
  }

  async findOwned(agentId: string, id: string): Promise<ManagedProperty | null> {
    const row = await this.db.selectFrom("properties").selectAll().where("id", "=", id).where("agent_id", "=", agentId).executeTakeFirst();
    return row ? toProperty(row, await this.photosOf(row.id)) : null;
  }

  async findAny(id: string): Promise<ManagedProperty | null> {
    const row = await this.db.selectFrom("properties").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toProperty(row, await this.photosOf(row.id)) : null;
  }

  async lockOwned(agentId: string, id: string): Promise<ManagedProperty | null> {
    if (!this.lockRows) {
      // SQLite: a no-op write first, so this transaction holds the write lock before it reads
      // (two uploads cannot both count 9 photos and both add one).
      const touched = await this.db
        .updateTable("properties")
        .set({ updated_at: sql`updated_at` })
        .where("id", "=", id)
        .where("agent_id", "=", agentId)
        .executeTakeFirst();
      if (Number(touched.numUpdatedRows) === 0) return null;
      return this.findOwned(agentId, id);
    }
    const row = await this.db
      .selectFrom("properties")
      .selectAll()
      .where("id", "=", id)
      .where("agent_id", "=", agentId)
      .forUpdate()
      .executeTakeFirst();
    return row ? toProperty(row, await this.photosOf(row.id)) : null;
  }

  async listForAgent(agentId: string, page: number, pageSize: number): Promise<PortalPropertyPage> {
    const totalRow = await this.db
      .selectFrom("properties")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("agent_id", "=", agentId)
      .executeTakeFirstOrThrow();
    const total = Number(totalRow.n);
    const rows = await this.db
      .selectFrom("properties")
      .select((eb) => [
        "properties.id",
        "properties.title",
        "properties.neighbourhood",
        "properties.monthly_rent",
        "properties.status",
        "properties.is_verified",
        "properties.hidden_at",
        "properties.availability_confirmed_at",
        "properties.created_at",
        eb
          .selectFrom("view_history")
          .select((v) => v.fn.countAll<number>().as("c"))
          .whereRef("view_history.property_id", "=", "properties.id")
          .as("views"),
        eb
          .selectFrom("bookings")
          .select((v) => v.fn.countAll<number>().as("c"))
          .whereRef("bookings.property_id", "=", "properties.id")
          .as("bookings"),
      ])
      .where("properties.agent_id", "=", agentId)
      .orderBy("properties.created_at", "desc")
      .orderBy("properties.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const ids = rows.map((r) => r.id);
    const byProperty = await this.photoRows.listFor(ids);
    return {
      items: rows.map((r) => {
        const own = byProperty.get(r.id) ?? [];
        return {
          id: r.id,
          title: r.title,
          neighbourhood: r.neighbourhood,
          monthlyRent: Number(r.monthly_rent),
          status: r.status,
          isVerified: r.is_verified === 1,
          hiddenAt: date(r.hidden_at),
          availabilityConfirmedAt: date(r.availability_confirmed_at),
          views: Number(r.views ?? 0),
          bookings: Number(r.bookings ?? 0),
          photoCount: own.length,
          cover: own[0] ?? null,
          createdAt: new Date(r.created_at),
        };
      }),
      total,
      page,
      pageCount: Math.ceil(total / pageSize),
    };
  }

  async insert(p: ManagedProperty): Promise<void> {
    await this.db
      .insertInto("properties")
      .values({
        id: p.id,
        agent_id: p.agentId,
        hidden_at: p.hiddenAt?.toISOString() ?? null,
        created_at: p.createdAt.toISOString(),
        ...columns(p),
      })
      .execute();
  }

  async update(p: ManagedProperty): Promise<boolean> {
    const r = await this.db
      .updateTable("properties")
      .set(columns(p))
      .where("id", "=", p.id)
      .where("agent_id", "=", p.agentId)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  insertPhoto(propertyId: string, photo: ManagedPhoto, createdAt: Date): Promise<void> {
    return this.photoRows.insertPhoto(propertyId, photo, createdAt);
  }

  deletePhoto(propertyId: string, photoId: string): Promise<boolean> {
    return this.photoRows.deletePhoto(propertyId, photoId);
  }

  setPhotoPositions(propertyId: string, photos: readonly Pick<ManagedPhoto, "id" | "position">[]): Promise<void> {
    return this.photoRows.setPhotoPositions(propertyId, photos);
  }
}

export function kyselyPropertyManagementUnitOfWork(
  db: Kysely<Database>,
  dialect: "sqlite" | "postgres",
): UnitOfWork<PropertyManagementRepos> {
  return {
    run: (work) =>
      db.transaction().execute((trx) => work({ properties: new KyselyManagedPropertyRepository(trx, dialect === "postgres") })),
  };
}

/** An admin's edit: the property and its audit row in one transaction. */
export function kyselyAdminPropertyUnitOfWork(db: Kysely<Database>, dialect: "sqlite" | "postgres"): UnitOfWork<AdminPropertyRepos> {
  return {
    run: (work) =>
      db
        .transaction()
        .execute((trx) =>
          work({ properties: new KyselyManagedPropertyRepository(trx, dialect === "postgres"), audit: new KyselyAccountAuditLog(trx) }),
        ),
  };
}
