// Helpers of the browser tests that book and pay for visits (money.spec.ts, booking-emails.spec.ts):
// the server's outbox and database read from its SQLite file, signing in and up, the booking form
// and the simulated MTN checkout.
import path from "node:path";
import Database from "better-sqlite3";
import type { Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";

export const DEMO_PASSWORD = "kamernest-demo";
// The e2e server's SQLite file (playwright.config.ts); E2E_DB_FILE when a run uses another.
export const DB_FILE = path.resolve(process.env.E2E_DB_FILE ?? "tests/.tmp/e2e/kamernest.db");

export function readDb<T>(query: (db: Database.Database) => T): T {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

export function uniqueEmail(testInfo: TestInfo, label: string): string {
  return `${label}-${testInfo.project.name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;
}

export async function linkFromOutbox(to: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const row = readDb(
      (db) =>
        db.prepare("SELECT text_body FROM outbox_emails WHERE to_address = ? ORDER BY created_at DESC, id DESC LIMIT 1").get(to) as
          { text_body: string } | undefined,
    );
    const link = row ? /https?:\/\/\S+/.exec(row.text_body)?.[0] : undefined;
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No e-mail to ${to} in the outbox`);
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
}

/** A new confirmed student, signed in. */
export async function newStudent(page: Page, testInfo: TestInfo, label: string): Promise<string> {
  const email = uniqueEmail(testInfo, label);
  await page.goto("/auth/signup");
  await page.getByLabel("Full name").fill("Ngozi Tabe");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone number (optional)").fill("677 12 34 56");
  await page.getByLabel("Password", { exact: true }).fill("buea-2026");
  await page.getByLabel("I am a student").check();
  await page.getByLabel("I agree to the Terms of Service").check();
  await page.getByLabel("I agree to the Privacy Policy").check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.goto(await linkFromOutbox(email));
  await logIn(page, email, "buea-2026");
  return email;
}

export const isoDay = (offset: number) => new Date(Date.now() + 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Opens the booking form on the first day from `fromOffset` that offers a free time, choosing the
 * day through the date field and "Show times" as a person would. Answers the day and the time.
 */
export async function openBookingForm(page: Page, propertyId: string, fromOffset: number): Promise<{ date: string; time: string }> {
  await page.goto(`/book-visit/${propertyId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Book a visit" })).toBeVisible();
  return chooseFreeTime(page, fromOffset);
}

/**
 * On a page with the visit date field and "Show times" (booking, proposing or moving a visit):
 * selects the first free time of the first day from `fromOffset` that has one. Answers both.
 */
export async function chooseFreeTime(page: Page, fromOffset: number): Promise<{ date: string; time: string }> {
  for (let offset = fromOffset; offset < fromOffset + 10; offset += 1) {
    const date = isoDay(offset);
    await page.getByLabel("Visit date").fill(date);
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]date=${date}`));
    // With JavaScript, typing the date and pressing Show times each load the times: read them once
    // both have settled, not the previous day's still on screen.
    await page.waitForLoadState("networkidle");
    await expect(page.getByLabel(/^Time slot on /)).toBeVisible();
    const times = await page.locator('select[name="visitTime"] option:not([disabled]):not([value=""])').allTextContents();
    if (times.length > 0) {
      await page.getByLabel(/^Time slot on /).selectOption(times[0].trim());
      // Shown with a no-break space ("10:00 AM", issue 32); stored and compared with a plain one.
      return { date, time: times[0].trim().replace(/\s+/g, " ") };
    }
  }
  throw new Error("No free time in ten days");
}

/** On /payment/{reference}: chooses MTN, types the number, presses Pay; ends on the simulated checkout. */
export async function payWithMtn(page: Page, js: boolean, phone: string) {
  await expect(page.getByRole("heading", { level: 1, name: "Pay for your visit" })).toBeVisible();
  const number = page.getByLabel("Mobile money number");
  // With JavaScript the number appears once a method is chosen; without it everything shows.
  if (js) await expect(number).toBeHidden();
  else await expect(number).toBeVisible();
  await page.getByLabel("MTN Mobile Money").check();
  await expect(page.getByText("+237", { exact: true })).toBeVisible();
  await expect(page.getByText("Enter the number registered with your mobile money account")).toBeVisible();
  await expect(number).toHaveAttribute("placeholder", /^6/);
  await expect(number).toHaveAttribute("inputmode", "numeric");
  await number.fill(phone);
  await page.getByRole("button", { name: "Pay 8 000 FCFA" }).click();
  if (js) {
    await expect(page.getByTestId("toast")).toContainText("Redirecting to payment");
    await expect(page.getByTestId("toast")).toContainText("You will be redirected to complete your payment.");
    const stored = await page.evaluate(() => localStorage.getItem("pending_payment_ref"));
    expect(stored).toMatch(/^PAY-/);
  }
  await expect(page).toHaveURL(/\/simulated-checkout\/[A-Z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your payment" })).toBeVisible();
  await expect(page.locator("#main").getByText("KamerNest", { exact: true })).toBeVisible();
  await expect(page.getByText("8 000 FCFA", { exact: true })).toBeVisible();
  await expect(page.getByText(`+237 ${phone}`)).toBeVisible();
}

export async function approve(page: Page, js: boolean) {
  // With JavaScript the processing state is React's: let the page finish starting first.
  if (js) await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "Approve 8 000 FCFA" }).click();
  if (js) await expect(page.getByRole("status").filter({ hasText: "Processing payment…" })).toBeVisible();
  await expect(page).toHaveURL(/\/payment-success\?ref=PAY-[A-Z0-9]+/, { timeout: 15_000 });
}

/** The e-mail on /admin/outbox (read by a signed-in admin) to `to` whose subject is `subject` and text holds `reference`, once the job has sent it. */
export async function outboxEmail(admin: Page, to: string, subject: string | RegExp, reference: string) {
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

/** The demo agent's open listings (available, verified, not hidden), newest first: the specs that book pick theirs by index. */
export function demoAgentListingsNewestFirst(): Array<{ id: string; title: string }> {
  return readDb(
    (db) =>
      db
        .prepare(
          `SELECT p.id, p.title FROM properties p JOIN profiles a ON a.id = p.agent_id
         WHERE a.email = 'agent@kamernest.test' AND p.status = 'available' AND p.is_available = 1 AND p.is_verified = 1 AND p.hidden_at IS NULL AND p.photo_count > 0
         ORDER BY p.created_at DESC, p.id DESC`,
        )
        .all() as Array<{ id: string; title: string }>,
  );
}
