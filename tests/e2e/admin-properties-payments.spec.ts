// The admin's properties, listing reports and payments, JavaScript on and off: the demo admin
// verifies a property, which then shows the verified badge publicly; hides one (a dialog with
// JavaScript, a confirmation page without); restores a listing hidden by two reports; opens a
// payment with its timeline and checks it again with the provider.
//
// Each project sets up its own rows in the e2e server's SQLite file (a new property per test, two
// reports from the demo students, a payment whose initiation answer was lost), so the "js" and
// "no-js" projects never share a row and no seeded listing or payment is changed.
import { randomUUID } from "node:crypto";
import type Database from "better-sqlite3";
import type { Page, TestInfo } from "@playwright/test";
import { withDb } from "./e2e-db";
import { expect, test } from "./fixtures";

const ADMIN = { email: "admin@kamernest.test", password: "kamernest-demo" };

const idOf = (db: Database.Database, email: string) =>
  (db.prepare("SELECT id FROM profiles WHERE email = ?").get(email) as { id: string }).id;

/** A new unverified listing of the demo agent; hidden by two open reports from the demo students when asked. */
function addListing(testInfo: TestInfo, what: string, reported = false): { id: string; title: string } {
  const id = randomUUID();
  const title = `Admin e2e ${what} ${testInfo.project.name} ${Date.now().toString(36)}`;
  const now = new Date().toISOString();
  withDb((db) => {
    db.prepare(
      `INSERT INTO properties (id, agent_id, title, property_type, neighbourhood, latitude, longitude, distance_to_campus_m, monthly_rent,
         status, is_verified, is_available, hidden_at, visiting_hours, availability_confirmed_at, created_at, updated_at, photo_count)
       VALUES (?, ?, ?, 'room', 'Molyko', 4.1532, 9.2905, 250, 30000, 'available', 0, 1, ?, NULL, ?, ?, ?, 1)`,
    ).run(id, idOf(db, "agent@kamernest.test"), title, reported ? now : null, now, now, now);
    if (reported) {
      for (const email of ["student@kamernest.test", "subscriber@kamernest.test"]) {
        db.prepare(
          `INSERT INTO listing_reports (id, property_id, reporter_id, reason, details, status, created_at, reviewed_at)
           VALUES (?, ?, ?, 'scam', 'Asked for money before the visit', 'open', ?, NULL)`,
        ).run(randomUUID(), id, idOf(db, email), now);
      }
    }
  });
  return { id, title };
}

function auditCount(action: string, target: string): number {
  return withDb(
    (db) =>
      (db.prepare("SELECT COUNT(*) AS n FROM audit_log WHERE action = ? AND data LIKE ?").get(action, `%${target}%`) as { n: number }).n,
  );
}

/** The action is in the audit log as the admin reads it: one entry for this target, on /admin/audit. */
async function expectInAuditLog(page: Page, action: string, target: string) {
  await page.goto(`/admin/audit?${new URLSearchParams({ action })}`);
  await expect(page.getByTestId("audit-entry").filter({ hasText: target })).toHaveCount(1);
}

async function logIn(page: Page, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === redirectTo);
}

test("the demo admin verifies a property, which shows the verified badge publicly, then hides it", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const listing = addListing(testInfo, "verify");
  await logIn(page, "/admin/properties");
  await expect(page.getByRole("navigation", { name: "Admin area" }).getByRole("link", { name: "Properties" })).toBeVisible();
  await page.getByRole("link", { name: "Unverified", exact: true }).click();
  await expect(page).toHaveURL(/filter=unverified/);
  const row = page.getByTestId("admin-property").filter({ hasText: listing.title });
  await expect(row.getByTestId("verification")).toHaveText("Awaiting verification");
  await row.getByRole("button", { name: `Verify ${listing.title}` }).click();
  await expect(page).toHaveURL(/\/admin\/properties\?filter=unverified$/);
  await expect(page.getByText(`${listing.title} is verified.`)).toBeVisible();
  expect(auditCount("admin.property_verified", `property:${listing.id}`)).toBe(1);

  // A visitor sees the badge on the listing's page.
  const visitor = await browser.newContext({ javaScriptEnabled });
  const pub = await visitor.newPage();
  await pub.goto(`/listings/${listing.id}`);
  await expect(pub.getByRole("heading", { level: 1, name: listing.title })).toBeVisible();
  await expect(pub.getByText("Verified", { exact: true }).first()).toBeVisible();

  // Hiding asks first.
  await page.goto("/admin/properties?filter=verified");
  const verifiedRow = page.getByTestId("admin-property").filter({ hasText: listing.title });
  if (javaScriptEnabled) {
    await verifiedRow.getByRole("button", { name: "Hide" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Hide the listing" }).click();
  } else {
    await verifiedRow.getByRole("link", { name: "Hide" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/properties/${listing.id}/hide$`));
    await page.getByRole("button", { name: "Hide the listing" }).click();
  }
  await expect(page.getByText(`${listing.title} is hidden.`)).toBeVisible();
  expect(auditCount("admin.property_hidden", `property:${listing.id}`)).toBe(1);
  const gone = await pub.goto(`/listings/${listing.id}`);
  expect(gone?.status()).toBe(404);
  await visitor.close();
  await expectInAuditLog(page, "admin.property_verified", `property:${listing.id}`);
  await expectInAuditLog(page, "admin.property_hidden", `property:${listing.id}`);
});

test("the demo admin restores a listing hidden by two reports", async ({ page }, testInfo) => {
  const listing = addListing(testInfo, "reported", true);
  await logIn(page, "/admin/listing-reports");
  const reports = page.getByTestId("admin-report").filter({ hasText: listing.title });
  await expect(reports).toHaveCount(2);
  await expect(reports.first()).toContainText("Hidden by reports");
  await reports
    .first()
    .getByRole("button", { name: `Restore ${listing.title}` })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/listing-reports");
  await expect(page.getByText(`${listing.title} is shown again.`)).toBeVisible();
  await expect(page.getByTestId("admin-report").filter({ hasText: listing.title })).toHaveCount(0);
  expect(auditCount("admin.listing_restored", `property:${listing.id}`)).toBe(1);
  const pub = await page.goto(`/listings/${listing.id}`);
  expect(pub?.status()).toBe(200);
  await expectInAuditLog(page, "admin.listing_restored", `property:${listing.id}`);
});

test("the demo admin filters the payments, opens one with its timeline and checks it again", async ({ page }, testInfo) => {
  // A payment whose initiation answer was lost a minute ago: the provider has nothing under its reference yet.
  const paymentId = randomUUID();
  const reference = `PAY-E2E${testInfo.project.name === "js" ? "J" : "N"}${Date.now().toString(36).toUpperCase()}`;
  withDb((db) => {
    const at = new Date(Date.now() - 60_000).toISOString();
    db.prepare(
      `INSERT INTO payments (id, user_id, payment_gateway, payment_status, payment_type, amount, currency, method, phone, reference, provider_tx_id,
         checkout_url, booking_id, guest_house_id, failure_reason, confirmed_at, created_at, updated_at)
       VALUES (?, ?, 'simulated', 'pending', 'unified_payment', 8000, 'XAF', 'mtn_momo', '237670000111', ?, NULL, NULL, NULL, NULL, NULL, NULL, ?, ?)`,
    ).run(paymentId, idOf(db, "student@kamernest.test"), reference, at, at);
    db.prepare("INSERT INTO payment_events (id, payment_id, event_type, event_data, created_at) VALUES (?, ?, 'created', ?, ?)").run(
      randomUUID(),
      paymentId,
      JSON.stringify({ amount: 8000, type: "unified_payment" }),
      at,
    );
  });
  await logIn(page, "/admin/payments");
  await expect(page.getByTestId("gateway-stats").locator('tr[data-gateway="simulated"]')).toBeVisible();
  await page.getByLabel("Status").selectOption("pending");
  await page.getByLabel("Type").selectOption("unified_payment");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Payment ${reference}` })).toBeVisible();
  await expect(page.getByTestId("payment-events")).toContainText("Created");
  await page.getByRole("button", { name: "Check again with the provider" }).click();
  await expect(page.getByText("The provider was asked again: the payment is still pending.")).toBeVisible();
  await expect(page.getByTestId("payment-detail").locator('[data-field="status"]')).toHaveText("Pending");
  expect(auditCount("admin.payment_rechecked", `payment:${paymentId}`)).toBe(1);
});
