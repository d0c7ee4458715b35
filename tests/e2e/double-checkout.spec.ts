// One visit paid twice (issue 30, decision 0184), tried as a student would, with JavaScript on and
// off: open checkout A for a booking (and keep its tab), go back, start checkout B, approve B, then
// approve A in the old tab. B pays the visit; A was closed when B started, so its page refuses and
// nothing more is taken: one successful payment, the other expired, one 14-day period. And when a
// success still comes for the older one (the provider took it just before closing it), it buys
// nothing: the payer is told it will be refunded and the admin finds it listed to refund.
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  approve,
  DEMO_PASSWORD,
  demoAgentListingsNewestFirst,
  logIn,
  newStudent,
  openBookingForm,
  payWithMtn,
  readDb,
} from "./booking-helpers";
import { withDb } from "./e2e-db";

/** A listing and days no other spec books at the same time (see the offsets in the other specs). */
function listingFor(testInfo: TestInfo, slot: 0 | 1 = 0): { id: string; title: string } {
  const rows = demoAgentListingsNewestFirst();
  return rows[((testInfo.project.name === "no-js" ? 5 : 4) + 2 * slot) % rows.length];
}

/** Books a visit from `fromDay` on, opens checkout A, goes back and opens checkout B; answers both checkouts' paths. */
async function twoCheckouts(page: Page, js: boolean, listingId: string, fromDay: number) {
  await openBookingForm(page, listingId, fromDay);
  await page.getByRole("button", { name: "Book visit and pay 8 000 FCFA" }).click();
  await expect(page).toHaveURL(/\/payment\/KN-[A-Z0-9]+$/);
  const bookingPage = new URL(page.url()).pathname;
  await payWithMtn(page, js, "670112233");
  const checkoutA = new URL(page.url()).pathname;
  await page.goto(bookingPage);
  await payWithMtn(page, js, "670112234");
  return { checkoutA, checkoutB: new URL(page.url()).pathname };
}

test("two checkouts for one visit, both approved: the visit is paid once, the older checkout is closed", async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.name === "js";
  const email = await newStudent(page, testInfo, "twocheckouts");
  await openBookingForm(page, listingFor(testInfo).id, js ? 14 : 17);
  await page.getByRole("button", { name: "Book visit and pay 8 000 FCFA" }).click();
  await expect(page).toHaveURL(/\/payment\/KN-[A-Z0-9]+$/);
  const bookingPage = new URL(page.url()).pathname;

  // Checkout A, left open in its own tab.
  await payWithMtn(page, js, "670112233");
  const checkoutA = new URL(page.url()).pathname;
  const tabA = await context.newPage();
  await tabA.goto(checkoutA);
  await expect(tabA.getByRole("button", { name: "Approve 8 000 FCFA" })).toBeVisible();

  // Back to the booking, and checkout B with another number.
  await page.goto(bookingPage);
  await payWithMtn(page, js, "670112234");
  expect(new URL(page.url()).pathname).not.toBe(checkoutA);
  await approve(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Payment successful" })).toBeVisible();
  await expect(page.getByTestId("visit-status")).toHaveText("Waiting for the agent");

  // Approving A in the old tab takes nothing: the provider closed it when B started.
  await approve(tabA, js);
  await expect(tabA.getByRole("heading", { level: 1, name: "Payment expired" })).toBeVisible();
  await tabA.goto(checkoutA);
  await expect(tabA.getByText("Expired", { exact: true })).toBeVisible();
  await expect(tabA.getByRole("button", { name: "Approve 8 000 FCFA" })).toHaveCount(0);

  const payments = readDb(
    (db) =>
      db
        .prepare(
          "SELECT p.payment_status AS status, p.phone FROM payments p JOIN profiles u ON u.id = p.user_id WHERE u.email = ? ORDER BY p.created_at, p.id",
        )
        .all(email) as Array<{ status: string; phone: string }>,
  );
  expect(payments).toEqual([
    { status: "expired", phone: "237670112233" },
    { status: "successful", phone: "237670112234" },
  ]);
  const subscriptions = readDb(
    (db) =>
      (
        db.prepare("SELECT COUNT(*) AS n FROM subscriptions s JOIN profiles u ON u.id = s.user_id WHERE u.email = ?").get(email) as {
          n: number;
        }
      ).n,
  );
  expect(subscriptions).toBe(1);
  const toRefund = readDb(
    (db) =>
      (
        db.prepare("SELECT COUNT(*) AS n FROM payment_refunds r JOIN profiles u ON u.id = r.user_id WHERE u.email = ?").get(email) as {
          n: number;
        }
      ).n,
  );
  expect(toRefund).toBe(0);

  // The profile shows one paid visit and one 8 000 FCFA payment taken.
  await page.goto("/profile");
  await expect(page.getByTestId("my-bookings").getByRole("listitem").first()).toContainText("Waiting for the agent");
  const myPayments = page.getByTestId("my-payments").getByRole("listitem");
  await expect(myPayments).toHaveCount(2);
  await expect(myPayments.filter({ hasText: "Successful" })).toHaveCount(1);
  await expect(myPayments.filter({ hasText: "Expired" })).toHaveCount(1);
  await tabA.close();
});

test("a success that still comes for the older checkout is listed to refund: the payer is told, the admin sees it", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const js = testInfo.project.name === "js";
  const email = await newStudent(page, testInfo, "torefund");
  const { checkoutA } = await twoCheckouts(page, js, listingFor(testInfo, 1).id, js ? 19 : 22);
  await approve(page, js);
  await expect(page.getByTestId("visit-status")).toHaveText("Waiting for the agent");
  // At the provider, A's approval had slipped in just before it was closed.
  const transA = checkoutA.split("/").at(-1)!;
  withDb((db) => db.prepare("UPDATE simulated_transactions SET status = 'SUCCESSFUL' WHERE trans_id = ?").run(transA));
  const a = readDb(
    (db) => db.prepare("SELECT id, reference FROM payments WHERE provider_tx_id = ?").get(transA) as { id: string; reference: string },
  );

  // The admin asks the provider again about A (as the reconciler would): it buys nothing, it is listed to refund.
  const adminContext = await browser.newContext({ javaScriptEnabled: js });
  try {
    const admin = await adminContext.newPage();
    await logIn(admin, "admin@kamernest.test", DEMO_PASSWORD);
    await admin.goto(`/admin/payments/${a.id}`);
    await admin.getByRole("button", { name: "Check again with the provider" }).click();
    await expect(admin.getByText("The provider was asked again: the payment is now successful.")).toBeVisible();
    await expect(admin.getByTestId("payment-refund")).toContainText("To refund (8 000 FCFA, to the number that paid)");
    await expect(admin.getByTestId("payment-events")).toContainText("Listed to refund");
    await expect(admin.getByTestId("payment-events")).toContainText("Replaced by a newer checkout");

    await admin.goto("/admin/payments");
    await expect(admin.getByTestId("payments-to-refund")).toContainText(/\d+ payments? to refund/);
    await admin.getByRole("link", { name: "Show the payments to refund" }).click();
    await expect(admin).toHaveURL(/refund=to_refund/);
    await expect(admin.getByLabel("Refund")).toHaveValue("to_refund");
    const row = admin.getByTestId("admin-payment").filter({ hasText: a.reference });
    await expect(row).toContainText("Successful");
    await expect(row.getByTestId("refund-status")).toHaveText("To refund");
    // In French too.
    await admin.goto("/admin/payments?refund=to_refund&lng=fr");
    await expect(admin.getByTestId("admin-payment").filter({ hasText: a.reference }).getByTestId("refund-status")).toHaveText(
      "À rembourser",
    );
  } finally {
    await adminContext.close();
  }

  // The payer is told, on A's result page.
  await page.goto(`/payment-success?ref=${a.reference}`);
  await expect(page.getByRole("heading", { level: 1, name: "Already paid: this payment will be refunded" })).toBeVisible();
  await expect(page.getByTestId("payment-refund")).toContainText("listed to be refunded (8 000 FCFA) to the number that paid");
  const subscriptions = readDb(
    (db) =>
      (
        db.prepare("SELECT COUNT(*) AS n FROM subscriptions s JOIN profiles u ON u.id = s.user_id WHERE u.email = ?").get(email) as {
          n: number;
        }
      ).n,
  );
  expect(subscriptions).toBe(1);
});
