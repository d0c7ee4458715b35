// The weekly payout run in the browser, JavaScript on and off (decision 0129): the demo admin opens
// /admin/reports, voids one of an agent's pending commissions with a reason (a dialog with
// JavaScript, the confirmation page without), marks that agent's rest paid with the date and the
// reference of the transfer made to them; the agent signs in and /agents/earnings shows them paid
// and the voided one voided with its reason; /admin/audit shows both actions.
//
// Setup: written straight into the e2e server's SQLite file (as admin-properties-payments.spec.ts
// does), not through the sign-up → approval → listing → paid booking → confirmed viewing flows,
// which other specs cover and which would take minutes per project. Each project gets its OWN
// approved agent (the demo agent's password hash is copied, so it signs in with the demo
// password), a listing, three confirmed viewings and their three pending 5 000 FCFA commissions:
// the "js" and "no-js" projects run at once against one server and never share a row, and the
// seeded demo agent's pending commission (agent-portal-earnings.spec.ts) is never touched.
import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { withDb } from "./e2e-db";
import { expect, test } from "./fixtures";

const ADMIN = { email: "admin@kamernest.test", password: "kamernest-demo" };
const DEMO_PASSWORD = "kamernest-demo";

interface PayoutAgent {
  id: string;
  name: string;
  email: string;
  propertyTitle: string;
  earningIds: string[];
}

/** A new approved agent with three pending commissions earned an hour or more ago. */
function addAgentWithPendingCommissions(testInfo: TestInfo): PayoutAgent {
  const stamp = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const agent: PayoutAgent = {
    id: randomUUID(),
    name: `Payout Agent ${stamp}`,
    email: `payout-${stamp}@kamernest.test`,
    propertyTitle: `Payout e2e studio ${stamp}`,
    earningIds: [randomUUID(), randomUUID(), randomUUID()],
  };
  const now = Date.now();
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString();
  withDb((db) => {
    const demo = db.prepare("SELECT password_hash FROM profiles WHERE email = 'agent@kamernest.test'").get() as { password_hash: string };
    const student = (db.prepare("SELECT id FROM profiles WHERE email = 'student@kamernest.test'").get() as { id: string }).id;
    const propertyId = randomUUID();
    db.transaction(() => {
      db.prepare(
        `INSERT INTO profiles (id, role, full_name, email, phone, password_hash, email_confirmed_at, google_id, totp_secret, totp_enabled_at, created_at, updated_at, suspended_at, suspended_reason)
         VALUES (?, 'agent', ?, ?, NULL, ?, ?, NULL, NULL, NULL, ?, ?, NULL, NULL)`,
      ).run(agent.id, agent.name, agent.email, demo.password_hash, iso(DAY), iso(DAY), iso(DAY));
      db.prepare(
        `INSERT INTO agents (user_id, verification_status, business_name, license_number, business_phone, business_email, business_address, website_url, bio, rejection_reason, submitted_at, reviewed_at, terms_accepted_at, created_at)
         VALUES (?, 'approved', ?, NULL, NULL, NULL, NULL, NULL, NULL, NULL, ?, ?, ?, ?)`,
      ).run(agent.id, agent.name, iso(DAY), iso(DAY), iso(DAY), iso(DAY));
      db.prepare(
        `INSERT INTO properties (id, agent_id, title, property_type, neighbourhood, latitude, longitude, distance_to_campus_m, monthly_rent,
           status, is_verified, is_available, hidden_at, visiting_hours, availability_confirmed_at, created_at, updated_at)
         VALUES (?, ?, ?, 'studio', 'Molyko', 4.1532, 9.2905, 250, 35000, 'available', 1, 1, NULL, NULL, ?, ?, ?)`,
      ).run(propertyId, agent.id, agent.propertyTitle, iso(DAY), iso(DAY), iso(DAY));
      agent.earningIds.forEach((earningId, i) => {
        const bookingId = randomUUID();
        const earnedAt = iso((3 - i) * HOUR);
        db.prepare(
          `INSERT INTO bookings (id, property_id, student_id, visitor_name, visitor_email, visitor_phone, visit_date, visit_time, payment_amount, fee_type,
             payment_status, booking_status, booking_reference, hold_expires_at, payment_id, viewing_outcome, viewing_recorded_at, created_at, updated_at)
           VALUES (?, ?, ?, 'Demo Student', 'student@kamernest.test', '677123456', ?, ?, 0, 'student_rental', 'confirmed', 'confirmed', ?, NULL, NULL, 'confirmed', ?, ?, ?)`,
        ).run(
          bookingId,
          propertyId,
          student,
          earnedAt.slice(0, 10),
          `${9 + i}:00 AM`,
          `KN-PAYOUT-${stamp}-${i}`,
          earnedAt,
          iso(DAY),
          earnedAt,
        );
        db.prepare(
          `INSERT INTO commission_earnings (id, agent_id, property_id, booking_id, amount, type, date, status, paid, paid_date, student_id, period_key, voided_at, voided_by, void_reason, payout_reference)
           VALUES (?, ?, ?, ?, 5000, 'visitation', ?, 'pending', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
        ).run(earningId, agent.id, propertyId, bookingId, earnedAt);
      });
    })();
  });
  return agent;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function earningStates(ids: string[]): { id: string; status: string; payout_reference: string | null; void_reason: string | null }[] {
  return withDb((db) =>
    ids.map(
      (id) =>
        db.prepare("SELECT id, status, payout_reference, void_reason FROM commission_earnings WHERE id = ?").get(id) as {
          id: string;
          status: string;
          payout_reference: string | null;
          void_reason: string | null;
        },
    ),
  );
}

async function logIn(page: Page, email: string, redirectTo: string) {
  await page.goto(`/auth/login?${new URLSearchParams({ redirectTo })}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(email === ADMIN.email ? ADMIN.password : DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === redirectTo);
}

test("runs the weekly payout, voiding one earning, and the agent's earnings page shows the rest paid", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const agent = addAgentWithPendingCommissions(testInfo);
  const reference = `MOMO-${testInfo.project.name}-${Date.now().toString(36)}`.toUpperCase();
  const reason = `Viewing booked twice (${testInfo.project.name})`;

  await logIn(page, ADMIN.email, "/admin/reports");
  await expect(page.getByRole("heading", { level: 2, name: "Weekly payout run" })).toBeVisible();
  const group = page.getByTestId("payout-agent").filter({ has: page.getByRole("heading", { level: 3, name: agent.name, exact: true }) });
  await expect(group.getByTestId("payout-row")).toHaveCount(3);
  await expect(group.getByRole("table")).toContainText("3 pending commissions, 15 000 FCFA");

  // Void the oldest with a reason.
  const voidTrigger = group
    .getByTestId("payout-row")
    .first()
    .getByRole(javaScriptEnabled ? "button" : "link", { name: `Void the commission of ${agent.name}` });
  await voidTrigger.click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: "Void this commission?" });
    await expect(dialog).toContainText("5 000 FCFA");
    await dialog.getByLabel(/Reason/).fill(reason);
    await dialog.getByRole("button", { name: "Void the commission" }).click();
  } else {
    await expect(page).toHaveURL((url) => url.pathname === `/admin/reports/void/${agent.earningIds[0]}`);
    await expect(page.getByRole("heading", { level: 1, name: "Void this commission?" })).toBeVisible();
    await page.getByLabel(/Reason/).fill(reason);
    await page.getByRole("button", { name: "Void the commission" }).click();
  }
  await expect(page).toHaveURL((url) => url.pathname === "/admin/reports");
  await expect(page.getByText("The commission was voided.")).toBeVisible();
  await expect(group.getByTestId("payout-row")).toHaveCount(2);

  // Mark this agent's rest paid with the transfer's date (today, the default) and its reference.
  const payForm = group.getByRole("form", { name: `Mark the 2 commissions of ${agent.name} paid (10 000 FCFA)` });
  await expect(payForm.getByLabel("Date of the transfer")).not.toHaveValue("");
  await payForm.getByLabel("Payout reference").fill(reference);
  // Marking paid asks for confirmation: a required checkbox (issue 33).
  await payForm.getByLabel(new RegExp(`^I have sent 10.000 FCFA to ${agent.name} `)).check();
  await payForm.getByRole("button", { name: `Mark ${agent.name} paid` }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/reports");
  await expect(page.getByText(`2 commissions marked paid (10 000 FCFA, reference ${reference}).`)).toBeVisible();
  await expect(group).toHaveCount(0);
  expect(earningStates(agent.earningIds).map((e) => [e.status, e.payout_reference, e.void_reason])).toEqual([
    ["voided", null, reason],
    ["paid", reference, null],
    ["paid", reference, null],
  ]);

  // The agent's earnings page.
  const agentContext = await browser.newContext({ javaScriptEnabled });
  const agentPage = await agentContext.newPage();
  await logIn(agentPage, agent.email, "/agents/earnings");
  const total = (testId: string) => agentPage.getByTestId(testId).locator("dd").first();
  await expect(total("total-paid")).toHaveText("10 000 FCFA");
  await expect(total("total-pending")).toHaveText("0 FCFA");
  await expect(total("total-voided")).toHaveText("5 000 FCFA");
  const rows = agentPage.getByTestId("earning");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Paid" })).toHaveCount(2);
  const voided = rows.filter({ hasText: "Voided" });
  await expect(voided).toHaveCount(1);
  await expect(voided.getByTestId("void-reason")).toHaveText(`Voided: ${reason}`);
  await agentContext.close();

  // Both actions in the audit log, on this agent's commissions.
  for (const [action, ids] of [
    ["admin.commission_voided", [agent.earningIds[0]]],
    ["admin.payout_marked_paid", agent.earningIds.slice(1)],
  ] as const) {
    await page.goto(`/admin/audit?${new URLSearchParams({ action })}`);
    await expect(page.getByLabel("Action")).toHaveValue(action);
    for (const id of ids) await expect(page.getByTestId("audit-entry").filter({ hasText: `commission:${id}` })).toHaveCount(1);
  }
});
