import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureLogs } from "#infrastructure/logging/logger";
import { FixedClock } from "#domain/shared/clock";
import { SequentialIds } from "#domain/shared/ids";
import { CryptoSecretTokens } from "#infrastructure/auth/crypto-secret-tokens";
import { OtplibTotpAuthenticator } from "#infrastructure/auth/otplib-totp-authenticator";
import { loadConfig } from "#infrastructure/config/config";
import { createMailer } from "#infrastructure/mail/create-mailer";
import { defaultAccountEmails } from "#infrastructure/mail/default-account-emails";
import { OutboxMailer, readOutbox } from "#infrastructure/mail/outbox-mailer";
import { SmtpMailer } from "#infrastructure/mail/smtp-mailer";
import { InvalidStorageKeyError, LocalFileStorage } from "#infrastructure/storage/local-file-storage";
import { allDatabaseKinds, createTestDatabase, type TestDatabase, describeEachDatabase } from "../../support/test-database";

describe("LocalFileStorage", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kamernest-storage-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("puts, gets and deletes bytes with their content type", async () => {
    const storage = new LocalFileStorage(path.join(dir, "root"));
    const bytes = new Uint8Array([1, 2, 3, 250]);
    await storage.put("agent-documents/u1/d1.pdf", bytes, "application/pdf");
    expect(await storage.get("agent-documents/u1/d1.pdf")).toEqual({ bytes, contentType: "application/pdf" });
    await storage.put("agent-documents/u1/d1.pdf", new Uint8Array([9]), "application/pdf");
    expect((await storage.get("agent-documents/u1/d1.pdf"))?.bytes).toEqual(new Uint8Array([9]));
    await storage.delete("agent-documents/u1/d1.pdf");
    expect(await storage.get("agent-documents/u1/d1.pdf")).toBeNull();
    await storage.delete("agent-documents/u1/d1.pdf");
    expect(fs.readdirSync(path.join(dir, "root", "agent-documents", "u1"))).toEqual([]);
  });

  it.each(["../secret", "a/../../b", "/etc/passwd", "a//b", "a\\..\\b", ".hidden", "a/./b", "", "x.content-type", "C:/x", "a/b/"])(
    "refuses the key %j",
    async (key) => {
      const storage = new LocalFileStorage(path.join(dir, "root"));
      await expect(storage.put(key, new Uint8Array([1]), "text/plain")).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidStorageKeyError);
    },
  );
});

describe("CryptoSecretTokens", () => {
  const secrets = new CryptoSecretTokens();
  it("makes long URL-safe tokens that differ every time", () => {
    const a = secrets.token();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secrets.token()).not.toBe(a);
  });
  it("makes readable recovery codes without look-alike characters", () => {
    for (let i = 0; i < 50; i++) expect(secrets.recoveryCode()).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
  });
  it("hashes with SHA-256", () => {
    expect(secrets.hash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});

describe("OtplibTotpAuthenticator", () => {
  it("accepts the code of this step and one step either side, not two", () => {
    let now = Date.UTC(2026, 10, 22, 8, 0, 15);
    const totp = new OtplibTotpAuthenticator(() => now);
    const secret = totp.generateSecret();
    const code = totp.generate(secret);
    expect(totp.verify(code, secret)).toBe(true);
    now += 30_000;
    expect(totp.verify(code, secret)).toBe(true);
    now += 30_000;
    expect(totp.verify(code, secret)).toBe(false);
    expect(totp.verify(code, "not base32 !!")).toBe(false);
  });

  it("gives an otpauth URL for the KamerNest issuer and an SVG QR code", async () => {
    const totp = new OtplibTotpAuthenticator();
    const url = totp.keyUri("ngozi@example.cm", "JBSWY3DPEHPK3PXP");
    expect(url).toBe(
      "otpauth://totp/KamerNest:ngozi%40example.cm?secret=JBSWY3DPEHPK3PXP&period=30&digits=6&algorithm=SHA1&issuer=KamerNest",
    );
    expect(await totp.qrSvg(url)).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});

describe("default account e-mails", () => {
  it("write every e-mail in English and French with its link", () => {
    for (const language of ["en", "fr"] as const) {
      const c = defaultAccountEmails.confirmation({ name: "Ngozi", link: "https://k.test/auth/confirm?token=t", language });
      const r = defaultAccountEmails.passwordReset({ name: "Ngozi", link: "https://k.test/auth/reset-password?token=t", language });
      const a = defaultAccountEmails.agentApproved({ name: "Ngozi", language, portalUrl: "https://k.test/agents/properties" });
      const j = defaultAccountEmails.agentRejected({
        name: "Ngozi",
        language,
        reason: "Blurry",
        verificationUrl: "https://k.test/auth/agent-verification",
      });
      expect(c.text).toContain("https://k.test/auth/confirm?token=t");
      expect(r.text).toContain("https://k.test/auth/reset-password?token=t");
      expect(a.text).toContain("https://k.test/agents/properties");
      expect(j.text).toContain("Blurry");
      for (const m of [c, r, a, j]) expect(m.text).toContain("Ngozi");
    }
    expect(defaultAccountEmails.confirmation({ name: "N", link: "l", language: "fr" }).subject).not.toBe(
      defaultAccountEmails.confirmation({ name: "N", link: "l", language: "en" }).subject,
    );
  });
});

describeEachDatabase(allDatabaseKinds())("the outbox mailer on %s", (kind) => {
  let db: TestDatabase;
  beforeEach(async () => {
    db = await createTestDatabase(kind);
  });
  afterEach(() => db.destroy());

  it("stores each message, logs one line with its links (demo), and reads them back newest first", async () => {
    const clock = new FixedClock(new Date("2026-11-22T08:00:00Z"));
    const lines: string[] = [];
    const mailer = new OutboxMailer(db.db, new SequentialIds("mail"), clock, { logLinks: true, log: (l) => lines.push(l) });
    await mailer.send({ to: "a@example.cm", subject: "Confirm", text: "Open https://k.test/auth/confirm?token=abc now." });
    clock.advance(1000);
    await mailer.send({ to: "b@example.cm", subject: "Other", text: "No link", html: "<p>No link</p>" });
    clock.advance(1000);
    await mailer.send({ to: "a@example.cm", subject: "Reset", text: "https://k.test/auth/reset-password?token=x" });
    expect(lines[0]).toBe('[mail outbox] to=a@example.cm subject="Confirm" link=https://k.test/auth/confirm?token=abc');
    expect(lines).toHaveLength(3);
    expect((await readOutbox(db.db, { limit: 10 })).map((m) => m.subject)).toEqual(["Reset", "Other", "Confirm"]);
    expect((await readOutbox(db.db, { to: "A@example.cm", limit: 10 })).map((m) => m.subject)).toEqual(["Reset", "Confirm"]);
    expect(await readOutbox(db.db, { to: "b@example.cm", limit: 1 })).toEqual([
      {
        id: "mail-000002",
        to: "b@example.cm",
        subject: "Other",
        text: "No link",
        html: "<p>No link</p>",
        createdAt: new Date("2026-11-22T08:00:01Z"),
      },
    ]);
  });

  it("is chosen when SMTP_URL is empty; prints the links to the server log in demo mode only, never a token", async () => {
    const { lines } = await captureLogs(async () => {
      const demo = createMailer(
        loadConfig({ NODE_ENV: "test", DEMO_MODE: "true" }),
        db.db,
        new SequentialIds("m"),
        new FixedClock(new Date()),
      );
      expect(demo).toBeInstanceOf(OutboxMailer);
      await demo.send({ to: "a@example.cm", subject: "S", text: "https://k.test/x" });
      await demo.send({
        to: "a@example.cm",
        subject: "Reset",
        text: "Open https://k.test/auth/reset-password?token=demo-secret-token now",
      });

      const live = createMailer(
        loadConfig({ NODE_ENV: "test", DEMO_MODE: "false" }),
        db.db,
        new SequentialIds("n"),
        new FixedClock(new Date()),
      );
      expect(live).toBeInstanceOf(OutboxMailer);
      await live.send({ to: "a@example.cm", subject: "Reset", text: "Open https://k.test/auth/reset-password?token=secret-token now" });
    });
    expect(lines.map((l) => l.msg)).toEqual([
      '[mail outbox] to=a@example.cm subject="S" link=https://k.test/x',
      // Even in the demo the logger removes a token (decision 0137); the outbox keeps the whole link.
      '[mail outbox] to=a@example.cm subject="Reset" link=https://k.test/auth/reset-password?token=[REDACTED]',
      '[mail outbox] to=a@example.cm subject="Reset"',
    ]);
    expect(JSON.stringify(lines)).not.toContain("secret-token");
  });

  it("never logs a link unless asked to (the default outside the demo)", async () => {
    const lines: string[] = [];
    const mailer = new OutboxMailer(db.db, new SequentialIds("q"), new FixedClock(new Date()), { log: (l) => lines.push(l) });
    await mailer.send({ to: "a@example.cm", subject: "Confirm", text: "https://k.test/auth/confirm?token=abc" });
    expect(lines).toEqual(['[mail outbox] to=a@example.cm subject="Confirm"']);
  });
});

/** A minimal SMTP server that records the message data it receives. */
function fakeSmtpServer(): Promise<{ port: number; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      while (true) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write("250 queued\r\n");
          continue;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO" || verb === "HELO") socket.write("250 fake\r\n");
        else if (verb === "DATA") {
          inData = true;
          socket.write("354 go ahead\r\n");
        } else if (verb === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({ port, messages, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

describe("SmtpMailer", () => {
  it("delivers through the server in SMTP_URL, and is chosen when it is set", async () => {
    const smtp = await fakeSmtpServer();
    try {
      const config = loadConfig({ NODE_ENV: "test", SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "KamerNest <no-reply@k.test>" });
      const mailer = createMailer(config, undefined as never, new SequentialIds(), new FixedClock(new Date()));
      expect(mailer).toBeInstanceOf(SmtpMailer);
      await mailer.send({ to: "ngozi@example.cm", subject: "Hello Buea", text: "Open https://k.test/x" });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toContain("Subject: Hello Buea");
      expect(smtp.messages[0]).toContain("To: ngozi@example.cm");
      expect(smtp.messages[0]).toContain("From: KamerNest <no-reply@k.test>");
      expect(smtp.messages[0]).toContain("https://k.test/x");
    } finally {
      await smtp.close();
    }
  });
});
