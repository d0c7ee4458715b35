// The admin's edit of a listing, JavaScript on and off (decision 0129): the demo admin opens "Edit"
// from /admin/properties on another agent's listing, is told on the form when a value is refused,
// saves a correction, and the public page shows it at once (the page cache was emptied); the audit
// log keeps the change. Each project writes its own agent and listing into the e2e server's SQLite
// file, so the projects never share a row and no seeded listing changes.
import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { withDb } from "./e2e-db";
import { expect, test } from "./fixtures";

function addListing(testInfo: TestInfo): { id: string; title: string } {
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const agentId = randomUUID();
  const id = randomUUID();
  const title = `Admin edit e2e ${stamp}`;
  const now = new Date().toISOString();
  withDb((db) =>
    db.transaction(() => {
      db.prepare(
        `INSERT INTO profiles (id, role, full_name, email, phone, password_hash, email_confirmed_at, google_id, totp_secret, totp_enabled_at, created_at, updated_at, suspended_at, suspended_reason)
         VALUES (?, 'agent', ?, ?, NULL, NULL, ?, NULL, NULL, NULL, ?, ?, NULL, NULL)`,
      ).run(agentId, `Edit Agent ${stamp}`, `edit-${stamp}@kamernest.test`, now, now, now);
      db.prepare(
        `INSERT INTO agents (user_id, verification_status, business_name, license_number, business_phone, business_email, business_address, website_url, bio, rejection_reason, submitted_at, reviewed_at, terms_accepted_at, created_at)
         VALUES (?, 'approved', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ?, ?, ?, ?)`,
      ).run(agentId, now, now, now, now);
      db.prepare(
        `INSERT INTO properties (id, agent_id, title, description, property_type, neighbourhood, address, latitude, longitude, distance_to_campus_m, monthly_rent,
           status, is_verified, is_available, hidden_at, visiting_hours, availability_confirmed_at, created_at, updated_at, photo_count)
         VALUES (?, ?, ?, 'Tiled, quiet', 'studio', 'Molyko', 'Behind Total, Molyko', 4.1532, 9.2905, 250, 35000, 'available', 1, 1, NULL, NULL, ?, ?, ?, 1)`,
      ).run(id, agentId, title, now, now, now);
    })(),
  );
  return { id, title };
}

async function logInAsAdmin(page: Page, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill("admin@kamernest.test");
  await page.getByLabel("Password", { exact: true }).fill("kamernest-demo");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === redirectTo);
}

test("the demo admin edits another agent's listing from /admin/properties; the public page shows it", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const listing = addListing(testInfo);
  // A visitor reads the listing first, so the page cache holds the old version.
  const visitor = await browser.newContext({ javaScriptEnabled });
  const pub = await visitor.newPage();
  await pub.goto(`/listings/${listing.id}`);
  await expect(pub.getByRole("heading", { level: 1, name: listing.title })).toBeVisible();

  await logInAsAdmin(page, "/admin/properties");
  await page
    .getByTestId("admin-property")
    .filter({ hasText: listing.title })
    .getByRole("link", { name: `Edit ${listing.title}` })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `/admin/properties/${listing.id}/edit`);
  await expect(page.getByRole("heading", { level: 1, name: `Edit “${listing.title}”` })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(listing.title);

  // A refused value: the form comes back with the message on the field, the typed values kept.
  await page.getByLabel(/Monthly rent/).fill("500");
  await page.getByRole("button", { name: "Save the changes" }).click();
  await expect(page.locator("#monthlyRent")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title")).toHaveValue(listing.title);

  const corrected = `${listing.title} corrected`;
  await page.getByLabel("Title").fill(corrected);
  await page.getByLabel(/Monthly rent/).fill("30000");
  await page.getByRole("button", { name: "Save the changes" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/properties");
  await expect(page.getByText(`${corrected} is saved.`)).toBeVisible();
  const row = page.getByTestId("admin-property").filter({ hasText: corrected });
  await expect(row).toContainText("30 000 FCFA");
  await expect(row.getByTestId("verification")).toHaveText("Verified");

  await pub.goto(`/listings/${listing.id}`);
  await expect(pub.getByRole("heading", { level: 1, name: corrected })).toBeVisible();
  await visitor.close();

  await page.goto(`/admin/audit?${new URLSearchParams({ action: "admin.property_edited" })}`);
  await expect(page.getByTestId("audit-entry").filter({ hasText: `property:${listing.id}` })).toContainText("Listing edited");
});
