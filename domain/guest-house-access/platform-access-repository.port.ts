import type { PlatformFeePayment } from "./platform-access.entity";

export interface PlatformAccessRepository {
  /** The user's access-fee payments, the one expiring last first. */
  listForUser(userId: string): Promise<PlatformFeePayment[]>;
}
