// What property management needs from storage. Every read and write is scoped by the agent's id:
// another agent's property looks exactly like a missing one. The one exception is `findAny`, for an
// admin's edit (adminEditProperty), which then locks the property under its owner's id as usual.
import type { AuditLog } from "../accounts/audit-log.port";
import type { PropertyStatus } from "../listings/buea";
import type { ManagedPhoto, ManagedProperty, PortalPropertyPage } from "./managed-property.entity";

export interface ManagedPropertyRepository {
  /** The property with its photos (position order), or null when it is missing or not the agent's. */
  findOwned(agentId: string, id: string): Promise<ManagedProperty | null>;
  /** Any agent's property with its photos, or null when missing: for an admin only. */
  findAny(id: string): Promise<ManagedProperty | null>;
  /** With its photos in position order; null as above. Locks the row until the transaction ends. */
  lockOwned(agentId: string, id: string): Promise<ManagedProperty | null>;
  /** The agent's properties, newest first, with view and booking counts. `page` is 1-based. */
  listForAgent(agentId: string, page: number, pageSize: number): Promise<PortalPropertyPage>;
  insert(property: ManagedProperty): Promise<void>;
  /** Writes every column of the property (not its photos). False when it is not the agent's. */
  update(property: ManagedProperty): Promise<boolean>;
  insertPhoto(propertyId: string, photo: ManagedPhoto, createdAt: Date): Promise<void>;
  deletePhoto(propertyId: string, photoId: string): Promise<boolean>;
  /** Sets each photo's position (the property's own photos only). */
  setPhotoPositions(propertyId: string, photos: readonly Pick<ManagedPhoto, "id" | "position">[]): Promise<void>;
}

export interface PropertyManagementRepos {
  properties: ManagedPropertyRepository;
}

/** An admin's edit: the property and its audit row change in one transaction. */
export interface AdminPropertyRepos extends PropertyManagementRepos {
  audit: AuditLog;
}

export type { PropertyStatus };
