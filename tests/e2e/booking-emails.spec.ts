// Booking e-mails in the browser, with JavaScript on and off: a student books a visit and pays on
// the simulated MTN checkout; within seconds the outbox job has sent the student's confirmation and
// receipt and the agent's "new visit booked", which the demo admin reads at /admin/outbox.
//
// The payer is a student signed up here, not the demo student: the demo student can buy a
// subscription only once and money.spec.ts's js project pays with it. Each project books the
// demo agent's last listings, far from the days money.spec.ts uses, so no slot is shared.
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
} from "./booking-helpers";

function listingFor(testInfo: TestInfo): { id: string; title: string } {
  return demoAgentListingsNewestFirst()[testInfo.project.name === "no-js" ? 1 : 0];
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

    const confirmation = await outboxEmail(admin, email, `Visit booked: ${listing.title}`, reference);
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
