// Guest-house booking in the browser, with JavaScript on and off (the "js" and "no-js" projects run
// in parallel): a visitor browses the guest houses and one of them; a signed-in user asks to book,
// is sent to pay the 5 000 FCFA access fee, pays on the simulated MTN checkout, comes back to the
// form with what they typed, books, and leaves for a wa.me URL (intercepted: there is no internet)
// whose number and text are right; the attempt is stored with whatsappMessageSent true.
//
// Each project pays the access once, so each uses its own demo account: the js project the demo
// student, the no-js project the demo agent (any signed-in user can book a guest house); neither has
// access in the seed. "15 days later, pay again": the e2e server has no movable clock, so the test
// moves this user's stored access 15 days into the past, which is what the server sees when its
// clock moves 15 days ahead (the route test does it with an injected clock:
// tests/integration/routes/guest-house-booking.test.ts).
import path from "node:path";
import Database from "better-sqlite3";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const DEMO_PASSWORD = "kamernest-demo";
const DB_FILE = path.resolve(process.env.E2E_DB_FILE ?? "tests/.tmp/e2e/kamernest.db");
const LODGE = "Molyko Comfort Lodge";

function readDb<T>(query: (db: Database.Database) => T): T {
  const db = new Database(DB_FILE, { readonly: true, fileMustExist: true });
  try {
    return query(db);
  } finally {
    db.close();
  }
}

/** Moves every access of the user `days` into the past, as if the clock had moved that far ahead. */
function ageAccess(email: string, days: number) {
  const db = new Database(DB_FILE, { fileMustExist: true });
  try {
    const rows = db
      .prepare(
        "SELECT f.id, f.payment_date, f.expiry_date FROM platform_fee_payments f JOIN profiles p ON p.id = f.user_id WHERE p.email = ?",
      )
      .all(email) as { id: string; payment_date: string; expiry_date: string }[];
    const back = (iso: string) => new Date(Date.parse(iso) - days * 86_400_000).toISOString();
    const update = db.prepare("UPDATE platform_fee_payments SET payment_date = ?, expiry_date = ? WHERE id = ?");
    for (const r of rows) update.run(back(r.payment_date), back(r.expiry_date), r.id);
    return rows.length;
  } finally {
    db.close();
  }
}

async function logIn(page: Page, email: string) {
  await page.goto("/auth/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
}

const isoDay = (offset: number) => new Date(Date.now() + 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

test.describe("guest-house booking", () => {
  test("a visitor browses; a user pays the access fee, comes back to the filled form, books and leaves for WhatsApp", async ({
    page,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    const email = js ? "student@kamernest.test" : "agent@kamernest.test";
    const house = readDb(
      (db) =>
        db.prepare("SELECT id, whatsapp_number FROM guest_houses WHERE name = ?").get(LODGE) as { id: string; whatsapp_number: string },
    );

    // A visitor: the list and one guest house, with the way to book and no free WhatsApp link.
    await page.goto("/guest-houses");
    await expect(page.getByRole("heading", { level: 1, name: "Guest houses in Buea" })).toBeVisible();
    // The verified filter is folded under "More filters" (decision 0235).
    await page.getByText("More filters").click();
    await page.getByLabel("Verified hosts only").check();
    await page.getByRole("button", { name: "Show guest houses" }).click();
    await expect(page).toHaveURL(/\/guest-houses\?v=1$/);
    await page.getByRole("link", { name: LODGE }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(LODGE);
    await expect(page.getByRole("heading", { name: "House rules" })).toBeVisible();
    await expect(page.getByText("Verified host").first()).toBeVisible();
    await expect(page.locator('#main a[href*="wa.me"]')).toHaveCount(0);

    await logIn(page, email);
    await page.goto(`/guest-house-booking/${house.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Ask the host for your stay" })).toBeVisible();
    const checkIn = isoDay(js ? 3 : 5);
    const checkOut = isoDay(js ? 5 : 6);
    await page.getByLabel("Check-in date").fill(checkIn);
    await page.getByLabel("Check-out date").fill(checkOut);
    await page.getByLabel("Number of guests").fill("2");
    await page.getByLabel("Message to the host (optional)").fill("Arriving by bus from Douala.");
    await page.getByRole("button", { name: "Continue: pay the access (5 000 FCFA)" }).click();

    // The access fee, through the same mobile-money form and simulated checkout as visits.
    await expect(page).toHaveURL(new RegExp(`/guest-house-payment\\?house=${house.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Guest-house access" })).toBeVisible();
    await page.getByLabel("MTN Mobile Money").check();
    await page.getByLabel("Mobile money number").fill("670112233");
    await page.getByRole("button", { name: "Pay 5 000 FCFA" }).click();
    await expect(page).toHaveURL(/\/simulated-checkout\/[A-Z0-9]+$/);
    if (js) await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Approve 5 000 FCFA" }).click();
    if (js) await expect(page.getByRole("status").filter({ hasText: "Processing payment…" })).toBeVisible();
    await expect(page).toHaveURL(/\/payment-success\?ref=PAY-[A-Z0-9]+/, { timeout: 15_000 });
    await expect(page.getByText(/Your guest-house access is valid until/)).toBeVisible();

    // Back to the form, as it was typed.
    await page.getByTestId("continue-booking").click();
    await expect(page).toHaveURL(new RegExp(`/guest-house-booking/${house.id}$`));
    await expect(page.getByLabel("Check-in date")).toHaveValue(checkIn);
    await expect(page.getByLabel("Check-out date")).toHaveValue(checkOut);
    await expect(page.getByLabel("Number of guests")).toHaveValue("2");
    await expect(page.getByLabel("Message to the host (optional)")).toHaveValue("Arriving by bus from Douala.");

    // Booking leaves for WhatsApp through our redirect; wa.me is answered here (no internet).
    let waUrl: URL | null = null;
    await page.route(/^https:\/\/wa\.me\//, async (route) => {
      waUrl = new URL(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>WhatsApp</title><p>WhatsApp</p>" });
    });
    await page.getByRole("button", { name: "Send my request on WhatsApp" }).click();
    await expect(page).toHaveURL(/^https:\/\/wa\.me\//);
    expect(waUrl).not.toBeNull();
    const wa = waUrl as unknown as URL;
    expect(wa.pathname).toBe(`/${house.whatsapp_number.replace(/\D/g, "")}`);
    const text = wa.searchParams.get("text") ?? "";
    expect(text).toContain(`"${LODGE}"`);
    // Dates as people write them, not 2026-12-18 (issue 32).
    const written = (d: string) =>
      new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
        new Date(`${d}T12:00:00Z`),
      );
    expect(text).toContain(`from ${written(checkIn)} to ${written(checkOut)}`);
    expect(text).toContain("for 2 guests");
    expect(text).toContain("Arriving by bus from Douala.");

    const attempt = readDb(
      (db) =>
        db
          .prepare(
            `SELECT a.check_in, a.check_out, a.guests, a.whatsapp_message_sent FROM booking_attempts a JOIN profiles p ON p.id = a.user_id
             WHERE p.email = ? AND a.guest_house_id = ? ORDER BY a.attempt_date DESC LIMIT 1`,
          )
          .get(email, house.id) as { check_in: string; check_out: string; guests: number; whatsapp_message_sent: number } | undefined,
    );
    expect(attempt).toEqual({ check_in: checkIn, check_out: checkOut, guests: 2, whatsapp_message_sent: 1 });

    // The profile lists the request and the access with its Renew button.
    await page.goto("/profile");
    await expect(page.getByTestId("guest-house-attempts")).toContainText(LODGE);
    await expect(page.getByTestId("guest-house-attempts")).toContainText("opened on WhatsApp");
    await expect(page.getByTestId("guest-house-attempts")).toContainText("· 2 guests");
    await expect(page.getByTestId("guest-house-attempts")).not.toContainText("up to");
    await expect(page.getByTestId("platform-access").getByRole("link", { name: "Renew the access" })).toBeVisible();

    // Fifteen days later the 14-day access has run out: the profile offers to pay again, and the
    // booking form sends the user to pay before anything reaches the host.
    await page.unroute(/^https:\/\/wa\.me\//);
    expect(ageAccess(email, 15)).toBe(1);
    await page.goto("/profile");
    await expect(page.getByTestId("platform-access")).toContainText("Guest-house access: expired on");
    await expect(page.getByTestId("platform-access").getByRole("link", { name: "Renew the access" })).toBeVisible();
    await page.goto(`/guest-house-booking/${house.id}`);
    await page.getByLabel("Check-in date").fill(isoDay(js ? 8 : 9));
    await page.getByLabel("Check-out date").fill(isoDay(js ? 9 : 10));
    await page.getByLabel("Number of guests").fill("1");
    await page.getByRole("button", { name: "Continue: pay the access (5 000 FCFA)" }).click();
    await expect(page).toHaveURL(new RegExp(`/guest-house-payment\\?house=${house.id}$`));
  });
});
