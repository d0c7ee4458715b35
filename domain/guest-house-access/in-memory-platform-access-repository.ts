import type { PlatformFeePayment } from "./platform-access.entity";
import type { PlatformAccessRepository } from "./platform-access-repository.port";

export class InMemoryPlatformAccessRepository implements PlatformAccessRepository {
  constructor(private readonly payments: PlatformFeePayment[] = []) {}

  add(payment: PlatformFeePayment): void {
    this.payments.push(payment);
  }

  async listForUser(userId: string): Promise<PlatformFeePayment[]> {
    return this.payments
      .filter((p) => p.userId === userId)
      .sort((a, b) => b.expiryDate.getTime() - a.expiryDate.getTime());
  }
}
