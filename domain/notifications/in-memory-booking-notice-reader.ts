import type { BookingNoticeContext, BookingNoticeReader, PaymentReceipt } from "./booking-notice-reader.port";

/** Contexts and receipts set by the test that uses it. */
export class InMemoryBookingNoticeReader implements BookingNoticeReader {
  private readonly contexts = new Map<string, BookingNoticeContext>();
  private readonly receipts = new Map<string, PaymentReceipt>();

  setContext(context: BookingNoticeContext): void {
    this.contexts.set(context.booking.id, structuredClone(context));
  }

  setReceipt(paymentId: string, receipt: PaymentReceipt): void {
    this.receipts.set(paymentId, structuredClone(receipt));
  }

  async findContext(bookingId: string): Promise<BookingNoticeContext | null> {
    const c = this.contexts.get(bookingId);
    return c ? structuredClone(c) : null;
  }

  async findReceipt(paymentId: string): Promise<PaymentReceipt | null> {
    const r = this.receipts.get(paymentId);
    return r ? structuredClone(r) : null;
  }
}
