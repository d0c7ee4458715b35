import { describe, expect, it } from "vitest";
import { normalisePaymentPhone } from "#domain/payment/payment-phone";
import { normalisePaymentStatus, PAYMENT_PRICES } from "#domain/payment/payment.entity";
import { backoffDelayMs, retryWithBackoff } from "#domain/payment/retry";
import { customerName } from "#domain/payment/start-payment.use-case";

describe("payment phone numbers", () => {
  it.each([
    ["677123456", "237677123456", "677123456"],
    ["237677123456", "237677123456", "677123456"],
    ["+237 677 12 34 56", "237677123456", "677123456"],
    ["(+237) 6-77-12-34-56", "237677123456", "677123456"],
    ["00237 699 000 111", "237699000111", "699000111"],
  ])("%j becomes %s, the provider gets %s", (input, international, national) => {
    expect(normalisePaymentPhone(input)).toEqual({ ok: true, value: { international, national } });
  });

  it.each(["", "6771234", "abc", "+237 67", "2376771234567", "6771234567"])("refuses %j", (input) => {
    expect(normalisePaymentPhone(input)).toEqual({ ok: false, error: { code: "payment.invalid_phone" } });
  });
});

describe("payment statuses", () => {
  it.each([
    ["successful", "successful"],
    ["completed", "successful"],
    ["CONFIRMED", "successful"],
    ["failed", "failed"],
    ["rejected", "failed"],
    ["expired", "expired"],
    ["pending", "pending"],
    ["created", "pending"],
  ])("%s counts as %s", (raw, status) => {
    expect(normalisePaymentStatus(raw)).toBe(status);
  });

  it("price each purchase on the server", () => {
    expect(PAYMENT_PRICES).toEqual({ student_rental: 8000, unified_payment: 8000, guest_house_access: 5000, test_payment: 5000 });
  });
});

describe("customer name", () => {
  it("falls back to the e-mail before @, then to Customer", () => {
    expect(customerName({ email: "a@b.cm", fullName: " Ngozi Ekane " })).toBe("Ngozi Ekane");
    expect(customerName({ email: "ngozi.e@b.cm", fullName: "  " })).toBe("ngozi.e");
    expect(customerName({ email: "@b.cm" })).toBe("Customer");
  });
});

describe("retry with back-off", () => {
  it("waits 2^n seconds between attempts and gives up after 3", async () => {
    const waits: number[] = [];
    let calls = 0;
    await expect(
      retryWithBackoff(
        async () => {
          calls += 1;
          throw new Error("down");
        },
        { sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow("down");
    expect(calls).toBe(3);
    expect(waits).toEqual([2000, 4000]);
    expect(backoffDelayMs(3)).toBe(8000);
  });

  it("answers as soon as an attempt succeeds", async () => {
    let calls = 0;
    const value = await retryWithBackoff(
      async (attempt) => {
        calls += 1;
        if (attempt < 2) throw new Error("flaky");
        return "ok";
      },
      { sleep: async () => {} },
    );
    expect(value).toBe("ok");
    expect(calls).toBe(2);
  });

  it("stops at once on an error not worth retrying", async () => {
    let calls = 0;
    await expect(
      retryWithBackoff(
        async () => {
          calls += 1;
          throw new Error("404");
        },
        { sleep: async () => {}, shouldRetry: () => false },
      ),
    ).rejects.toThrow("404");
    expect(calls).toBe(1);
  });
});
