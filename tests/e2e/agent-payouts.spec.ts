// Money out through the provider in the browser, JavaScript on and off (issue 34, decision 0212):
// an agent sets their payout number on /agents/earnings (the password asked again: a wrong one is
// refused with a message; an e-mail goes to their address), the demo admin runs the payout from
// /admin/payouts through its confirmation page, checks the statuses with the (simulated, 2 s)
// provider, and the agent sees the payout paid with the provider's reference. A second agent's
// number ends in 000, which the simulated provider fails: their payout shows failed with the
// reason and their commissions are pending again.
//
// Setup as in admin-payout.spec.ts: each project writes its own agents and pending commissions
// into the e2e server's SQLite file. The "js" and "no-js" projects run at once against one server,
// and a run pays every agent with a payout number: one project's run may pay the other's agents
// first. The spec therefore confirms the run when its agents are listed on the confirmation page,
// and checks the end state of its own agents whichever run paid them.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { withDb } from "./e2e-db";
import { expect, test } from "./fixtures";

const ADMIN = { email: "admin@kamernest.test", password: "kamernest-demo" };
const DEMO_PASSWORD = "kamernest-demo";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Agent {
  id: string;
  name: string;
  email: string;
  earningIds: string[];
}

function addAgent(testInfo: TestInfo, label: string, payoutNumber?: string): Agent {
  const stamp = `${label}-${testInfo.project.name}-${Date.now().toString(36)}`;
  const agent: Agent = {
    id: randomUUID(),
    name: `Payee ${stamp}`,
    email: `payee-${stamp}@kamernest.test`,
    earningIds: [randomUUID(), randomUUID(), randomUUID()],
  };
  const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
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
      ).run(propertyId, agent.id, `Payout studio ${stamp}`, iso(DAY), iso(DAY), iso(DAY));
      agent.earningIds.forEach((earningId, i) => {
        const bookingId = randomUUID();
        const earnedAt = iso((3 - i) * HOUR);
        db.prepare(
          `INSERT INTO bookings (id, property_id, student_id, visitor_name, visitor_email, visitor_phone, visit_date, visit_time, payment_amount, fee_type,
             payment_status, booking_status, booking_reference, hold_expires_at, payment_id, viewing_outcome, viewing_recorded_at, created_at, updated_at)
           VALUES (?, ?, ?, 'Demo Student', 'student@kamernest.test', '677123456', ?, ?, 0, 'student_rental', 'confirmed', 'confirmed', ?, NULL, NULL, 'confirmed', ?, ?, ?)`,
        ).run(bookingId, propertyId, student, earnedAt.slice(0, 10), `${9 + i}:00 AM`, `KN-PO-${stamp}-${i}`, earnedAt, iso(DAY), earnedAt);
        db.prepare(
          `INSERT INTO commission_earnings (id, agent_id, property_id, booking_id, amount, type, date, status, paid, paid_date, student_id, period_key, voided_at, voided_by, void_reason, payout_reference)
           VALUES (?, ?, ?, ?, 5000, 'visitation', ?, 'pending', 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL)`,
        ).run(earningId, agent.id, propertyId, bookingId, earnedAt);
      });
      if (payoutNumber)
        db.prepare("INSERT INTO agent_payout_numbers (agent_id, phone, medium, updated_at) VALUES (?, ?, 'mtn_momo', ?)").run(
          agent.id,
          payoutNumber,
          iso(0),
        );
    })();
  });
  return agent;
}

function earnings(ids: string[]): { status: string; payout_reference: string | null; payout_id: string | null }[] {
  return withDb((db) =>
    ids.map(
      (id) =>
        db.prepare("SELECT status, payout_reference, payout_id FROM commission_earnings WHERE id = ?").get(id) as {
          status: string;
          payout_reference: string | null;
          payout_id: string | null;
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

test("an agent sets a payout number, the admin runs the payout, the agent sees it paid; a failing number leaves it pending", async ({
  page,
  browser,
  javaScriptEnabled,
}, testInfo) => {
  const payee = addAgent(testInfo, "ok");
  const failing = addAgent(testInfo, "ko", "670001000");
  const number = javaScriptEnabled ? "670000002" : "650000002";

  // The agent sets the payout number: the password is asked again.
  const agentContext = await browser.newContext({ javaScriptEnabled });
  const agentPage = await agentContext.newPage();
  await logIn(agentPage, payee.email, "/agents/earnings");
  await expect(agentPage.getByTestId("payout-number")).toHaveText("No payout number yet: your commissions wait until you add one.");
  await agentPage.getByLabel("Mobile-money number").fill(`+237 ${number}`);
  await agentPage.getByLabel("MTN Mobile Money").check();
  await agentPage.getByLabel("Your password").fill("not-the-password");
  await agentPage.getByRole("button", { name: "Save the payout number" }).click();
  await expect(agentPage.getByText("The password is not right.")).toBeVisible();
  await agentPage.getByLabel("Your password").fill(DEMO_PASSWORD);
  await agentPage.getByRole("button", { name: "Save the payout number" }).click();
  await expect(agentPage.getByTestId("payout-number")).toHaveText(`Paid to ${number} (MTN Mobile Money)`);
  const mail = withDb((db) => db.prepare("SELECT subject, text_body FROM outbox_emails WHERE to_address = ?").all(payee.email)) as {
    subject: string;
    text_body: string;
  }[];
  expect(mail.map((m) => m.subject)).toEqual(["Your KamerNest payout number was changed"]);
  expect(mail[0].text_body).toContain(number);

  // The admin runs the payout through its confirmation page.
  await logIn(page, ADMIN.email, "/admin/payouts");
  await expect(page.getByTestId("payout-balance")).toContainText("Provider balance:");
  await page.getByRole("link", { name: "Run the payout…" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/admin/payouts/run");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm the payout run" })).toBeVisible();
  const lines = page.getByTestId("payout-run-lines");
  if ((await lines.count()) > 0 && (await lines.getByText(payee.name).count()) > 0) {
    await expect(lines.getByText(payee.name)).toContainText(`${payee.name}, ${number}: 15 000 FCFA`);
    await page.getByRole("button", { name: "Send the payouts" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/payouts");
    await expect(page.getByText(/payouts? sent to the provider/)).toBeVisible();
  } else {
    await page.getByRole("link", { name: "Cancel" }).click();
  }
  // Claimed by a payout, not paid yet.
  expect(earnings(payee.earningIds).every((e) => e.status === "pending" && e.payout_id !== null)).toBe(true);

  // The simulated provider settles after its 2 s processing step; "check statuses" applies it.
  const row = (agent: Agent) => page.getByTestId("payout").filter({ hasText: agent.name });
  await expect(async () => {
    await page.getByRole("button", { name: "Check statuses with the provider" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/admin/payouts");
    await expect(row(payee).getByTestId("payout-status")).toHaveText("Paid");
    await expect(row(failing).getByTestId("payout-status")).toHaveText("Failed");
  }).toPass();
  const reference = (await row(payee).getByTestId("payout-reference").textContent())!.trim();
  expect(reference).toMatch(/^[A-Z0-9]{9}$/);
  await expect(row(failing).getByTestId("payout-reason")).toContainText("The receiving mobile-money account refused the transfer");

  // The payout's timeline, written with each change of its status.
  await row(payee).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Payout" })).toBeVisible();
  const timeline = page.getByTestId("payout-timeline").getByRole("listitem");
  await expect(timeline).toHaveCount(3);
  await expect(timeline.nth(0)).toContainText("Recorded, commissions claimed");
  await expect(timeline.nth(1)).toContainText(`Sent to the provider${reference}`);
  await expect(timeline.nth(2)).toContainText("Paid: the provider confirmed");

  expect(earnings(payee.earningIds)).toEqual(
    payee.earningIds.map(() => expect.objectContaining({ status: "paid", payout_reference: reference })),
  );
  expect(earnings(failing.earningIds)).toEqual(
    failing.earningIds.map(() => ({ status: "pending", payout_reference: null, payout_id: null })),
  );

  // The agent sees the payout with its number, amount, status and the provider's reference.
  await agentPage.reload();
  const mine = agentPage.getByTestId("payout");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(number);
  await expect(mine).toContainText("15 000 FCFA");
  await expect(mine.getByTestId("payout-status")).toHaveText("Paid");
  await expect(mine.getByTestId("payout-reference")).toHaveText(reference);
  await expect(agentPage.getByTestId("total-paid").locator("dd").first()).toHaveText("15 000 FCFA");
  await agentContext.close();

  // The failing agent sees the reason, and their commissions pending again.
  const failingContext = await browser.newContext({ javaScriptEnabled });
  const failingPage = await failingContext.newPage();
  await logIn(failingPage, failing.email, "/agents/earnings");
  await expect(failingPage.getByTestId("payout-status")).toHaveText("Failed");
  await expect(failingPage.getByTestId("payout-reason")).toHaveText(
    "Reason: The receiving mobile-money account refused the transfer. The commissions are pending again.",
  );
  await expect(failingPage.getByTestId("total-pending").locator("dd").first()).toHaveText("15 000 FCFA");
  await failingContext.close();
});

test.describe("the payout pages, with axe, at 360 px", () => {
  // axe measures with inline styles, which the CSP refuses (see discovery-a11y.spec.ts).
  test.use({ bypassCSP: true, viewport: { width: 360, height: 800 } });

  test(
    "the earnings page with a refused number, /admin/payouts and its confirmation page have no serious violation, in English and French",
    { tag: "@needs-javascript" },
    async ({ page, browser }, testInfo) => {
      const agent = addAgent(testInfo, "axe", "670000002");
      const agentContext = await browser.newContext({ bypassCSP: true, viewport: { width: 360, height: 800 } });
      const agentPage = await agentContext.newPage();
      await logIn(agentPage, agent.email, "/agents/earnings");
      await logIn(page, ADMIN.email, "/admin/payouts");
      for (const language of ["en", "fr"] as const) {
        await agentPage.goto(`/agents/earnings?lng=${language}`);
        await agentPage.locator("summary").click();
        await agentPage.locator("#payout-number-phone").fill("12345");
        await agentPage.locator("#payout-number-password").fill("x");
        await agentPage.locator("form#payout-number button[type=submit]").click();
        await expect(agentPage.locator("#payout-number-phone")).toHaveAttribute("aria-invalid", "true");
        await agentPage.screenshot({ path: testInfo.outputPath(`earnings-${language}.png`), fullPage: true });
        await expectNoSeriousViolation(agentPage, `/agents/earnings in ${language}`);
        for (const path of ["/admin/payouts", "/admin/payouts/run"]) {
          await page.goto(`${path}?lng=${language}`);
          await page.screenshot({ path: testInfo.outputPath(`${path.replaceAll("/", "-")}-${language}.png`), fullPage: true });
          await expectNoSeriousViolation(page, `${path} in ${language}`);
        }
      }
      await agentContext.close();
    },
  );
});

async function expectNoSeriousViolation(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
  expect(serious, what).toEqual([]);
}
