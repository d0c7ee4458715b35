// Your data, your rights (issue 35), with JavaScript on and off: the demo student downloads
// everything held about them as one JSON file after re-entering the password.
import fs from "node:fs";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, logIn, newStudent } from "./booking-helpers";
import { withDb } from "./e2e-db";
import { logInAsDemoAgent } from "./demo-agent";

const DEMO_STUDENT = "student@kamernest.test";

test.describe("download my data", () => {
  test("the demo student downloads their data and finds their e-mail and payment reference", async ({ page }, testInfo) => {
    // A payment of their own to look for (the seed gives the demo student none); one per project.
    const reference = `PAY-E2E-DATA-${testInfo.project.name.toUpperCase()}`;
    withDb((db) => {
      const now = new Date().toISOString();
      db.prepare(
        `INSERT INTO payments (id, user_id, payment_gateway, payment_status, payment_type, amount, currency, method, phone, reference, created_at, updated_at)
         SELECT ?, id, 'simulated', 'failed', 'student_rental', 8000, 'XAF', 'mtn_momo', '670112233', ?, ?, ? FROM profiles WHERE email = ?`,
      ).run(`e2e-data-${testInfo.project.name}`, reference, now, now, DEMO_STUDENT);
    });
    await logIn(page, DEMO_STUDENT, DEMO_PASSWORD);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
    await page.getByRole("link", { name: "Download my data" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Download my data" })).toBeVisible();

    // A wrong password is refused with a message, and no file.
    await page.getByLabel("Password").fill("not-my-password");
    await page.getByRole("button", { name: "Download my data (JSON)" }).click();
    await expect(page.getByRole("alert").getByText("Your password is not correct.")).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/data\?refused=wrong_password$/);

    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download my data (JSON)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^kamernest-data-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(file.account.email).toBe(DEMO_STUDENT);
    expect(file.payments.map((p: { reference: string }) => p.reference)).toContain(reference);
    expect(JSON.stringify(file)).not.toContain("password");

    // The download is audited, without its contents.
    const audit = withDb(
      (db) =>
        db
          .prepare(
            `SELECT a.data FROM audit_log a JOIN profiles p ON p.id = a.actor_id WHERE p.email = ? AND a.action = 'data_rights.export_downloaded'`,
          )
          .all(DEMO_STUDENT) as Array<{ data: string }>,
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.map((a) => a.data).join()).not.toContain(reference);
  });

  test("the file is an attachment that no browser or proxy keeps, for a new student too", async ({ page }, testInfo) => {
    const email = await newStudent(page, testInfo, "data-download");
    const refused = await page.request.post("/profile/data/download", { form: { password: "wrong" } });
    // Sent back to the page, which says why with a 400.
    expect(refused.status()).toBe(400);
    expect(refused.url()).toMatch(/\/profile\/data\?refused=wrong_password$/);
    const response = await page.request.post("/profile/data/download", { form: { password: "buea-2026" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect(response.headers()["content-disposition"]).toMatch(/^attachment; filename="kamernest-data-/);
    const file = await response.json();
    expect(file.account.email).toBe(email);
    expect(JSON.stringify(file)).not.toContain(DEMO_STUDENT);
  });

  test("the page at 360 px, in English and French", async ({ page }, testInfo) => {
    await logIn(page, DEMO_STUDENT, DEMO_PASSWORD);
    // After signing in: at 360 px the header's Login link is in the closed menu, which logIn's check cannot see.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/profile/data");
    await page.screenshot({ path: `test-results/data-rights-download-en-${testInfo.project.name}.png`, fullPage: true });
    const kn_lang = Buffer.from(JSON.stringify("fr")).toString("base64");
    await page.context().addCookies([{ name: "kn_lang", value: kn_lang, url: new URL(page.url()).origin }]);
    await page.goto("/profile/data");
    await expect(page.getByRole("heading", { level: 1, name: "Télécharger mes données" })).toBeVisible();
    await page.screenshot({ path: `test-results/data-rights-download-fr-${testInfo.project.name}.png`, fullPage: true });
  });
});

test.describe("close my account", () => {
  test("a new student closes their account, cannot sign in, and their payment stays without their name", async ({ page }, testInfo) => {
    const email = await newStudent(page, testInfo, "closer");
    const reference = `PAY-E2E-CLOSE-${testInfo.project.name.toUpperCase()}`;
    withDb((db) => {
      const now = new Date().toISOString();
      db.prepare(
        `INSERT INTO payments (id, user_id, payment_gateway, payment_status, payment_type, amount, currency, method, phone, reference, confirmed_at, created_at, updated_at)
         SELECT ?, id, 'simulated', 'successful', 'student_rental', 8000, 'XAF', 'mtn_momo', '677123456', ?, ?, ?, ? FROM profiles WHERE email = ?`,
      ).run(`e2e-close-${testInfo.project.name}`, reference, now, now, now, email);
    });
    await page.goto("/profile");
    await page.getByRole("link", { name: "Close my account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Close my account" })).toBeVisible();
    await page.getByLabel("Password").fill("buea-2026");
    await page.getByLabel("I understand that closing my account is final.").check();
    await page.getByRole("button", { name: "Close my account" }).click();
    await expect(page.getByText("Your account is closed. Thank you for using KamerNest.")).toBeVisible();

    // Signed out at once, and the old address and password no longer sign in.
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("buea-2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByText("Invalid email or password.", { exact: false })).toBeVisible();

    const row = withDb(
      (db) =>
        db
          .prepare(
            `SELECT p.reference, p.amount, p.phone, u.full_name, u.email FROM payments p JOIN profiles u ON u.id = p.user_id WHERE p.reference = ?`,
          )
          .get(reference) as { reference: string; amount: number; phone: string | null; full_name: string; email: string },
    );
    expect(row).toMatchObject({ reference, amount: 8000, phone: null, full_name: "Former user" });
    expect(row.email).not.toBe(email);
    expect(JSON.stringify(row)).not.toContain("Ngozi");
  });

  test("an agent with an upcoming visit is told why they cannot close yet", async ({ page }) => {
    await logInAsDemoAgent(page, "/profile/close");
    await expect(page.getByRole("heading", { name: "Your account cannot be closed yet" })).toBeVisible();
    await expect(page.getByText("Students have visits booked on your listings for today or later", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Close my account" })).toHaveCount(0);
  });

  test("the closing page at 360 px, in English and French", async ({ page }, testInfo) => {
    await newStudent(page, testInfo, "close-look");
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/profile");
    await page.locator("#your-data").screenshot({ path: `test-results/data-rights-profile-section-en-${testInfo.project.name}.png` });
    await page.goto("/profile/close");
    await page.screenshot({ path: `test-results/data-rights-close-en-${testInfo.project.name}.png`, fullPage: true });
    const kn_lang = Buffer.from(JSON.stringify("fr")).toString("base64");
    await page.context().addCookies([{ name: "kn_lang", value: kn_lang, url: new URL(page.url()).origin }]);
    await page.goto("/profile/close");
    await expect(page.getByRole("heading", { level: 1, name: "Fermer mon compte" })).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Vos données" })).toBeVisible();
    await page.locator("#your-data").screenshot({ path: `test-results/data-rights-profile-section-fr-${testInfo.project.name}.png` });
    await page.screenshot({ path: `test-results/data-rights-close-fr-${testInfo.project.name}.png`, fullPage: true });
  });
});

test("the privacy policy and the FAQ say how to download data and close an account, in English and French", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByText("You can download everything we hold about you from your profile", { exact: false })).toBeVisible();
  await expect(page.getByText("close your account yourself from your profile", { exact: false })).toBeVisible();
  await page.goto("/faq");
  await expect(page.getByText("From your profile: Your data → Close my account", { exact: false })).toBeAttached();
  await page.goto("/privacy?lng=fr");
  await expect(
    page.getByText("Vous pouvez télécharger tout ce que nous détenons sur vous depuis votre profil", { exact: false }),
  ).toBeVisible();
});
