// Refunds in the browser, JavaScript on and off (issue 34, decision 0219): the demo admin refunds
// a student's subscription payment from its page through the confirmation page (a reason is
// required), the simulated provider settles it after 2 s, the payment shows refunded with its
// timeline, and the student's subscription has lost the refunded days; the student is e-mailed.
// A refund to a number ending in 000 fails at the simulated provider and shows the reason.
//
// Setup: each project writes its own student, payments and subscription into the e2e server's
// SQLite file, so the "js" and "no-js" projects never touch each other's rows.
import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { unfilledPlaceholders } from "../../scripts/lib/unfilled-placeholders";
import { withDb } from "./e2e-db";
import { expect, test } from "./fixtures";

const ADMIN = { email: "admin@kamernest.test", password: "kamernest-demo" };
const DAY = 24 * 3_600_000;

interface Student {
  id: string;
  email: string;
  paymentId: string;
  reference: string;
  failingPaymentId: string;
}

function addStudent(testInfo: TestInfo): Student {
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const s: Student = {
    id: randomUUID(),
    email: `refund-${stamp}@kamernest.test`,
    paymentId: randomUUID(),
    reference: `PAY-RF${Date.now().toString(36).toUpperCase()}${testInfo.project.name === "js" ? "J" : "N"}`,
    failingPaymentId: randomUUID(),
  };
  const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
  withDb((db) => {
    const demo = db.prepare("SELECT password_hash FROM profiles WHERE email = 'student@kamernest.test'").get() as { password_hash: string };
    db.transaction(() => {
      db.prepare(
        `INSERT INTO profiles (id, role, full_name, email, phone, password_hash, email_confirmed_at, google_id, totp_secret, totp_enabled_at, created_at, updated_at, suspended_at, suspended_reason)
         VALUES (?, 'student', ?, ?, NULL, ?, ?, NULL, NULL, NULL, ?, ?, NULL, NULL)`,
      ).run(s.id, `Refund ${stamp}`, s.email, demo.password_hash, iso(DAY), iso(DAY), iso(DAY));
      const pay = db.prepare(
        `INSERT INTO payments (id, user_id, payment_gateway, payment_status, payment_type, amount, method, phone, reference, provider_tx_id, checkout_url,
           booking_id, guest_house_id, failure_reason, confirmed_at, created_at, updated_at, purpose, purchase_id)
         VALUES (?, ?, 'simulated', 'successful', ?, ?, 'mtn_momo', ?, ?, ?, NULL, NULL, NULL, NULL, ?, ?, ?, ?, ?)`,
      );
      pay.run(
        s.paymentId,
        s.id,
        "unified_payment",
        8000,
        "237670000123",
        s.reference,
        `TXR${stamp}`.slice(0, 30),
        iso(DAY),
        iso(DAY),
        iso(DAY),
        `unified_payment:${s.id}`,
        s.paymentId,
      );
      pay.run(
        s.failingPaymentId,
        s.id,
        "guest_house_access",
        5000,
        "237670001000",
        `${s.reference}F`,
        `TXF${stamp}`.slice(0, 30),
        iso(DAY),
        iso(DAY),
        iso(DAY),
        `guest_house_access:${s.id}`,
        s.failingPaymentId,
      );
      db.prepare("INSERT INTO subscriptions (id, user_id, payment_id, starts_at, ends_at, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
        randomUUID(),
        s.id,
        s.paymentId,
        iso(DAY),
        new Date(Date.now() + 13 * DAY).toISOString(),
        iso(DAY),
      );
    })();
  });
  return s;
}

async function logIn(page: Page, email: string, password: string, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === redirectTo);
}

async function refund(page: Page, paymentId: string, reason: string) {
  await page.goto(`/admin/payments/${paymentId}`);
  await page.getByRole("link", { name: "Refund this payment…" }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/payments/${paymentId}/refund`);
  await page.getByLabel(/Reason for the refund/).fill(reason);
  await expectEveryValueFilled(page);
  await page.getByRole("button", { name: /^Refund \d/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/payments/${paymentId}`);
  await expectEveryValueFilled(page);
}

/**
 * The refund's states and toasts carry amounts, numbers and references that no demo page shows (the
 * HTML check sees none of them): none may reach the page as a bare {{placeholder}}.
 */
async function expectEveryValueFilled(page: Page) {
  expect(unfilledPlaceholders(await page.content())).toEqual([]);
}

async function settle(page: Page, expected: RegExp) {
  // The simulated provider settles 2 s after the send; "check" until it has.
  const status = page.getByTestId("refund-status");
  await expect(async () => {
    if (!expected.test((await status.textContent()) ?? ""))
      await page.getByRole("button", { name: "Check the refund with the provider" }).click();
    await expect(status).toHaveText(expected, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expectEveryValueFilled(page);
}

test("the admin refunds a student's payment and the subscription loses its days; a refund to 000 fails with the reason", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const student = addStudent(testInfo);

  const studentContext = await browser.newContext({ javaScriptEnabled });
  const studentPage = await studentContext.newPage();
  await logIn(studentPage, student.email, "kamernest-demo", "/profile");
  await expect(studentPage.getByTestId("subscription-status")).toContainText("Your access to book visits is active until");

  await logIn(page, ADMIN.email, ADMIN.password, "/admin/payments");
  // A reason is required: the browser asks for it, and the server refuses an empty one too.
  const refused = await page.request.post(`/admin/payments/${student.paymentId}/refund`, { form: { reason: "" } });
  expect(refused.status()).toBe(400);
  // The refusal's message carries the limits as values: filled, never "{{min}} to {{max}}".
  const refusal = await refused.text();
  expect(refusal).toContain("Give a reason for the refund (3 to 500 characters).");
  expect(unfilledPlaceholders(refusal)).toEqual([]);

  await refund(page, student.paymentId, "Charged for a subscription the student never used");
  await expect(page.getByTestId("refund-status")).toContainText("Refund of 8 000 FCFA to 670000123 sent to the provider");
  await settle(page, /^Refunded: 8\s000\sFCFA sent to 670000123/);
  await expect(page.getByTestId("payment-refund")).toContainText("Reason: Charged for a subscription the student never used");
  const timeline = page.getByTestId("payment-events");
  await expect(timeline).toContainText("Refund asked by an admin");
  await expect(timeline).toContainText("Refund sent to the provider");
  await expect(timeline).toContainText("Refunded");
  // Refunded: not offered again, and a second request is refused with a message.
  await expect(page.getByRole("link", { name: "Refund this payment…" })).toHaveCount(0);
  const again = await page.request.post(`/admin/payments/${student.paymentId}/refund`, { form: { reason: "Once more" } });
  expect(again.status()).toBe(409);
  expect(await again.text()).toContain("This payment has already been refunded.");

  // The student's subscription lost the refunded days; they were e-mailed.
  await studentPage.reload();
  await expect(studentPage.getByTestId("subscription-status")).toContainText("Your subscription has expired");
  const mail = withDb((db) => db.prepare("SELECT subject FROM outbox_emails WHERE to_address = ?").all(student.email)) as {
    subject: string;
  }[];
  expect(mail.map((m) => m.subject.replace(/\s/g, " "))).toEqual(["KamerNest refunded you 8 000 FCFA"]);

  // A number ending in 000: the simulated provider refuses it, the reason shows, a retry is offered.
  await refund(page, student.failingPaymentId, "Host closed the guest house");
  await settle(page, /^Refund failed: The receiving mobile-money account refused the transfer/);
  await expect(page.getByRole("link", { name: "Try the refund again…" })).toBeVisible();
  await studentContext.close();
});
