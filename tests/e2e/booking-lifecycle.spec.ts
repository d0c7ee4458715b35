// The visit-booking lifecycle in the browser (issue 9, docs/decisions/0117), with JavaScript on and
// off: a student pays for a visit and books a second one on the subscription; the demo agent proposes
// another time for the first; the student accepts it (JavaScript on) or keeps their time (off),
// cancels the second visit after reading that nothing is refunded and the subscription is kept, and
// moves the first to another free time. Each step's e-mail reaches the other side through the
// booking_notices outbox, which the demo admin reads at /admin/outbox.
//
// One sign-up per project. The demo agent has seven open listings, which the three booking specs
// share; what keeps their slots apart is the days: this spec books from day 26 (js) and 33 (no-js),
// money.spec.ts from days 5 to 24 and booking-emails.spec.ts from day 40.
import type { TestInfo } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  approve,
  chooseFreeTime,
  DEMO_PASSWORD,
  logIn,
  newStudent,
  openBookingForm,
  outboxEmail,
  payWithMtn,
  readDb,
} from "./booking-helpers";
import { logInAsDemoAgent } from "./demo-agent";

/** A time in a pattern: shown with a no-break space before AM/PM (issue 32). */
const spaced = (time: string) => time.replace(" ", "\\s");

interface Listing {
  id: string;
  title: string;
}

/** Two of the demo agent's open listings, in a stable order: js the 5th and 6th, no-js the 7th and the next (wrapping). */
function listingsFor(testInfo: TestInfo): [Listing, Listing] {
  const rows = readDb(
    (db) =>
      db
        .prepare(
          `SELECT p.id, p.title FROM properties p JOIN profiles a ON a.id = p.agent_id
         WHERE a.email = 'agent@kamernest.test' AND p.status = 'available' AND p.is_available = 1 AND p.is_verified = 1 AND p.hidden_at IS NULL
         ORDER BY p.created_at, p.id`,
        )
        .all() as Listing[],
  );
  if (rows.length < 2) throw new Error(`The demo agent has only ${rows.length} open listings`);
  const start = testInfo.project.name === "no-js" ? 6 : 4;
  return [rows[start % rows.length], rows[(start + 1) % rows.length]];
}

const AGENT_EMAIL = "agent@kamernest.test";

test("the agent proposes another time, the student answers it, cancels one visit and moves another; each side is e-mailed", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const js = testInfo.project.name === "js";
  const base = js ? 26 : 33;
  const [firstListing, secondListing] = listingsFor(testInfo);

  // 1. A fresh student pays for a visit, then books a second one on the subscription it bought.
  const email = await newStudent(page, testInfo, "lifecycle");
  const booked = await openBookingForm(page, firstListing.id, base);
  await page.getByRole("button", { name: "Book visit and pay 8 000 FCFA" }).click();
  await expect(page).toHaveURL(/\/payment\/KN-[A-Z0-9]+$/);
  const reference = /KN-[A-Z0-9]+/.exec(page.url())![0];
  await payWithMtn(page, js, "670778899");
  await approve(page, js);
  await expect(page.getByRole("heading", { level: 1, name: "Payment successful" })).toBeVisible();

  await openBookingForm(page, secondListing.id, base);
  await page.getByRole("button", { name: "Book visit", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("toast")).toContainText("Visit booked: the agent will confirm the time");
  const myBookings = page.getByTestId("my-bookings");
  const firstCard = myBookings.getByTestId("my-booking").filter({ hasText: reference });
  const secondCard = myBookings.getByTestId("my-booking").filter({ hasText: secondListing.title });
  // One status per visit (decision 0200): paid, the agent has not answered yet.
  await expect(firstCard.getByTestId("visit-status")).toHaveText("Waiting for the agent");
  await expect(firstCard).toContainText("The agent will confirm the time or propose another one");
  await expect(secondCard.getByTestId("visit-status")).toHaveText("Waiting for the agent");
  const secondReference = (await secondCard.locator("code").textContent())!.trim();
  expect(secondReference).toMatch(/^KN-[A-Z0-9]+$/);

  // 2. The demo agent finds the booking on /agents/bookings and proposes another time.
  const agentContext = await browser.newContext({ javaScriptEnabled: js });
  const adminContext = await browser.newContext();
  try {
    const agent = await agentContext.newPage();
    await logInAsDemoAgent(agent, "/agents/bookings");
    await agent.goto(`/agents/bookings?${new URLSearchParams({ property: firstListing.id, date: booked.date })}`);
    const agentCard = agent.getByTestId("agent-booking").filter({ hasText: reference });
    await expect(agentCard).toContainText("Ngozi Tabe");
    await expect(agentCard).toContainText(booked.time);
    await expect(agentCard).toContainText("Awaiting your answer.");
    await agentCard.getByRole("link", { name: "Propose another time" }).click();
    await expect(agent.getByRole("heading", { level: 1, name: `Propose another time: ${firstListing.title}` })).toBeVisible();
    await expect(agent.getByText(`(reference ${reference})`)).toBeVisible();
    const proposed = await chooseFreeTime(agent, base + 2);
    await agent.getByRole("button", { name: "Propose this time" }).click();
    await expect(agent).toHaveURL(/\/agents\/bookings/);
    await expect(agent.getByTestId("toast")).toContainText("Time proposed: the student has been asked to accept it");
    await agent.goto(`/agents/bookings?${new URLSearchParams({ property: firstListing.id, date: booked.date })}`);
    await expect(agentCard).toContainText(new RegExp(`You proposed .+ at ${spaced(proposed.time)}; waiting for the student\\.`));

    // 3. The student sees the proposal on /profile and accepts it (JavaScript on) or keeps their time (off).
    await page.goto("/profile");
    await expect(firstCard).toContainText(new RegExp(`The agent proposes .+ at ${spaced(proposed.time)} instead\\.`));
    if (js) {
      await firstCard.getByRole("button", { name: "Accept the new time" }).click();
      await expect(page.getByTestId("toast")).toContainText("You accepted the new time");
      await expect(firstCard).toContainText(proposed.time);
      await expect(firstCard).toContainText("The agent confirmed the time.");
      await expect(firstCard.getByRole("button", { name: "Accept the new time" })).toHaveCount(0);
    } else {
      await firstCard.getByRole("button", { name: "Keep my time" }).click();
      await expect(page.getByTestId("toast")).toContainText("You declined the proposed time: your visit keeps its time");
      await expect(firstCard).toContainText(booked.time);
      await expect(firstCard).toContainText("Waiting for the agent");
      await expect(firstCard.getByRole("button", { name: "Keep my time" })).toHaveCount(0);
    }
    const answered = js ? proposed : booked;
    expect(readDb((db) => db.prepare("SELECT visit_date, visit_time FROM bookings WHERE booking_reference = ?").get(reference))).toEqual({
      visit_date: answered.date,
      visit_time: answered.time,
    });

    // 4a. The student cancels the second visit, told first that nothing is refunded and the subscription is kept.
    const noRefund = "There is no refund: the payment is not returned, and the 14 days of access it bought stay yours.";
    await secondCard.getByRole(js ? "button" : "link", { name: "Cancel visit" }).click();
    if (js) {
      const dialog = page.getByRole("dialog", { name: "Cancel this visit?" });
      await expect(dialog).toContainText(noRefund);
      // The two ways out say what they do (issue 32), not "Cancel" next to "Cancel the visit".
      await expect(dialog.getByRole("button", { name: "Keep my visit" })).toBeVisible();
      await dialog.getByLabel("Reason for the agent (optional)").fill("I found a room elsewhere.");
      await dialog.getByRole("button", { name: "Cancel the visit" }).click();
      await expect(dialog).toHaveCount(0);
    } else {
      await expect(page).toHaveURL(/\/profile\/bookings\/[^/]+\/cancel$/);
      await expect(page.getByTestId("no-refund")).toHaveText(noRefund);
      await expect(page.getByRole("link", { name: "Keep my visit" })).toHaveAttribute("href", "/profile#bookings");
      await page.getByLabel("Reason for the agent (optional)").fill("I found a room elsewhere.");
      await page.getByRole("button", { name: "Cancel the visit" }).click();
    }
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByTestId("toast")).toContainText("Visit cancelled");
    await expect(secondCard).toContainText("Cancelled");
    await expect(secondCard.getByRole(js ? "button" : "link", { name: "Cancel visit" })).toHaveCount(0);
    await expect(page.getByTestId("subscription-status")).toContainText(/active until \d{1,2} \w+ \d{4}/);

    // 4b. The student moves the first visit to another free time.
    await firstCard.getByRole("link", { name: "Change time" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Change the visit time: ${firstListing.title}` })).toBeVisible();
    await expect(page.getByText(new RegExp(`Now booked for .+ at ${spaced(answered.time)} \\(reference ${reference}\\)`))).toBeVisible();
    const moved = await chooseFreeTime(page, base + 4);
    await page.getByRole("button", { name: "Move the visit to this time" }).click();
    await expect(page).toHaveURL(/\/profile/);
    await expect(page.getByTestId("toast")).toContainText("Visit moved to the new time");
    await expect(firstCard).toContainText(moved.time);
    await expect(firstCard).toContainText("Waiting for the agent");
    expect(readDb((db) => db.prepare("SELECT visit_date, visit_time FROM bookings WHERE booking_reference = ?").get(reference))).toEqual({
      visit_date: moved.date,
      visit_time: moved.time,
    });

    // The agent's list shows the moved visit and the cancelled one.
    await agent.goto(`/agents/bookings?${new URLSearchParams({ property: firstListing.id, date: moved.date })}`);
    await expect(agentCard).toContainText(moved.time);
    await expect(agentCard).toContainText("Awaiting your answer.");
    await agent.goto(`/agents/bookings?${new URLSearchParams({ property: secondListing.id, status: "cancelled" })}`);
    await expect(agent.getByTestId("agent-booking").filter({ hasText: secondReference })).toContainText("Cancelled by the student.");

    // 5. Each step's e-mail reached the other side.
    const admin = await adminContext.newPage();
    await logIn(admin, "admin@kamernest.test", DEMO_PASSWORD);
    const proposal = await outboxEmail(admin, email, /proposed another time for your visit$/, reference);
    await expect(proposal).toContainText(`at ${proposed.time} instead.`);
    await expect(proposal).toContainText("Accept or decline it from your bookings.");
    await expect(proposal).toContainText("Hello Ngozi Tabe,");

    const answer = await outboxEmail(admin, AGENT_EMAIL, `Ngozi Tabe ${js ? "accepted" : "declined"} the time you proposed`, reference);
    await expect(answer).toContainText(js ? "The visit is now:" : "The booking stands as below.");

    const cancelled = await outboxEmail(
      admin,
      AGENT_EMAIL,
      new RegExp(`^Visit cancelled: ${escapeRegExp(secondListing.title)} on `),
      secondReference,
    );
    await expect(cancelled).toContainText("The visit below was cancelled by Ngozi Tabe.");
    await expect(cancelled).toContainText("Reason: I found a room elsewhere.");

    const rescheduled = await outboxEmail(
      admin,
      AGENT_EMAIL,
      new RegExp(`^Visit moved to .+: ${escapeRegExp(firstListing.title)}$`),
      reference,
    );
    await expect(rescheduled).toContainText(`Ngozi Tabe moved the visit from `);
    await expect(rescheduled).toContainText(`at ${answered.time} to `);
    await expect(rescheduled).toContainText(`at ${moved.time}.`);

    // Nothing went to the wrong side: the student was not sent the notices meant for the agent.
    await expect(
      admin
        .getByRole("listitem")
        .filter({ hasText: `To ${email}` })
        .filter({ hasText: /Visit cancelled|Visit moved to|the time you proposed/ }),
    ).toHaveCount(0);
  } finally {
    await agentContext.close();
    await adminContext.close();
  }
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
