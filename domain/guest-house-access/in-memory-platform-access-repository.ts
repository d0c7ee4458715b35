import type { PlatformFeePayment } from "./platform-access.entity";
import type { PlatformAccessRepository } from "./platform-access-repository.port";

type Stored = PlatformFeePayment & { paymentId: string | null };

export class InMemoryPlatformAccessRepository implements PlatformAccessRepository {
  private payments: Stored[];

  constructor(payments: PlatformFeePayment[] = []) {
    this.payments = payments.map((p) => ({ ...p, paymentId: null }));
  }

  add(payment: PlatformFeePayment): void {
    this.payments.push({ ...payment, paymentId: null });
  }

  async listForUser(userId: string): Promise<PlatformFeePayment[]> {
    return this.payments
      .filter((p) => p.userId === userId)
      .sort((a, b) => b.expiryDate.getTime() - a.expiryDate.getTime())
      .map(strip);
  }

  async findByPaymentId(paymentId: string): Promise<PlatformFeePayment | null> {
    const found = this.payments.find((p) => p.paymentId === paymentId);
    return found ? strip(found) : null;
  }

  async insert(payment: PlatformFeePayment & { paymentId: string }): Promise<"inserted" | "duplicate_payment"> {
    if (this.payments.some((p) => p.paymentId === payment.paymentId)) return "duplicate_payment";
    if (this.payments.some((p) => p.transactionId === payment.transactionId))
      throw new Error(`Duplicate transaction id ${payment.transactionId}`);
    this.payments.push({ ...payment });
    return "inserted";
  }

  async invalidateForPayment(paymentId: string): Promise<boolean> {
    const found = this.payments.find((p) => p.paymentId === paymentId && p.isValid);
    if (!found) return false;
    found.isValid = false;
    return true;
  }

  snapshot(): Stored[] {
    return this.payments.map((p) => ({ ...p }));
  }

  restore(saved: Stored[]): void {
    this.payments = saved.map((p) => ({ ...p }));
  }
}

function strip(p: Stored): PlatformFeePayment {
  const { paymentId: _paymentId, ...rest } = p;
  return { ...rest };
}
