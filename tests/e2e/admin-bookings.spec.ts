// The admin's bookings page in the browser (issue 11, docs/decisions/0126), JavaScript on and off:
// a student signed up here books and pays a visit on the simulated checkout; the demo admin opens
// Bookings from the menu, filters down to that visit, cancels it with a reason (a dialog with
// JavaScript, a confirmation page without), sees it cancelled, downloads the filtered CSV, finds
// the row in /admin/audit, and reads the cancellation e-mails to the student and the agent in the
// outbox.
//
// The demo agent's listings are shared by the booking specs; this one books the 3rd (js) and 4th
// (no-js) newest, from day 52 (js) and 55 (no-js): money.spec.ts books days 5 to 24,
// booking-lifecycle.spec.ts from 26 and 33, booking-emails.spec.ts from 40 and 48.
import type { TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  approve,
  DEMO_PASSWORD,
  demoAgentListingsNewestFirst,
  logIn,
  newStudent,
  openBookingForm,
  outboxEmail,
  payWithMtn,
  readDb,
} from "./booking-helpers";

function listingFor(testInfo: TestInfo): { id: string; title: string } {
  const rows = demoAgentListingsNewestFirst();
  return rows[(testInfo.project.name === "no-js" ? 3 : 2) % rows.length];
}

test("the admin filters to a paid visit, cancels it with a reason, and finds it cancelled, audited and e-mailed", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const js = testInfo.project.name === "js";
  const reason = `Listing under review (${testInfo.project.name})`;

  // A fresh student books and pays a visit.
  const email = await newStudent(page, testInfo, "adminbookings");
  const listing = listingFor(testInfo);
  const visit = await openBookingForm(page, listing.id, js ? 52 : 55);
  await page.getByRole("button", { name: "Book visit and pay 8 000 FCFA" }).click();
  await expect(page).toHaveURL(/\/payment\/KN-[A-Z0-9]+$/);
  const reference = /KN-[A-Z0-9]+/.exec(page.url())![0];
  await payWithMtn(page, js, "670223344");
  await approve(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Payment successful" })).toBeVisible();
  const bookingId = readDb((db) => (db.prepare("SELECT id FROM bookings WHERE booking_reference = ?").get(reference) as { id: string }).id);

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await logIn(admin, "admin@kamernest.test", DEMO_PASSWORD);
    await admin.goto("/admin/dashboard");
    await admin.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Bookings" }).click();
    await expect(admin).toHaveURL((url) => url.pathname === "/admin/bookings");
    await expect(admin.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();

    // Filter down to the visit: confirmed, on its day, on its listing.
    await admin.getByLabel("Status").selectOption({ label: "Confirmed" });
    await admin.getByLabel("Visit from").fill(visit.date);
    await admin.getByLabel("Visit until").fill(visit.date);
    await admin.getByLabel("Property (id or title)").fill(listing.title);
    await admin.getByRole("button", { name: "Apply filters" }).click();
    await expect(admin).toHaveURL(/[?&]status=confirmed/);
    await expect(admin).toHaveURL(new RegExp(`[?&]from=${visit.date}`));
    const row = admin.getByTestId("admin-booking").filter({ hasText: reference });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(listing.title);
    await expect(row).toContainText("Ngozi Tabe");
    await expect(row).toContainText(visit.time);
    await expect(row).toContainText("8 000 FCFA");
    await expect(row.getByTestId("booking-status")).toContainText("Confirmed");

    // Cancel it with a reason.
    await row.getByRole(js ? "button" : "link", { name: `Cancel visit ${reference}` }).click();
    if (js) {
      const dialog = admin.getByRole("dialog", { name: `Cancel visit ${reference}?` });
      await expect(dialog).toContainText("No refund is made");
      await dialog.getByLabel("Reason (sent to the student and the agent)").fill(reason);
      await dialog.getByRole("button", { name: "Cancel the visit" }).click();
    } else {
      await expect(admin).toHaveURL(new RegExp(`/admin/bookings/${bookingId}/cancel\\?back=`));
      await expect(admin.getByRole("heading", { level: 1, name: `Cancel visit ${reference}?` })).toBeVisible();
      await admin.getByLabel("Reason (sent to the student and the agent)").fill(reason);
      await admin.getByRole("button", { name: "Cancel the visit" }).click();
    }
    await expect(admin.getByTestId("toast")).toContainText("The visit was cancelled");
    // Back on the list with its filters: no longer among the confirmed visits.
    await expect(admin).toHaveURL(/\/admin\/bookings\?status=confirmed/);
    await expect(admin.getByTestId("admin-booking").filter({ hasText: reference })).toHaveCount(0);

    await admin.getByLabel("Status").selectOption({ label: "Cancelled" });
    await admin.getByRole("button", { name: "Apply filters" }).click();
    await expect(admin).toHaveURL(/[?&]status=cancelled/);
    await expect(row.getByTestId("booking-status")).toContainText("Cancelled by an admin");
    await expect(row).toContainText(`Reason: ${reason}`);
    await expect(row.getByRole(js ? "button" : "link", { name: `Cancel visit ${reference}` })).toHaveCount(0);

    // The CSV of the same filters holds it.
    const csvHref = await admin.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    expect(csvHref).toMatch(/^\/admin\/bookings\.csv\?status=cancelled&/);
    const csv = await adminContext.request.get(csvHref!);
    expect(csv.status()).toBe(200);
    // Every text cell quoted (app/utils/csv.ts).
    expect(await csv.text()).toMatch(new RegExp(`"${reference}",.*,"cancelled",.*,"admin","${reason.replace(/[()]/g, "\\$&")}"`));

    // The audit log has the row, with who, before and after, and the reason.
    await admin.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Audit log" }).click();
    await expect(admin).toHaveURL((url) => url.pathname === "/admin/audit");
    await admin.getByLabel("Action", { exact: true }).selectOption({ label: "Visit booking cancelled" });
    await admin.getByRole("button", { name: "Filter" }).click();
    await expect(admin).toHaveURL(/action=admin\.booking\.cancel/);
    const entry = admin.getByTestId("audit-entry").filter({ hasText: `booking:${bookingId}` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("Visit booking cancelled");
    await expect(entry).toContainText("By Joseph Ebai");
    await expect(entry).toContainText(reason);
    // The change itself is behind the entry's "Details" disclosure (issue 33).
    await entry.getByText("Details", { exact: true }).click();
    await expect(entry.getByRole("row").filter({ hasText: "bookingStatus" })).toContainText(/confirmed\s*cancelled/);

    // The student and the agent are told, with the reason.
    const subject = new RegExp(`^Visit cancelled: ${listing.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} on`);
    const toStudent = await outboxEmail(admin, email, subject, reference);
    await expect(toStudent).toContainText("cancelled by KamerNest");
    await expect(toStudent).toContainText(reason);
    const toAgent = await outboxEmail(admin, "agent@kamernest.test", subject, reference);
    await expect(toAgent).toContainText("cancelled by KamerNest");
    await expect(toAgent).toContainText(reason);
  } finally {
    await adminContext.close();
  }
});
