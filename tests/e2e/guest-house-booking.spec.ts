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
//
// The other ways back to the filled form (issue 32, decision 0243), each with a new student: a
// second tab asking another house, the checkout finished in another browser (signing in there),
// and the access paid from /profile after a declined payment and its retry.
import path from "node:path";
import Database from "better-sqlite3";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { newStudent } from "./booking-helpers";

const DEMO_PASSWORD = "kamernest-demo";
const DB_FILE = path.resolve(process.env.E2E_DB_FILE ?? "tests/.tmp/e2e/kamernest.db");
const LODGE = "Molyko Comfort Lodge";
const FAKO = "Fako View Guest House";

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

interface Stay {
  checkIn: string;
  checkOut: string;
  guests: string;
  message: string;
}

const houseId = (name: string) => readDb((db) => (db.prepare("SELECT id FROM guest_houses WHERE name = ?").get(name) as { id: string }).id);

/** A page that hydrates is used once React has it (the fixture's page does this in its goto; other pages do not). */
async function settled(page: Page) {
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrate !== "true" || document.documentElement.dataset.hydrated === "true",
  );
}

async function typeStay(page: Page, id: string, stay: Stay, js: boolean) {
  await page.goto(`/guest-house-booking/${id}`);
  if (js) await settled(page);
  await expect(page.getByRole("heading", { level: 1, name: "Ask the host for your stay" })).toBeVisible();
  await page.getByLabel("Check-in date").fill(stay.checkIn);
  await page.getByLabel("Check-out date").fill(stay.checkOut);
  await page.getByLabel("Number of guests").fill(stay.guests);
  await page.getByLabel("Message to the host (optional)").fill(stay.message);
}

async function pressPay(page: Page, id: string) {
  await page.getByRole("button", { name: "Continue: pay the access (5 000 FCFA)" }).click();
  await expect(page).toHaveURL(new RegExp(`/guest-house-payment\\?house=${id}$`));
}

/** Types the stay on the house's form and presses the pay button: ends on the access page for that house. */
async function askAndGoPay(page: Page, id: string, stay: Stay, js: boolean) {
  await typeStay(page, id, stay, js);
  await pressPay(page, id);
}

/** On the access page: MTN, a number, Pay; ends on the simulated checkout. */
async function startAccessPayment(page: Page, js: boolean) {
  await expect(page.getByRole("heading", { level: 1, name: "Guest-house access" })).toBeVisible();
  await page.getByLabel("MTN Mobile Money").check();
  await page.getByLabel("Mobile money number").fill("670112233");
  await page.getByRole("button", { name: "Pay 5 000 FCFA" }).click();
  await expect(page).toHaveURL(/\/simulated-checkout\/[A-Z0-9]+$/);
  if (js) {
    await page.waitForLoadState("networkidle");
    await settled(page);
  }
}

async function approveAccess(page: Page) {
  await page.getByRole("button", { name: "Approve 5 000 FCFA" }).click();
  await expect(page).toHaveURL(/\/payment-success\?ref=PAY-[A-Z0-9]+/, { timeout: 15_000 });
  await expect(page.getByText(/Your guest-house access is valid until/)).toBeVisible();
}

async function expectFilled(page: Page, id: string, stay: Stay) {
  await expect(page).toHaveURL(new RegExp(`/guest-house-booking/${id}$`));
  await expect(page.getByLabel("Check-in date")).toHaveValue(stay.checkIn);
  await expect(page.getByLabel("Check-out date")).toHaveValue(stay.checkOut);
  await expect(page.getByLabel("Number of guests")).toHaveValue(stay.guests);
  await expect(page.getByLabel("Message to the host (optional)")).toHaveValue(stay.message);
}

/** Sends the request as it stands: the browser leaves for wa.me (answered here) with the stay in the text. */
async function sendOnWhatsapp(page: Page, stay: Stay) {
  let text = "";
  await page.route(/^https:\/\/wa\.me\//, async (route) => {
    text = new URL(route.request().url()).searchParams.get("text") ?? "";
    await route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>WhatsApp</title><p>WhatsApp</p>" });
  });
  await page.getByRole("button", { name: "Send my request on WhatsApp" }).click();
  await expect(page).toHaveURL(/^https:\/\/wa\.me\//);
  expect(text).toContain(stay.message);
  await page.unroute(/^https:\/\/wa\.me\//);
}

async function otherBrowser(browser: Browser, js: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: js });
  return { context, page: await context.newPage() };
}

test.describe("guest-house booking: every way back to the filled form (issue 32)", () => {
  test("a second tab asking another house: each form comes back filled after one payment", async ({ page, context }, testInfo) => {
    const js = testInfo.project.name === "js";
    await newStudent(page, testInfo, "gh-tabs");
    const lodge = houseId(LODGE);
    const fako = houseId(FAKO);
    const first: Stay = { checkIn: isoDay(20), checkOut: isoDay(22), guests: "2", message: "Tab one: the lodge near the campus." };
    const second: Stay = { checkIn: isoDay(24), checkOut: isoDay(25), guests: "1", message: "Tab two: Fako View for my father." };

    await askAndGoPay(page, lodge, first, js);
    const tab = await context.newPage();
    await askAndGoPay(tab, fako, second, js);
    await startAccessPayment(tab, js);
    await approveAccess(tab);
    await tab.getByTestId("continue-booking").click();
    await expectFilled(tab, fako, second);
    await tab.close();

    // The first tab, still on its access page: the access is now valid, its form waited too.
    await page.reload();
    if (js) await settled(page);
    await page.getByTestId("continue-booking").click();
    await expectFilled(page, lodge, first);
    await sendOnWhatsapp(page, first);
  });

  test("the checkout finished in another browser: signing in there brings the form back filled", async ({ page, browser }, testInfo) => {
    const js = testInfo.project.name === "js";
    const email = await newStudent(page, testInfo, "gh-browser");
    const lodge = houseId(LODGE);
    const stay: Stay = {
      checkIn: isoDay(27),
      checkOut: isoDay(29),
      guests: "2",
      message: "Nous arrivons de Douala vers 18 h — merci d’avance !",
    };
    await askAndGoPay(page, lodge, stay, js);
    await startAccessPayment(page, js);
    const checkout = new URL(page.url()).pathname;

    // The provider's page opens in the phone's other browser, where nobody is signed in.
    const other = await otherBrowser(browser, js);
    try {
      const there = other.page;
      await there.goto(checkout);
      await expect(there).toHaveURL(/\/auth\/login\?redirectTo=/);
      if (js) await settled(there);
      await there.getByLabel("Email").fill(email);
      await there.getByLabel("Password", { exact: true }).fill("buea-2026");
      await there.getByRole("button", { name: "Sign in" }).click();
      await expect(there).toHaveURL(new RegExp(`${checkout}$`));
      if (js) {
        await there.waitForLoadState("networkidle");
        await settled(there);
      }
      await approveAccess(there);
      await there.getByTestId("continue-booking").click();
      await expectFilled(there, lodge, stay);
      await sendOnWhatsapp(there, stay);
    } finally {
      await other.context.close();
    }
  });

  test("paid from /profile after a declined payment and its retry: Continue your booking still leads to the filled form", async ({
    page,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    await newStudent(page, testInfo, "gh-profile");
    const fako = houseId(FAKO);
    const stay: Stay = { checkIn: isoDay(31), checkOut: isoDay(33), guests: "2", message: "Graduation week, two nights." };
    await askAndGoPay(page, fako, stay, js);

    // Elsewhere first; the access is paid from the profile's link, which knows no house.
    await page.goto("/profile");
    await page.getByTestId("platform-access").getByRole("link", { name: "Pay the access" }).click();
    await expect(page.getByText(`After paying you will come back to your request for ${FAKO}.`)).toBeVisible();
    await startAccessPayment(page, js);
    await page.getByRole("button", { name: "Decline" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment failed" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("link", { name: "Try again" }).click();
    await expect(page).toHaveURL(new RegExp(`/guest-house-payment\\?house=${fako}$`));
    await startAccessPayment(page, js);
    await approveAccess(page);
    await page.getByTestId("continue-booking").click();
    await expectFilled(page, fako, stay);
    await sendOnWhatsapp(page, stay);
  });

  test("the session ended while the form was open: signing in leads back to it with its dates and guests", async ({
    page,
    context,
  }, testInfo) => {
    const js = testInfo.project.name === "js";
    const email = await newStudent(page, testInfo, "gh-expired");
    const lodge = houseId(LODGE);
    const stay: Stay = { checkIn: isoDay(35), checkOut: isoDay(36), guests: "2", message: "Late arrival, around 22 h." };
    await typeStay(page, lodge, stay, js);
    // The session ends while the form is open (its cookie is gone: the server no longer knows it).
    await context.clearCookies();
    await page.getByRole("button", { name: "Continue: pay the access (5 000 FCFA)" }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirectTo=/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("buea-2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/guest-house-booking/${lodge}\\?`));
    await expect(page.getByLabel("Check-in date")).toHaveValue(stay.checkIn);
    await expect(page.getByLabel("Check-out date")).toHaveValue(stay.checkOut);
    await expect(page.getByLabel("Number of guests")).toHaveValue(stay.guests);
    // The message was not put in a URL: typed again, and on to the payment.
    await expect(page.getByLabel("Message to the host (optional)")).toHaveValue("");
    await page.getByLabel("Message to the host (optional)").fill(stay.message);
    await pressPay(page, lodge);
    await page.goto(`/guest-house-booking/${lodge}`);
    await expectFilled(page, lodge, stay);
  });
});
