// Booking e-mails in the browser, with JavaScript on and off: a student books a visit and pays on
// the simulated MTN checkout; within seconds the outbox job has sent the student's confirmation and
// receipt and the agent's "new visit booked", which the demo admin reads at /admin/outbox.
//
// The payer is a student signed up here, not the demo student: the demo student can buy a
// subscription only once and money.spec.ts's js project pays with it. Each project books the
// demo agent's last listings, far from the days money.spec.ts uses, so no slot is shared.
import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import { approve, DEMO_PASSWORD, logIn, newStudent, openBookingForm, payWithMtn, readDb } from "./booking-helpers";

function listingFor(testInfo: TestInfo): { id: string; title: string } {
  const rows = readDb((db) =>
    db
      .prepare(
        `SELECT p.id, p.title FROM properties p JOIN profiles a ON a.id = p.agent_id
         WHERE a.email = 'agent@kamernest.test' AND p.status = 'available' AND p.is_available = 1 AND p.is_verified = 1 AND p.hidden_at IS NULL
         ORDER BY p.created_at DESC, p.id DESC`,
      )
      .all() as Array<{ id: string; title: string }>,
  );
  return rows[testInfo.project.name === "no-js" ? 1 : 0];
}

/** The e-mail on /admin/outbox to `to` whose subject is `subject` and text holds `reference`, once the job has sent it. */
async function outboxEmail(admin: Page, to: string, subject: string | RegExp, reference: string) {
  const mail = admin
    .getByRole("listitem")
    .filter({ has: admin.getByRole("heading", { level: 2, name: subject }) })
    .filter({ hasText: `To ${to}` })
    .filter({ hasText: reference });
  await expect(async () => {
    await admin.goto("/admin/outbox");
    await expect(mail).toHaveCount(1, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return mail;
}

test("a student books and pays a visit; the confirmations and the receipt are in the outbox", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const js = testInfo.project.name === "js";
  const email = await newStudent(page, testInfo, "emails");
  const listing = listingFor(testInfo);
  const visit = await openBookingForm(page, listing.id, js ? 40 : 48);
  await page.getByRole("button", { name: "Book visit and pay 8 000 FCFA" }).click();
  await expect(page).toHaveURL(/\/payment\/KN-[A-Z0-9]+$/);
  const reference = /KN-[A-Z0-9]+/.exec(page.url())![0];
  await payWithMtn(page, js, "670445566");
  await approve(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Payment successful" })).toBeVisible();
  const paymentReference = new URL(page.url()).searchParams.get("ref")!;

  const adminContext = await browser.newContext();
  try {
    const admin = await adminContext.newPage();
    await logIn(admin, "admin@kamernest.test", DEMO_PASSWORD);

    const confirmation = await outboxEmail(admin, email, `Your visit to ${listing.title} is confirmed`, reference);
    await expect(confirmation).toContainText("Hello Ngozi Tabe,");
    await expect(confirmation).toContainText(`Booking reference: ${reference}`);
    await expect(confirmation).toContainText(`at ${visit.time}`);
    await expect(confirmation).toContainText("/profile");

    const receipt = await outboxEmail(admin, email, `Payment receipt ${paymentReference}`, reference);
    await expect(receipt).toContainText("Amount: 8 000 FCFA");
    await expect(receipt).toContainText("Method: MTN Mobile Money");
    await expect(receipt).toContainText(/Provider reference: \S+/);
    await expect(receipt).toContainText(/Your subscription lets you book visits until \d{1,2} \w+ \d{4} at \d{2}:\d{2} \(Buea time\)\./);
    await expect(receipt).toContainText(reference);

    const agentMail = await outboxEmail(admin, "agent@kamernest.test", `New visit booked: ${listing.title} on`, reference);
    await expect(agentMail).toContainText("Visitor: Ngozi Tabe");
    await expect(agentMail).toContainText("/agents/bookings");
  } finally {
    await adminContext.close();
  }
});
