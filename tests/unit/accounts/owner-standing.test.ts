// Issue 30, at the use cases: nothing new starts with an owner who is suspended or no longer holds
// the role (domain/accounts/owner-standing.ts). A visit is not booked, a visit payment not started
// (nothing charged, the provider never asked), a guest not handed to a suspended host on WhatsApp,
// and no access fee taken for that host's house; the student's own booking stays readable.
import { describe, expect, it } from "vitest";
import type { AgentStatus } from "#domain/accounts/account.entity";
import { finishSignIn } from "#domain/accounts/complete-sign-in";
import { agentStatusFor } from "#domain/accounts/owner-standing";
import { submitAgentVerification } from "#domain/accounts/submit-agent-verification.use-case";
import { bookVisit } from "#domain/booking/book-visit.use-case";
import { startPlatformAccessPayment } from "#domain/guest-house-access/start-platform-access-payment.use-case";
import { InMemoryBookableGuestHouses, InMemoryBookingAttemptRepository } from "#domain/guest-house-booking/in-memory-guest-house-booking";
import { openBookingWhatsapp } from "#domain/guest-house-booking/open-booking-whatsapp.use-case";
import { requestGuestHouseBooking } from "#domain/guest-house-booking/request-guest-house-booking.use-case";
import { InMemoryPlatformAccessRepository } from "#domain/guest-house-access/in-memory-platform-access-repository";
import { startPayment } from "#domain/payment/start-payment.use-case";
import { DAY_MS } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { moneyWorld, TOMORROW } from "../payment/money-world";
import { confirmedAccount, createTestAccounts } from "./support";

const student = { id: "student-1", email: "ngozi@example.cm", fullName: "Ngozi Ekane" };

describe("agentStatusFor", () => {
  const owners = {
    agent: { role: "agent", suspendedAt: null },
    suspendedAgent: { role: "agent", suspendedAt: new Date(0) },
    student: { role: "student", suspendedAt: null },
    admin: { role: "admin", suspendedAt: null },
  } as const;
  it.each([
    ["approved", "agent", "approved"],
    ["approved", "suspendedAgent", "withheld"],
    ["approved", "student", "withheld"],
    ["approved", "admin", "withheld"],
    ["withheld", "agent", "approved"],
    ["withheld", "suspendedAgent", "withheld"],
    ["pending", "suspendedAgent", "pending"],
    ["rejected", "student", "rejected"],
    ["unsubmitted", "agent", "unsubmitted"],
  ] as const)("%s, owner %s → %s", (status: AgentStatus, owner: keyof typeof owners, expected: AgentStatus) => {
    expect(agentStatusFor(status, owners[owner])).toBe(expected);
  });
});

describe("booking and paying a visit to a suspended or demoted agent's listing", () => {
  it("refuses the booking with booking.property_unavailable and stores nothing", async () => {
    const w = moneyWorld();
    w.store.properties.add({ id: "prop-1", agentId: "agent-1", agentStatus: "withheld" });
    expect(await bookVisit(w.booking, w.visit())).toEqual({ ok: false, error: { code: "booking.property_unavailable" } });
    expect(w.store.bookings.all()).toHaveLength(0);
  });

  it("refuses to start the payment of a booking made before the suspension: nothing written, the provider never asked; the booking stays the student's", async () => {
    const w = moneyWorld();
    const booking = await w.book();
    w.store.properties.add({ id: "prop-1", agentId: "agent-1", agentStatus: "withheld" });
    const r = await startPayment(w.payments, {
      user: student,
      purchase: { kind: "booking", booking: booking.reference },
      method: "mtn_momo",
      phone: "677123456",
    });
    expect(r).toEqual({ ok: false, error: { code: "payment.property_unavailable" } });
    expect(w.store.payments.all()).toHaveLength(0);
    expect(w.gateway.requests).toHaveLength(0);
    expect(await w.store.bookings.findById(booking.id)).toMatchObject({ studentId: "student-1", bookingStatus: "pending" });

    // Reactivated: the same booking is payable again.
    w.store.properties.add({ id: "prop-1", agentId: "agent-1", agentStatus: "approved" });
    expect(
      (
        await startPayment(w.payments, {
          user: student,
          purchase: { kind: "booking", booking: booking.reference },
          method: "mtn_momo",
          phone: "677123456",
        })
      ).ok,
    ).toBe(true);
  });

  it("still sells the 14-day subscription on its own, which names no listing", async () => {
    const w = moneyWorld();
    w.store.properties.add({ id: "prop-1", agentId: "agent-1", agentStatus: "withheld" });
    expect(
      (await startPayment(w.payments, { user: student, purchase: { kind: "subscription" }, method: "mtn_momo", phone: "677123456" })).ok,
    ).toBe(true);
  });
});

describe("a suspended host's guest house", () => {
  function world() {
    const w = moneyWorld();
    const houses = new InMemoryBookableGuestHouses();
    const add = (hostSuspended: boolean) =>
      houses.add({
        id: "gh-1",
        name: "Molyko Lodge",
        hostId: "host-1",
        maxGuests: 2,
        whatsapp: "237670000001",
        hostVerificationStatus: "verified",
        seeded: false,
        hostSuspended,
      });
    add(false);
    const attempts = new InMemoryBookingAttemptRepository();
    const platformAccess = new InMemoryPlatformAccessRepository();
    const now = w.clock.now();
    platformAccess.add({
      id: "acc-1",
      userId: "guest-1",
      amount: 5000,
      paymentDate: now,
      expiryDate: new Date(now.getTime() + 14 * DAY_MS),
      isValid: true,
      transactionId: "TXN-1",
      method: "mtn_momo",
    });
    const booking = { houses, attempts, platformAccess, clock: w.clock, ids: new SequentialIds("ba") };
    const request = () =>
      requestGuestHouseBooking(booking, {
        userId: "guest-1",
        guestHouseId: "gh-1",
        checkIn: TOMORROW,
        checkOut: "2026-12-04",
        guests: 1,
        message: "",
        language: "en",
      });
    return { w, houses, attempts, add, request };
  }

  it("takes no new request and hands nobody to the host on WhatsApp, not even for a request made before", async () => {
    const { attempts, houses, add, request } = world();
    const before = await request();
    if (!before.ok) throw new Error(before.error.code);
    add(true);
    expect(await request()).toEqual({ ok: false, error: { code: "guest-houses.guest_house_not_found" } });
    expect(await openBookingWhatsapp({ houses, attempts }, { userId: "guest-1", attemptId: before.value.attemptId })).toEqual({
      ok: false,
      error: { code: "guest-houses.guest_house_not_found" },
    });
    expect(attempts.attempts).toHaveLength(1);
    expect(attempts.attempts[0].whatsappMessageSent).toBe(false);
  });

  it("takes no access fee for that house (nothing charged), while a renewal from the profile names no house", async () => {
    const { w, houses, add } = world();
    add(true);
    const pay = (guestHouseId: string | null) =>
      startPlatformAccessPayment(
        { ...w.payments, houses },
        { user: { id: "guest-1", email: "guest@example.cm" }, method: "mtn_momo", phone: "677123456", guestHouseId },
      );
    expect(await pay("gh-1")).toEqual({ ok: false, error: { code: "guest-houses.guest_house_not_found" } });
    expect(w.gateway.requests).toHaveLength(0);
    expect((await pay(null)).ok).toBe(true);
  });
});

describe("the accounts use cases keep the agent's status in step", () => {
  it("an approved agent promoted by the admin allow-list at sign-in lists no more", async () => {
    const t = createTestAccounts({ adminEmails: ["boss@kamernest.cm"] });
    const id = await confirmedAccount(t, { email: "boss@kamernest.cm", accountKind: "agent" });
    await t.repos.agents.saveSubmission(
      id,
      {
        businessName: "B",
        licenseNumber: "L",
        specializations: [],
        businessPhone: "+237677001122",
        businessEmail: "b@b.cm",
        businessAddress: "Molyko",
        websiteUrl: null,
      },
      t.clock.now(),
    );
    await t.repos.agents.review(id, { status: "approved", rejectionReason: null, reviewedAt: t.clock.now() });
    const account = (await t.repos.accounts.findById(id))!;
    await finishSignIn(t.deps, account, "test");
    expect((await t.repos.accounts.findById(id))?.role).toBe("admin");
    expect((await t.repos.agents.findByUserId(id))?.status).toBe("withheld");
  });

  it("an approved agent whose listings are withheld cannot undo the approval by submitting again", async () => {
    const t = createTestAccounts();
    const id = await confirmedAccount(t, { accountKind: "agent" });
    await t.repos.agents.saveSubmission(
      id,
      {
        businessName: "B",
        licenseNumber: "L",
        specializations: [],
        businessPhone: "+237677001122",
        businessEmail: "b@b.cm",
        businessAddress: "Molyko",
        websiteUrl: null,
      },
      t.clock.now(),
    );
    await t.repos.agents.review(id, { status: "approved", rejectionReason: null, reviewedAt: t.clock.now() });
    await t.repos.agents.setApprovalWithheld(id, true);
    const r = await submitAgentVerification(t.deps, {
      userId: id,
      verification: {
        businessName: "B",
        licenseNumber: "L",
        specializations: ["rooms"],
        businessPhone: "677001122",
        businessEmail: "b@b.cm",
        businessAddress: "Molyko",
        documents: [{ name: "a.pdf", bytes: new TextEncoder().encode("%PDF-1.4 x") }],
      },
    });
    expect(r).toEqual({ ok: false, error: { code: "auth.already_verified" } });
    expect((await t.repos.agents.findByUserId(id))?.status).toBe("withheld");
  });
});
